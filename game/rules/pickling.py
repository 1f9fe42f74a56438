"""How the engine's objects are pickled when compiled: the balance lab sends positions, boards and
catalogs to its worker processes and to a Dask cluster.

Interpreted, Python pickles them on its own. Compiled (`game.native`), a class is native: a
frozen dataclass refuses the attribute writes of unpickling, and a class whose constructor takes
arguments cannot be made without them. `when_compiled(...)` gives such classes a reducer that
rebuilds each through its constructor: a dataclass from its fields, any other class from the
arguments `args_of` names and then every attribute the compiled class declares. Interpreted, it
does nothing, so the interpreted engine pickles exactly as before. This module always runs
interpreted.
"""
from __future__ import annotations

import copyreg
from dataclasses import MISSING, fields, is_dataclass
from typing import Any, Callable


def native(cls: type) -> bool:
    """Is `cls` a compiled (mypyc) class? Such a class lists its attributes in `__mypyc_attrs__`."""
    return "__mypyc_attrs__" in cls.__dict__


def rebuilt(cls: type, args: tuple[Any, ...], parts: dict[str, Any]) -> Any:
    """An object of `cls` made by its constructor with `args`, then given `parts`."""
    obj = cls(*args)
    for name, value in parts.items():
        setattr(obj, name, value)
    return obj


def _by_fields(obj: Any) -> tuple[Any, ...]:
    """A dataclass by its constructor's fields; a private field with a default is a cache, made
    again empty on the other side."""
    cached = {f.name for f in fields(obj) if f.name.startswith("_") and (
        f.default is not MISSING or f.default_factory is not MISSING)}
    return made, (type(obj), {f.name: getattr(obj, f.name) for f in fields(obj)
                               if f.init and f.name not in cached})


def made(cls: type, kwargs: dict[str, Any]) -> Any:
    """An object of `cls` made by its constructor with `kwargs`."""
    return cls(**kwargs)


def _by_attributes(args_of: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], tuple[Any, ...]]:
    def reduce(obj: Any) -> tuple[Any, ...]:
        cls = type(obj)
        names = [n for n in cls.__dict__["__mypyc_attrs__"] if not n.startswith("__")]
        return rebuilt, (cls, args_of(obj), {n: getattr(obj, n) for n in names if hasattr(obj, n)})
    return reduce


def when_compiled(*classes: type, args_of: Callable[[Any], tuple[Any, ...]] | None = None) -> None:
    """Register the reducers above for those of `classes` that are compiled: dataclasses by their
    fields, others through `args_of(obj)` (the constructor's arguments) and their attributes."""
    for cls in classes:
        if not native(cls):
            continue
        if is_dataclass(cls):
            copyreg.pickle(cls, _by_fields)
        elif args_of is not None:
            copyreg.pickle(cls, _by_attributes(args_of))
        else:
            raise TypeError(f"{cls.__name__}: a compiled class that is not a dataclass needs args_of")
