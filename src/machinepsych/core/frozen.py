"""Frozen dataclasses whose construction costs what a plain class's does.

A frozen dataclass's generated ``__init__`` sets each field through
``object.__setattr__`` (its own ``__setattr__`` refuses), which makes it about three times
slower to build than the same class unfrozen. A model call builds a dozen of them (its
messages, the call, its usage, the turn, the observation, the step's result), so that was a
measurable share of the runner's CPU per call. :func:`fast_init` gives such a class an
``__init__`` with the same signature (fields, order, defaults, default factories) that
writes the fields into the instance's ``__dict__`` and then calls ``__post_init__`` as the
generated one does. Everything else stays the dataclass's own: the instance is still
frozen (assignment raises), and equality, hashing, ``repr``, ``replace`` and pickling are
unchanged. A class it cannot rebuild exactly (slots, keyword-only or init-less fields, init
variables) is returned as it is.
"""
from __future__ import annotations

import dataclasses

# "use the field's default factory": the generated __init__'s own marker (shown as <factory>)
_FACTORY = dataclasses._HAS_DEFAULT_FACTORY


def fast_init(cls: type) -> type:
    """``cls`` (a frozen dataclass) with the cheaper ``__init__`` described above."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or not params.init or "__slots__" in cls.__dict__:
        return cls
    all_fields = cls.__dataclass_fields__.values()
    if any(f._field_type is not dataclasses._FIELD for f in all_fields if f._field_type is not dataclasses._FIELD_CLASSVAR):
        return cls  # an InitVar: __post_init__ takes arguments
    fields = [f for f in all_fields if f._field_type is dataclasses._FIELD]
    if any(not f.init or f.kw_only or f.name == "self" or f.name.startswith("_fi_") for f in fields):
        return cls
    ns: dict = {"_fi_factory": _FACTORY}
    args, body = [], []
    for i, f in enumerate(fields):
        if f.default is not dataclasses.MISSING:
            ns[f"_fi_default{i}"] = f.default
            args.append(f"{f.name}=_fi_default{i}")
        elif f.default_factory is not dataclasses.MISSING:
            ns[f"_fi_make{i}"] = f.default_factory
            args.append(f"{f.name}=_fi_factory")
            body.append(f"    if {f.name} is _fi_factory: {f.name} = _fi_make{i}()")
        else:
            args.append(f.name)
    body.append("    _fi_d = self.__dict__")
    body += [f"    _fi_d[{f.name!r}] = {f.name}" for f in fields]
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    src = f"def __init__(self, {', '.join(args)}):\n" + "\n".join(body) + "\n"
    exec(src, ns)  # noqa: S102 - code built from the class's own field names
    init = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__annotations__ = dict(cls.__init__.__annotations__)
    cls.__init__ = init
    return cls
