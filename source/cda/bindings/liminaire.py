"""The front matter: the years of the copyright, the numbers and dates of the revisions."""

from . import binder


@binder.prose(contains="2003-2004")
def copyright(year) -> None:
    year.waive("{}-{}", "the years of the copyright")


def _revision(numero: str, date: str) -> None:
    @binder.prose(contains=numero)
    def revnumber(element) -> None:
        element.waive("{}", "a version number of the book")

    @binder.prose(contains=date)
    def revision_date(element) -> None:
        element.waive("{}-{}-{}", "the date of a revision")


for _numero, _date in (
    ("1.3", "2004-01-19"),
    ("1.2", "2003-09-03"),
    ("1.1", "2003-07-27"),
    ("1.0", "2003-06-30"),
):
    _revision(_numero, _date)
