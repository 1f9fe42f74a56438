"""How the engine's objects are pickled when compiled: the balance lab sends positions, boards and
catalogs to its worker processes and to a Dask cluster.

Interpreted, Python pickles them on its own. Compiled (`game.native`), a class is native: a
frozen dataclass refuses the attribute writes of unpickling, and a class whose constructor takes
arguments cannot be made without them. `when_compiled(...)` gives such dataclasses a reducer that
rebuilds each through its constructor from its fields; interpreted, it does nothing, so they
pickle exactly as before; `by_keywords_when_compiled(...)` does the same for a class made from
keywords (an effect block, from its parameters as given). `by_parts(...)`, compiled or not,
rebuilds a class through its constructor with the arguments `args_of` names and then gives it
every attribute but those it is told to forget: a game state forgets what `legal_actions` listed,
whose intents `apply` finds by identity, which means nothing in another process. This module always runs interpreted. (Why a compiled
class must be registered here is the third of the things compiled code may not do, listed in
`game.native`; the bots' compiled modules import it from here, not from the engine's face.)
"""
from __future__ import annotations

import copyreg
from dataclasses import MISSING, fields, is_dataclass
from typing import Any, Callable

#: what the modules outside the engine that are compiled (the bots') may use
__all__ = ["by_keywords_when_compiled", "by_parts", "when_compiled"]


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


def by_parts(cls: type, args_of: Callable[[Any], tuple[Any, ...]], forget: tuple[str, ...] = ()) -> None:
    """Pickle `cls` (a class with `__slots__`) through its constructor with `args_of(obj)`, then
    every attribute, those named in `forget` given as None."""
    def reduce(obj: Any) -> tuple[Any, ...]:
        names = obj.__class__.__dict__.get("__mypyc_attrs__") or obj.__class__.__slots__
        parts = {n: getattr(obj, n) for n in names if not n.startswith("__") and hasattr(obj, n)}
        parts.update(dict.fromkeys(forget))
        return rebuilt, (obj.__class__, args_of(obj), parts)
    copyreg.pickle(cls, reduce)


def rebuilt_by_keywords(cls: type, kwargs: dict[str, Any], parts: dict[str, Any]) -> Any:
    """An object of `cls` made by its constructor with `kwargs`, then given `parts`."""
    obj = cls(**kwargs)
    for name, value in parts.items():
        setattr(obj, name, value)
    return obj


def by_keywords_when_compiled(cls: type, kwargs_of: Callable[[Any], dict[str, Any]]) -> None:
    """When `cls` is compiled, pickle it through its constructor with the keywords
    `kwargs_of(obj)`, then every attribute (an effect block, made from its parameters);
    interpreted, it does nothing, so it pickles exactly as before."""
    if not native(cls):
        return

    def reduce(obj: Any) -> tuple[Any, ...]:
        names = obj.__class__.__dict__["__mypyc_attrs__"]
        parts = {n: getattr(obj, n) for n in names if not n.startswith("__") and hasattr(obj, n)}
        return rebuilt_by_keywords, (obj.__class__, kwargs_of(obj), parts)
    copyreg.pickle(cls, reduce)


def when_compiled(*classes: type) -> None:
    """Register the reducer by fields above for those of the dataclasses `classes` that are
    compiled."""
    for cls in classes:
        if not native(cls):
            continue
        if not is_dataclass(cls):
            raise TypeError(f"{cls.__name__}: a compiled class that is not a dataclass: use by_parts")
        copyreg.pickle(cls, _by_fields)
