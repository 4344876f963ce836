"""rulebook: read, validate, cross-check and render tabletop role-playing rulebooks in DocBook."""


def __getattr__(name: str) -> str:
    """`__version__`, looked up on first use: importlib.metadata costs every command 45 ms."""
    if name != "__version__":
        raise AttributeError(f"module 'build_tools' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("rulebook")
    except PackageNotFoundError:  # run from a source tree that is not installed
        found = "0.0.0+source"
    globals()["__version__"] = found
    return found
