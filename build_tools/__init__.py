"""rulebook: read, validate, cross-check and render tabletop role-playing rulebooks in DocBook."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("rulebook")
except PackageNotFoundError:  # run from a source tree that is not installed
    __version__ = "0.0.0+source"
