"""CogBench materials: the corpus the package ships, and the released files read from a user's copy.

Both end up as the same :class:`Material` per topic: ten statements, the information flow of
every iteration (iteration 0 has none) and, where known, the reference ratings.

* The shipped corpus (``corpus.json``, written for this package and licensed with it) has
  three topics from different categories, four profiles with the 22 template attributes, and
  per topic ten short articles (CogBench-a style) and ten sets of three short video texts
  (CogBench-v style). Every flow carries a stance label (+1 favourable to the topic's
  enthusiasts, -1 favourable to its critics) and every statement a polarity, which the
  **synthetic** scripted reference (:func:`synthetic_reference`) is computed from. There are no
  human ratings in it.
* The released format (``profile.json``, ``cogbench_a.json`` / ``cogbench_v.json``,
  ``eval_cogbench_a.json`` / ``eval_cogbench_v.json``): records of ``topic``, ``iteration``
  (0..10, in order per topic), ``information_flow`` (strings, or objects whose non-empty values
  are joined with newlines; elements joined with blank lines) and ``questionnaire`` (objects
  with ``question``); eval files add ``profile`` and, per item, ``answer`` with
  ``human_rating`` (1-5, -1 = not annotated) and one object per evaluated method.
  :func:`load_released` validates it and names the file, record and field of any problem.
"""
from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from machinepsych.core.errors import ConfigError

PROFILE_KEYS = ("Name", "Gender", "Age", "Place of Birth", "Occupation", "Height", "Weight", "Distinguishing Marks",
                "Personality", "Hobbies", "Skills", "Dislikes", "Values", "Religious Beliefs",
                "Interpersonal Relationships", "Flaws", "External Environment", "Financial Status",
                "Family Background", "Educational Background", "Significant Experiences", "Future Outlook")
ITERATIONS = 10
NOT_RATED = -1


@dataclass(frozen=True)
class Material:
    """One topic of one benchmark: statements, flows[t] for t = 0..10 (flows[0] == ""), and
    optionally the stance labels of the flows (shipped corpus), per-statement polarity, the
    released reference ratings ``human[t][j]`` (None where not annotated), the profile the
    released eval file pairs with the topic, and the released methods' answers."""

    topic: str
    category: str
    statements: tuple[str, ...]
    flows: tuple[str, ...]
    stance: tuple[int, ...] = ()
    polarity: tuple[int, ...] = ()
    cues: dict[str, tuple[str, ...]] = field(default_factory=dict)
    human: tuple[tuple[int | None, ...], ...] = ()
    profile: dict[str, str] | None = None


@dataclass(frozen=True)
class Dataset:
    source: str  # "shipped" or the released file's path
    benchmark: str  # "a" or "v"
    profiles: tuple[dict[str, str], ...]
    topics: tuple[Material, ...]
    sha256: str = ""

    def topic(self, name: str, profile: str | None = None) -> Material:
        """The topic's material; where an eval file has the topic read by several profiles, the
        one paired with ``profile`` (a Name) if given, else the first."""
        found = [m for m in self.topics if m.topic.lower() == name.lower()]
        if profile:
            found = [m for m in found if (m.profile or {}).get("Name", "").lower() == profile.lower()] or found
        if found:
            return found[0]
        from machinepsych.core.errors import UnknownNameError

        raise UnknownNameError("CogBench topic", name, list(dict.fromkeys(m.topic for m in self.topics)))

    def profile(self, name: str) -> dict[str, str]:
        for p in self.profiles:
            if p.get("Name", "").lower() == name.lower():
                return p
        from machinepsych.core.errors import UnknownNameError

        raise UnknownNameError("CogBench profile", name, [p.get("Name", "") for p in self.profiles])


def profile_text(profile: dict[str, Any]) -> str:
    """The profile as "Key: value" lines, template keys first in template order."""
    keys = [k for k in PROFILE_KEYS if k in profile] + [k for k in profile if k not in PROFILE_KEYS]
    return "\n".join(f"{k}: {profile[k]}" for k in keys)


# ----------------------------------------------------------------------------- shipped corpus
@lru_cache(maxsize=1)
def _corpus() -> dict:
    return json.loads(resources.files(__package__).joinpath("corpus.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=2)
def shipped(benchmark: str) -> Dataset:
    """The shipped corpus as CogBench-a (one article per iteration) or -v (three video texts)."""
    raw = _corpus()
    topics = []
    for t in raw["topics"]:
        if benchmark == "a":
            flows = ("",) + tuple(t["articles"])
        else:
            flows = ("",) + tuple("\n\n".join(v) for v in t["videos"])
        topics.append(Material(t["topic"], t["category"], tuple(s["text"] for s in t["statements"]), flows,
                               tuple(t["stance"]), tuple(s["polarity"] for s in t["statements"]),
                               {k: tuple(v) for k, v in t["cues"].items()}))
    return Dataset("shipped", benchmark, tuple(raw["profiles"]), tuple(topics))


def corpus_size() -> dict[str, int]:
    """Counts and word totals of the shipped corpus (the docs state them)."""
    raw = _corpus()
    art = [a for t in raw["topics"] for a in t["articles"]]
    vid = [v for t in raw["topics"] for vs in t["videos"] for v in vs]
    return {"topics": len(raw["topics"]), "profiles": len(raw["profiles"]),
            "statements": sum(len(t["statements"]) for t in raw["topics"]), "articles": len(art),
            "article_words": sum(len(a.split()) for a in art), "videos": len(vid),
            "video_words": sum(len(v.split()) for v in vid)}


def affinity(profile: dict[str, Any], cues: dict[str, tuple[str, ...]]) -> int:
    """+1 / -1 / 0: whether the profile's text leans to the topic's enthusiasts or critics,
    by counting the topic's cue words in it (public information: the profile itself)."""
    text = profile_text(profile).lower()
    pro = sum(text.count(w) for w in cues.get("pro", ()))
    con = sum(text.count(w) for w in cues.get("con", ()))
    return (pro > con) - (con > pro)


def drift(stances: list[int] | tuple[int, ...], decay: float = 0.6) -> list[int]:
    """The accumulated shift after each iteration from per-flow stances: b_t = decay*b_{t-1} +
    stance_t, rounded and clipped to -2..2; entry 0 (no flow yet) is 0."""
    b, out = 0.0, [0]
    for s in stances:
        b = decay * b + s
        out.append(int(max(-2, min(2, round(b)))))
    return out


def clip5(x: float) -> int:
    return int(max(1, min(5, round(x))))


def synthetic_reference(m: Material, profile: dict[str, Any]) -> list[list[int]]:
    """SYNTHETIC reference ratings [t][j] for the shipped corpus (no people rated it): start
    at 3 + affinity*polarity, then move by the accumulated stance of the flows read so far."""
    a = affinity(profile, m.cues)
    d = drift(m.stance)
    return [[clip5(3 + a * p + p * d[t]) for p in m.polarity] for t in range(len(m.flows))]


# ----------------------------------------------------------------------------- released files
RELEASED_FORMAT = ("a list of records with topic, iteration (0..10 in order per topic), information_flow (list) "
                   "and questionnaire (list of objects with question), as in the released cogbench_*.json / "
                   "eval_cogbench_*.json")


def flow_text(elements: list, where: str) -> str:
    """The text an agent perceives: strings as they are, objects' non-empty values joined
    with newlines; elements joined with blank lines."""
    parts = []
    for k, el in enumerate(elements):
        if isinstance(el, str):
            parts.append(el)
        elif isinstance(el, dict):
            parts.append("\n".join(str(v) for v in el.values() if v not in (None, "")))
        else:
            raise ConfigError(f"{where}: information_flow[{k}] must be a string or an object (got {type(el).__name__})")
    return "\n\n".join(p for p in parts if p)


def _read_json(path: Path) -> Any:
    if not path.is_file():
        raise ConfigError(f"data: no such file {path}; expected {RELEASED_FORMAT}")
    try:
        return json.loads(path.read_bytes().decode("utf-8"))
    except UnicodeDecodeError:
        raise ConfigError(f"data: {path} is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise ConfigError(f"data: {path} is not JSON (line {exc.lineno} column {exc.colno})") from None


def _is_nan(v: Any) -> bool:
    return v is None or (isinstance(v, float) and math.isnan(v))


def _rating(v: Any, where: str, allow_missing: bool = True) -> int | None:
    """A 1-5 rating (a whole number, 4.0 as well); None for -1 (not annotated) and for
    null / NaN (which the released evaluation code reads as missing)."""
    if allow_missing and _is_nan(v):
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)) or (isinstance(v, float) and not v.is_integer()):
        raise ConfigError(f"{where} must be a whole number 1-5 (or -1 = not annotated), got {v!r}")
    if v == NOT_RATED and allow_missing:
        return None
    if not 1 <= v <= 5:
        raise ConfigError(f"{where} = {v} is out of range (valid: 1..5, or -1 = not annotated)")
    return int(v)


def _score(v: Any, where: str) -> float | None:
    """A Rationality score: any number from 1 to 5 (3.5, the mean of several annotators, as
    well); None for -1 (not annotated), null and NaN."""
    if _is_nan(v):
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise ConfigError(f"{where} must be a number 1-5 (or -1 = not annotated), got {v!r}")
    if v == NOT_RATED:
        return None
    if not 1 <= v <= 5:
        raise ConfigError(f"{where} = {v} is out of range (valid: 1 to 5, or -1 = not annotated)")
    return float(v)


def check_answer(item: Any, where: str) -> None:
    """One questionnaire item of an eval file: ``answer.human_rating`` and, per method, an
    object whose ``rating`` and ``rationality`` are legal (``where`` names the item)."""
    ans = item.get("answer") if isinstance(item, dict) else None
    if not isinstance(ans, dict) or "human_rating" not in ans:
        raise ConfigError(f"{where} has no field 'answer.human_rating'")
    _rating(ans["human_rating"], f"{where}.answer.human_rating")
    for method, val in ans.items():
        if method == "human_rating":
            continue
        if not isinstance(val, dict):
            raise ConfigError(f"{where}.answer.{method} must be an object")
        if "rating" in val:
            _rating(val["rating"], f"{where}.answer.{method}.rating")
        if "rationality" in val:
            _score(val["rationality"], f"{where}.answer.{method}.rationality")


def record_key(r: dict) -> tuple[str, str]:
    """Which run of the iterations a record belongs to: its topic and, in an eval file, the
    profile that read it (the released agent's save() writes one run per topic and profile,
    so a topic read by two profiles has two runs of iterations 0..10)."""
    prof = r.get("profile")
    if isinstance(prof, dict):
        name = str(prof.get("Name") or json.dumps(prof, sort_keys=True))
    else:
        name = "" if prof is None else str(prof)
    return str(r["topic"]), name


def check_records(records: Any, path: str, *, eval_file: bool) -> dict[tuple[str, str], list[dict]]:
    """Validate released records; returns them grouped by (topic, profile Name) in file order
    (the profile is "" in a plain benchmark file). Errors name the file, the record (index,
    topic, iteration) and the field."""
    if not isinstance(records, list) or not records:
        raise ConfigError(f"data: {path} must be a non-empty list of records; expected {RELEASED_FORMAT}")
    by_topic: dict[str, list[dict]] = {}
    for i, r in enumerate(records):
        where = f"{path}: record {i}"
        if not isinstance(r, dict):
            raise ConfigError(f"{where} is not an object")
        for key in ("topic", "iteration", "information_flow", "questionnaire") + (("profile",) if eval_file else ()):
            if key not in r:
                raise ConfigError(f"{where} has no field {key!r}; expected {RELEASED_FORMAT}")
        where = f"{path}: record {i} (topic {r['topic']!r}, iteration {r['iteration']!r})"
        it = r["iteration"]
        if isinstance(it, bool) or not isinstance(it, int) or not 0 <= it <= ITERATIONS:
            raise ConfigError(f"{where}: iteration must be an integer 0..{ITERATIONS}")
        key = record_key(r)
        seen = by_topic.setdefault(key, [])
        if it != len(seen):
            whose = f" and profile {key[1]!r}" if key[1] else ""
            raise ConfigError(f"{where}: iterations out of order (expected iteration {len(seen)} next for this "
                              f"topic{whose})")
        if not isinstance(r["information_flow"], list):
            raise ConfigError(f"{where}: information_flow must be a list")
        flow_text(r["information_flow"], where)
        q = r["questionnaire"]
        if not isinstance(q, list) or not q:
            raise ConfigError(f"{where}: questionnaire must be a non-empty list")
        for j, item in enumerate(q):
            if not isinstance(item, dict) or not isinstance(item.get("question"), str) or not item["question"].strip():
                raise ConfigError(f"{where}: questionnaire[{j}] has no field 'question' (the statement text)")
            if eval_file:
                check_answer(item, f"{where}: questionnaire[{j}]")
        if seen and [x["question"] for x in q] != [x["question"] for x in seen[0]["questionnaire"]]:
            raise ConfigError(f"{where}: the questionnaire differs from iteration 0's (it must be the same statements)")
        seen.append(r)
    return by_topic


def find_released(path: str | Path, benchmark: str) -> Path:
    """The released file to read: ``path`` itself, or inside a folder the eval file (which
    carries the human ratings) if present, else the plain benchmark file."""
    p = Path(path).expanduser()
    if p.is_dir():
        for name in (f"eval_cogbench_{benchmark}.json", f"cogbench_{benchmark}.json"):
            if (p / name).is_file():
                return p / name
        raise ConfigError(f"data: {p} has neither eval_cogbench_{benchmark}.json nor cogbench_{benchmark}.json")
    return p


def sha256_of(path: str | Path) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError as exc:
        raise ConfigError(f"data: cannot read {path} ({exc.strerror or exc})") from None


def load_released(path: str | Path, benchmark: str) -> Dataset:
    p = find_released(path, benchmark)
    return _load_released(str(p), benchmark, sha256_of(p))


@lru_cache(maxsize=4)
def _load_released(path: str, benchmark: str, digest: str) -> Dataset:
    p = Path(path)
    records = _read_json(p)
    eval_file = isinstance(records, list) and bool(records) and isinstance(records[0], dict) and "profile" in records[0]
    by_topic = check_records(records, path, eval_file=eval_file)
    profiles: list[dict] = []
    prof_file = p.parent / "profile.json"
    if prof_file.is_file():
        raw = _read_json(prof_file)
        if not isinstance(raw, list) or not all(isinstance(x, dict) and isinstance(x.get("Name"), str) for x in raw):
            raise ConfigError(f"data: {prof_file} must be a list of profile objects, each with a 'Name'")
        profiles = [{str(k): str(v) for k, v in x.items()} for x in raw]
    topics = []
    for (name, who), recs in by_topic.items():
        if len(recs) != ITERATIONS + 1:
            whose = f" read by profile {who!r}" if who else ""
            raise ConfigError(f"{path}: topic {name!r} has {len(recs)} iterations{whose} (expected 0..{ITERATIONS})")
        stmts = tuple(x["question"] for x in recs[0]["questionnaire"])
        flows = tuple(flow_text(r["information_flow"], f"{path}: topic {name!r}") for r in recs)
        human = ()
        prof = None
        if eval_file:
            human = tuple(tuple(_rating(x["answer"]["human_rating"], "human_rating") for x in r["questionnaire"])
                          for r in recs)
            prof = recs[0]["profile"] if isinstance(recs[0]["profile"], dict) else None
        topics.append(Material(name, "", stmts, ("",) + flows[1:], human=human, profile=prof))
    if not profiles and not eval_file:
        raise ConfigError(f"data: {p.parent / 'profile.json'} is missing (the plain benchmark file has no profiles)")
    return Dataset(path, benchmark, tuple(profiles), tuple(topics), digest)
