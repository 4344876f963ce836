"""Renderers: one module per output format, each with `render(context) -> list[Path]`."""
