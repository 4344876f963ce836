"""The rules of Les Clefs de l'Aube, one module per chapter of the book.

Modules import what they need from each other by name, e.g.
``from .actions import cible_a_atteindre``.
"""
