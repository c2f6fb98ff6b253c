"""core.frozen.fast_init: the same instances as the dataclass's own __init__, built cheaper."""
from __future__ import annotations

import dataclasses
import inspect
import pickle
from dataclasses import InitVar, dataclass, field

import pytest

from machinepsych.core.frozen import fast_init
from machinepsych.core.play import Step
from machinepsych.core.types import ModelCall, Observation, TextPart, Turn, Usage
from machinepsych.models.base import Completion, GenerateOptions
from machinepsych.participants.base import Exchange


def _pair():
    """The same frozen dataclass twice: as dataclasses builds it, and through fast_init."""
    def make():
        @dataclass(frozen=True)
        class Rec:
            a: int
            b: str = "x"
            c: list = field(default_factory=list)
            d: float | None = None

            def __post_init__(self):
                if self.a < 0:
                    raise ValueError("a must be >= 0")
        return Rec
    return make(), fast_init(make())


def test_same_signature_values_and_behaviour():
    plain, fast = _pair()
    assert fast.__init__ is not plain.__init__
    assert inspect.signature(fast.__init__) == inspect.signature(plain.__init__)
    for args, kwargs in [((1,), {}), ((2, "y"), {"d": 0.5}), ((), {"a": 3, "c": [1]})]:
        p, f = plain(*args, **kwargs), fast(*args, **kwargs)
        assert dataclasses.astuple(p) == dataclasses.astuple(f)
        assert repr(p).split("(", 1)[1] == repr(f).split("(", 1)[1]
    f1, f2 = fast(1), fast(1)
    assert f1.c == [] and f1.c is not f2.c  # the default factory is called per instance
    assert f1 == f2 and hash(fast(1, c=(), d=2.0)) == hash(fast(1, c=(), d=2.0)) and f1 != fast(2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        f1.a = 5
    with pytest.raises(ValueError, match="a must be"):  # __post_init__ still runs
        fast(-1)
    with pytest.raises(TypeError):  # a missing argument fails as it did
        fast()
    with pytest.raises(TypeError):
        fast(1, e=2)
    assert dataclasses.replace(fast(1, "q"), a=4) == fast(4, "q")
    call = ModelCall("answer", (), "r", Usage(4, 1), 0.1, "m")
    assert pickle.loads(pickle.dumps(call)) == call


def test_classes_it_cannot_rebuild_are_left_as_they_are():
    @dataclass(frozen=True)
    class WithInitVar:
        a: int
        scale: InitVar[int] = 1

        def __post_init__(self, scale):
            object.__setattr__(self, "a", self.a * scale)

    @dataclass(frozen=True, kw_only=True)
    class KwOnly:
        a: int

    @dataclass(frozen=True, slots=True)
    class Slotted:
        a: int

    @dataclass
    class NotFrozen:
        a: int

    for cls in (WithInitVar, KwOnly, Slotted, NotFrozen):
        init = cls.__init__
        assert fast_init(cls).__init__ is init
    assert WithInitVar(2, 3).a == 6


def test_the_runners_records_are_built_by_it():
    for cls in (TextPart, Observation, Usage, ModelCall, Turn, Step, GenerateOptions, Completion, Exchange):
        assert "_fi_d" in cls.__init__.__code__.co_varnames, cls
    call = ModelCall("answer", (), "Selection: 2", Usage(40, 3), 0.05, "m")
    assert call.attempts == 1 and call.errors == () and call.logprobs is None
    assert Observation(0, {}, (TextPart("a"),)).hidden == {}
    assert Turn("r", 1, "parsed", (call,)).usage == Usage(40, 3)
