"""Les règles de {{ title }}, comme le livre les énonce."""

from . import jets

__all__ = ["jets"]
