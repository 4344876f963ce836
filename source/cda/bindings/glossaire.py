"""Bindings of the glossary « la terminologie »: every definition that states a value."""

from build_tools.game import comparison, operation

from ..rules import actions, avance, combat, personnages, sante
from . import affirmer, binder


@binder.glossary(term="niveau de compétence")
def niveau_de_competence(entry):
    bornes = (personnages.NIVEAU_DE_COMPETENCE_MINIMUM, personnages.NIVEAU_DE_COMPETENCE_MAXIMUM)
    entry.claim("un chiffre entre {} et {}", bornes)


@binder.glossary(term="bonus de compétence")
def bonus_de_competence(entry):
    # « Le NC moins 10 »: the BC of a NC of 0 is minus what is taken off.
    entry.word(
        "Il est [] à l'aspect",
        operation(lambda aspect, bc: actions.cible_a_atteindre(aspect, 0, bc), "ajout"),
    )
    entry.waive_words("« cible à atteindre » : le nom de la CA, pas un seuil", "atteindre")
    entry.claim("moins {}.", -personnages.bonus_de_competence(0))


def _niveau_de_connaissance(term: str):
    def binding(entry):
        entry.claim("valant {}", personnages.niveau_de_competence(term))

    binding.__name__ = f"niveau_{term}"
    binder.glossary(term=term)(binding)


for _term in ("profane", "apprenti", "compagnon", "disciple", "maître"):
    _niveau_de_connaissance(_term)


@binder.glossary(term="cible à atteindre")
def cible_a_atteindre(entry):
    # « la valeur maximale qu'il faut atteindre sur un d20 »: a die equal to the CA succeeds.
    egal = actions.jet(10, 10)
    entry.word("qu'il faut [] sur", "atteindre" if egal.reussite else "dépasser")
    entry.word(
        "l'aspect [] du moyen",
        operation(lambda aspect, moyen: actions.cible_a_atteindre(aspect, moyen), "ajout"),
    )
    entry.claim("sur un d{}", actions.DE_D_ACTION)


@binder.glossary(term="réussite automatique")
def reussite_automatique(entry):
    entry.claim("supérieure ou égale à {}", actions.REUSSITE_AUTOMATIQUE_DES)


@binder.glossary(term="échec automatique")
def echec_automatique(entry):
    # « inférieure à N »: N is the lowest CA that is not an échec automatique.
    premiere = next(
        cible
        for cible in range(0, actions.DE_D_ACTION)
        if actions.niveau_de_reussite_automatique(cible) != "échec automatique"
    )
    entry.claim("est inférieure à {}.", premiere)


@binder.glossary(term="degré de réussite")
def degre_de_reussite(entry):
    entry.claim("obtenu sur le d{}", actions.DE_D_ACTION)
    # « lorsque celui-ci est inférieur à la CA »: a die equal to the CA succeeds too. The words
    # affirmed start at the rule's (« lorsque » may be reworded « quand »); the id keeps them.
    egal = actions.jet(10, 10)
    entry.affirm(
        "celui-ci est inférieur à la",
        not egal.reussite,
        rules_give=f"un °R de {egal.degre} pour un d20 de 10 à une CA de 10 : le dé réussit quand"
        " il est « inférieur ou égal » à la CA (chapitre « les actions » ; glossaire « réussite"
        " normale »)",
        key="lorsque celui-ci est inférieur",
        reads="celui-ci est inférieur ou égal à la",
    )
    # On a forced 1 the °R is the CA rather than the die only where the CA is
    # below the die's 1: at a CA of 1 both are 1.
    with entry.working() as essais:
        plus_petite = min(
            cible
            for cible in range(-actions.DE_D_ACTION, actions.DE_D_ACTION + 1)
            if actions.degre_de_reussite(cible, 1) == 1
        )
    # the working is the boundary, not every CA tried: °R = CA just below it, 1 at it
    entry.claim(
        "dernière est inférieur à {} mais",
        plus_petite,
        working=essais.of(actions.degre_de_reussite, cible=plus_petite - 1, de=1)
        + essais.of(actions.degre_de_reussite, cible=plus_petite, de=1),
    )
    entry.claim("le dé fait exactement {}.", 1)  # the lowest face of the d20


@binder.glossary(term="degré d'échec")
def degre_d_echec(entry):
    entry.waive_words("« cible à atteindre » : le nom de la CA, pas un seuil", "atteindre")
    ca = 10
    entry.word(
        "le premier est [] à cette",
        comparison(lambda de: not actions.jet(ca, de).reussite, ca),
    )
    entry.claim("obtenu sur le d{}", actions.DE_D_ACTION)
    # The face that is an échec even at a CA of 20.
    (toujours,) = actions.faces_echouees(actions.REUSSITE_AUTOMATIQUE_DES)
    entry.claim("le dé vaut précisément {}.", toujours)


@binder.glossary(term="niveau d'héroïsme")
def niveau_d_heroisme(entry):
    entry.claim("Lorsque l'héroïsme vaut {},", avance.NIVEAU_OMIS)


HOMONYME = (
    "« Manœuvre qui consiste à … » : le nom commun que l'entrée définit (une manœuvre de"
    " parade est une manœuvre), pas le moyen Manœuvre"
)


@binder.glossary(term="manœuvre de parade")
def manoeuvre_de_parade(entry):
    entry.waive_words(HOMONYME, "Manœuvre")
    entry.claim("bonus de {} sur son", combat.bonus_de_manoeuvre("MP"))


@binder.glossary(term="manœuvre de dommage")
def manoeuvre_de_dommage(entry):
    # « le °R est ajouté au BD - 5 »: the text writes the malus after a minus sign.
    entry.waive_words(HOMONYME, "Manœuvre")
    entry.claim("ajouté au bonus de dommage - {} pour donner", -combat.bonus_de_manoeuvre("MD"))


@binder.glossary(term="points de fatigue")
def points_de_fatigue(entry):
    entry.waive_words("« cible à atteindre » : le nom de la CA, pas un seuil", "atteindre")
    entry.claim("Chaque point diminue de {} les", sante.handicap_de_fatigue(1))
    entry.claim("au rythme de {} point aux {} minutes", sante.RECUPERATION)


def _blessure(gravite: str):
    def binding(entry):
        # The wound the definition speaks of is the entry's own.
        entry.word("une [] met", gravite)
        duree, unite = sante.DUREE_DE_GUERISON[gravite]
        if gravite == "légère":  # « environ deux jours »: a count in words
            entry.claim(f"environ {{}} {unite}", duree)
        else:
            entry.claim(f"au moins {{}} {unite}", duree)
        entry.claim(
            "empêche de récupérer {} points de fatigue.", sante.limite_de_recuperation(gravite)
        )
        if sante.BLESSURES_MAXIMALES[gravite] > 1:  # the critique's « qu'une seule » is a word
            entry.claim("en recevoir {} avant", sante.BLESSURES_MAXIMALES[gravite])
        else:
            entry.waive_words(
                "« qu'une seule avant qu'elle ne lui soit fatale » : un compte", "avant"
            )

    binding.__name__ = f"blessure_{gravite}"
    binder.glossary(term=f"blessure {gravite}")(binding)


for _gravite in sante.GRAVITES:
    _blessure(_gravite)


@binder.glossary(term="facteur d'attaque")
def facteur_d_attaque(entry):
    # The FA is what the TP takes off CA + BP.
    parade = combat.total_de_parade(10, 3)
    entry.word("[] du total de parade", "retirer" if parade < 10 + 3 else "ajouter")
    entry.claim("Sa valeur actuelle est de {}.", -combat.total_de_parade(0, 0))


@binder.glossary(term="facteur de mortalité")
def facteur_de_mortalite(entry):
    # « Un ajustement qui se retire de l'encaissement »: the FM is 0; the rules at another FM
    entry.word(
        "qui se [] de",
        operation(lambda enc, f: combat.encaissement_a_un_facteur(enc, 0, f), "ajout"),
    )
    entry.claim("Sa valeur actuelle est de {}.", avance.FACTEUR_DE_MORTALITE)


@binder.glossary(term="niveau de dommage")
def niveau_de_dommage(entry):
    # « Un niveau qui une fois soustrait à la °R du jet d'encaissement » reads
    # °R − Dom; the rules (and the entry « jet d'encaissement ») take the °R off the Dom.
    # Any Dom above the °R shows the direction; 10 and 3 are only an illustration.
    effectifs = sante.dommages_effectifs(10, 3)
    affirmer(
        entry,
        "Un niveau qui une fois soustrait à la degré de réussite du jet d'encaissement donne le",
        effectifs == 3 - 10,
        f"Dom − °R : un Dom de 10 et un °R de 3 donnent {effectifs} dommages effectifs, non 3 − 10",
        lire="Un niveau duquel le degré de réussite du jet d'encaissement est soustrait pour "
        "donner le",
    )
