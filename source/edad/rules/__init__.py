"""The rules of Edad 0.2, one module per subject of the book.

- `personnage`: caractéristiques, bonus, compétences, points de vie;
- `jets`: the d20 that re-rolls on 1 and 20, opposed rolls, catégories d'écart;
- `file`: initiative, the queue of combatants, réactivité;
- `equipement`: points de vie des objets, bonus de parade;
- `dons`: the feats as data, and their prerequisites as a graph;
- `magie`: temps d'incantation, which spells a magician may learn.
"""

from . import dons, equipement, file, jets, magie, personnage

__all__ = ["dons", "equipement", "file", "jets", "magie", "personnage"]
