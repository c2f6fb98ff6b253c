"""Report data: a run's scores by condition, the chance level of every test (simulated and
cached automatically), the battery's own summary, the run's configuration and one colour per
condition. Rendered by :mod:`.terminal` (tables), :mod:`.html_report` and :func:`to_json`."""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pandas as pd

from ..core.scoring import CI_METHOD
from ..core.spec import Metric, TaskSpec, figure_columns
from ..storage.annotations import annotations_frame
from ..storage.vector_use import kept_vectors_for
from ..storage.export import trials_frame
from ..storage.store import Store
from ..tasks.catalog import get_battery, get_task, is_battery
from ..runner.scoring import scorer_key, scores_frame
from .scores import summary_by_condition

from .chance import AUTO_CHANCE_N, report_policies, stored_chance
from .chance_bar import FIXED, RANDOM, bar_p95, chance_lines


def table_metrics(spec: TaskSpec, summary: dict[str, Any]) -> list[Metric]:
    """The test's declared table metrics present in ``summary``, primary first."""
    present = [m for m in spec.metrics if m.table and isinstance(summary.get(m.name), dict)]
    return sorted(present, key=lambda m: m.name != spec.primary)


def legend(metrics: list[Metric]) -> str:
    return "; ".join(f"{m.name} = {m.label}" for m in metrics if m.label and m.label != m.name)


def metric_json(spec: TaskSpec) -> list[dict[str, Any]]:
    return [{"name": m.name, "label": m.label or m.name, "unit": m.unit, "scale": list(m.scale),
             "higher_is_better": m.higher_is_better, "summary": m.summary, "table": m.table,
             "primary": m.name == spec.primary} for m in spec.metrics]


def chance_for(store: Store, task: str, params: dict) -> dict | None:
    """The cached chance simulation (``machinepsych chance``) for this test configuration:
    uniformly random valid answers, one session per score, the largest N cached."""
    return stored_chance(store, task, params)


def chance_threshold(ch: dict | None, spec: TaskSpec) -> tuple[str, dict] | None:
    """(metric, {mean, sd, p95}) of the test's primary metric under random play."""
    if not ch:
        return None
    metric = spec.primary
    cell = (ch.get("metrics") or {}).get(metric)
    return (metric, cell) if cell else None


class _WithoutRequests:
    """The store as :func:`trials_frame` reads it, less each trial's request messages: the
    frame has no column from them, and they are the largest values to decode (the same frame
    in about two thirds of the time). Sessions are read in chunks, within a database's limit
    on the values of one query."""

    CHUNK = 250  # sessions read at once: their decoded trials are the frame's largest transient

    def __init__(self, store: Store, run, session_ids: list[int] | None = None):
        self.store, self.run, self.session_ids = store, run, session_ids

    def get_run(self, _ref):
        return self.run

    def trials_for_run(self, run_id: int):
        """The (session, trial) pairs in order, read a chunk of sessions at a time as they are
        used (the frame is built from them column by column: no list of every trial)."""
        ids = self.session_ids
        if ids is None:
            ids = [s.id for s in self.store.session_infos(run_id)]  # in index order
        for start in range(0, len(ids), self.CHUNK):
            yield from self.store.trials_without_messages(run_id, ids[start:start + self.CHUNK])

    def call_counts(self, run_id: int):
        return self.store.call_counts(run_id, self.session_ids)


def report_trials(store: Store, run, columns: frozenset[str] | None = None,
                  session_ids: list[int] | None = None) -> pd.DataFrame:
    """The run's trials as ``machinepsych export`` gives them (the same frame), read without
    the request messages no report shows; ``columns``: only those columns (None: all of
    them); ``session_ids``: only those sessions' trials (in index order)."""
    return trials_frame(_WithoutRequests(store, run, session_ids), run.id, columns)  # type: ignore[arg-type]


# what the HTML report reads of the trials beside its tests' own figures: each section's test
# and conditions, its accuracy by trial, each session's tokens and cost (the scores table)
REPORT_COLUMNS = frozenset({"session", "task", "condition", "trial", "correct", "prompt_tokens", "completion_tokens",
                            "cost_usd"})
FIGURES = "figures"  # build(trials=FIGURES): the trial table with only the columns the figures read
SAMPLE_TRIALS = 3  # trials of each test shown in the HTML report (html_report.sample_trials)


def figure_trial_columns(sessions) -> frozenset[str] | None:
    """The trial columns the HTML report of these sessions reads: its own and those each of
    their tests' figure functions declares (``core.spec.reads_trial_columns``); None (every
    column) where a figure function declares none."""
    columns = set(REPORT_COLUMNS)
    for task, version in {(s.task_id, s.task_version) for s in sessions}:
        for spec in (get_task(task), get_task(task, version)):  # the report draws the current version's figures
            for fn in spec.figures:
                declared = figure_columns(fn)
                if declared is None:
                    return None
                columns |= declared
    return frozenset(columns)


def sample_candidates(trials: pd.DataFrame, task: str, k: int = SAMPLE_TRIALS) -> pd.DataFrame:
    """The trials of ``task`` the HTML report may show as samples: the first of each
    condition, then the first ``k`` of the run (by session and trial), without repeats."""
    ordered = trials[trials["task"] == task].sort_values(["session", "trial"])
    candidates = pd.concat([ordered.groupby("condition", sort=False).head(1), ordered.head(k)])
    return candidates[~candidates.index.duplicated()]


def sample_rows(store: Store, run, frame: pd.DataFrame, sessions) -> pd.DataFrame:
    """Every column of the trials :func:`sample_candidates` picks from ``frame`` (a trial
    table of some columns only) for each test, read again from the store for only the
    sessions they are in: what ``html_report.sample_trials`` picks from them is what it would
    pick from the whole trial table."""
    if frame.empty or "task" not in frame:
        return frame
    picked = pd.concat([sample_candidates(frame, task) for task in dict.fromkeys(frame["task"])])
    wanted = set(zip(picked["session"].tolist(), picked["trial"].tolist()))
    ids = [s.id for s in sessions if s.index in {i for i, _ in wanted}]
    rows = report_trials(store, run, session_ids=ids)
    keep = [(int(i), int(t)) in wanted for i, t in zip(rows["session"], rows["trial"])]
    return rows[keep].reset_index(drop=True)


def session_totals(store: Store, run) -> pd.DataFrame:
    """One row per session that has trials, with only what the scores table adds up: session,
    test, preset, and its trials' prompt and completion tokens and cost summed (a trial
    without a cost counts 0), in session order, from one aggregate query that decodes no JSON
    (100,000 sessions: 100,000 rows, not one per trial)."""
    from sqlalchemy import func, select

    from ..storage.schema import SessionRow, TrialRow

    q = (select(SessionRow.index, SessionRow.task_id, SessionRow.preset, func.sum(TrialRow.prompt_tokens),
                func.sum(TrialRow.completion_tokens), func.sum(func.coalesce(TrialRow.cost_usd, 0.0)))
         .join(TrialRow, TrialRow.session_id == SessionRow.id).where(SessionRow.run_id == run.id)
         .group_by(SessionRow.id).order_by(SessionRow.index))
    columns: list[list] = [[] for _ in TOTALS_COLUMNS]  # streamed into columns: no row tuple kept per session
    shared: dict[str, str] = {}  # one string per test and preset
    with store.engine.connect() as conn:
        for row in conn.execution_options(yield_per=2000).execute(q):
            for k, (col, value) in enumerate(zip(columns, row)):
                col.append(shared.setdefault(value, value) if k in (1, 2) else value)
    return pd.DataFrame(dict(zip(TOTALS_COLUMNS, columns)), columns=TOTALS_COLUMNS)


TOTALS_COLUMNS = ["session", "task", "preset", "prompt_tokens", "completion_tokens", "cost_usd"]


def usage_by_participant(store: Store, run) -> list[dict[str, Any]]:
    """Per model participant (in the run's order), from its model calls (one aggregate query):
    ``calls``, ``prompt_tokens`` (cache reads and writes included), ``cached_tokens`` (read from
    the provider's prompt cache), ``cache_write_tokens``, ``completion_tokens``, ``cached_share``
    (cached / prompt tokens, None without prompt tokens), ``cost_usd`` (what the run paid, as
    priced when it ran) and ``uncached_cost_usd`` (what the same calls would have cost with no
    prompt caching: a call stored without it counts its cost); ``unpriced``: calls of no known
    price (neither cost counts them); ``cut``: replies cut at the reply cap (finish reason
    "length"), ``cut_by``: whose cap that was ("--max-cost": the budget's, sent because no
    --max-tokens was given; "--max-tokens"; None: the provider's own). Participants without
    model calls (agents, people) are left out."""
    from sqlalchemy import case, func, select

    from ..parsing.truncation import LENGTH_REASONS
    from ..storage.schema import ModelCallRow, SessionRow, TrialRow

    mc = ModelCallRow
    with store.session() as s:
        rows = s.execute(select(SessionRow.participant_name, func.count(), func.coalesce(func.sum(mc.prompt_tokens), 0),
                                func.coalesce(func.sum(mc.cached_tokens), 0),
                                func.coalesce(func.sum(mc.cache_write_tokens), 0),
                                func.coalesce(func.sum(mc.completion_tokens), 0),
                                func.coalesce(func.sum(mc.cost_usd), 0.0),
                                func.coalesce(func.sum(func.coalesce(mc.uncached_cost_usd, mc.cost_usd)), 0.0),
                                func.coalesce(func.sum(case((mc.cost_usd.is_(None), 1), else_=0)), 0),
                                func.coalesce(func.sum(case((func.lower(mc.finish_reason).in_(LENGTH_REASONS), 1),
                                                            else_=0)), 0),
                                func.min(SessionRow.index))
                         .join(TrialRow, TrialRow.session_id == SessionRow.id)
                         .join(mc, mc.trial_id == TrialRow.id)
                         .where(SessionRow.run_id == run.id)
                         .group_by(SessionRow.participant_name)).all()
    spec = run.spec or {}
    capped = {p.get("ref"): p.get("max_tokens") for p in spec.get("participants", [])}
    out = []
    for name, calls, prompt, cached, written, completion, cost, uncached, unpriced, cut, _ in sorted(rows, key=lambda r: r[-1]):
        prompt, cached = int(prompt), int(cached)
        cut_by = "--max-tokens" if capped.get(name) else "--max-cost" if spec.get("max_cost_usd") is not None else None
        out.append({"participant": name, "calls": int(calls), "prompt_tokens": prompt, "cached_tokens": cached,
                    "cache_write_tokens": int(written), "completion_tokens": int(completion),
                    "cached_share": cached / prompt if prompt else None, "cost_usd": float(cost),
                    "uncached_cost_usd": float(uncached), "unpriced": int(unpriced), "cut": int(cut),
                    "cut_by": cut_by})
    return out

# A condition whose share of replies that could not be read is above this (percent) is flagged
# in every output: its score is mostly the scorer's treatment of missing answers.
INVALID_WARN_PCT = 5.0


def is_model_ref(ref: str) -> bool:
    """Whether a participant is a model (not a built-in agent, not a person)."""
    return not (ref.startswith("agent:") or ref == "human" or ref.startswith("human:"))


def reply_counts(store: Store, run) -> dict[str, Any]:
    """How many answers were stored and how many could not be read, from one aggregate query:
    a reply is one answer, or, where its trial records ``answers`` in its info (a
    questionnaire: one rating per statement), that many, of which ``unread_answers`` could
    not be read; a reply whose parse status is not ``parsed`` (invalid, refusal or empty) is
    unread in every answer. ``by_condition`` {("task | preset", condition): [answers, unread]}
    over the complete sessions (those the scores are computed from), ``run`` [answers, unread]
    over every stored trial of the run, ``models`` the same over the trials of models only
    (agents' and people's replies are not read by a parser: the closing line of a run counts
    these). People's and agents' trials count in ``by_condition`` the same way as models'."""
    from sqlalchemy import case, func, select

    from ..storage.schema import SessionRow, TrialRow

    answers = func.coalesce(TrialRow.info["answers"].as_integer(), 1)
    unread_answers = case((TrialRow.parse_status != "parsed", answers),
                          else_=func.coalesce(TrialRow.info["unread_answers"].as_integer(), 0))
    keys = (SessionRow.task_id, SessionRow.preset, SessionRow.condition, SessionRow.status, SessionRow.participant_name)
    with store.session() as s:
        rows = s.execute(select(*keys, func.coalesce(func.sum(answers), 0), func.coalesce(func.sum(unread_answers), 0))
                         .join(TrialRow, TrialRow.session_id == SessionRow.id).where(SessionRow.run_id == run.id)
                         .group_by(*keys)).all()
    by_condition: dict[tuple[str, str], list[int]] = {}
    total, models = [0, 0], [0, 0]
    for task, preset, condition, status, participant, n, bad in rows:
        for counts in (total, models) if is_model_ref(str(participant)) else (total,):
            counts[0] += int(n)
            counts[1] += int(bad)
        if status == "complete":
            cell = by_condition.setdefault((f"{task} | {preset}", condition), [0, 0])
            cell[0] += int(n)
            cell[1] += int(bad)
    return {"by_condition": by_condition, "run": total, "models": models}


def choice_probs_counts(store: Store, run) -> tuple[int, int]:
    """(answers read from the participants that asked for option probabilities
    (``--choice-probs``), those of them stored without: the tokens did not spell the reply, or
    the position the parser read its answer from could not be told and none was guessed), from
    one aggregate query."""
    from sqlalchemy import case, func, select

    from ..storage.schema import SessionRow, TrialRow

    with store.session() as s:
        row = s.execute(select(func.count(TrialRow.id), func.coalesce(func.sum(case((TrialRow.choice_probs_outside.is_(None), 1), else_=0)), 0))
                        .join(SessionRow, TrialRow.session_id == SessionRow.id)
                        .where(SessionRow.run_id == run.id, TrialRow.parse_status == "parsed",
                               SessionRow.participant["choice_probs"].as_boolean().is_(True))).one()
    return int(row[0]), int(row[1])


def invalid_pct(replies: int, unread: int) -> float | None:
    """Share of answers that could not be read, in percent (None without answers)."""
    return 100.0 * unread / replies if replies else None


def unread_line(replies: int, unread: int, models: bool = False) -> str:
    """The closing line of a run: how many of the models' answers could not be read.
    ``models``: the run has model participants (none of their replies stored yet)."""
    if not replies:
        if models:
            return "no model replies stored (none of the models' calls has been answered yet); see report"
        return "no model replies (built-in agents and people only); see report"
    pct = invalid_pct(replies, unread)
    return f"{unread:,} of {replies:,} model answers could not be read ({pct:.1f}%); see report"


def _scores_need_trials(store: Store, run, sessions) -> bool:
    """Whether the scores need the trials themselves: a complete session without its current
    score in the store (it is scored now), or a test with scores pooled over sessions. One
    aggregate query (complete sessions counted by test, version and stored scorer): no row
    kept per session."""
    from sqlalchemy import func, select

    from ..storage.schema import ScoreRow, SessionRow

    tests = {(s.task_id, s.task_version) for s in sessions}
    if any(get_task(task, version).pooled is not None for task, version in tests):
        return True
    with store.session() as s:
        rows = s.execute(select(SessionRow.task_id, SessionRow.task_version, ScoreRow.scorer)
                         .outerjoin(ScoreRow, ScoreRow.session_id == SessionRow.id)
                         .where(SessionRow.run_id == run.id, SessionRow.status == "complete")
                         .group_by(SessionRow.task_id, SessionRow.task_version, ScoreRow.scorer)).all()
    return any(scorer != scorer_key(get_task(task, version)) for task, version, scorer in rows)


def build(store: Store, run_ref: str | int, *, trials: bool | str = True,
          on_read: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Everything a report shows. ``trials=False`` (the tables printed at the end of a run):
    ``data["trials"]`` is None, and the trials are only read when a score needs them, the
    tables reading the stored scores and each session's token and cost totals instead.
    ``trials=FIGURES`` (the HTML report): ``data["trials"]`` holds only the columns the
    report and its tests' figures read (:func:`figure_trial_columns`; every column where a
    score needs the trials or a figure declares none), and ``data["samples"]`` every column
    of the trials the report may show as samples (:func:`sample_rows`).
    ``on_read`` is called with what the figures need (run, store, trials, scores, chance
    levels, colours) as soon as it is read, before the summaries are computed: the report
    command hands its figures to a helper process there."""
    run = store.get_run(run_ref)
    sessions = store.session_infos(run.id)  # light rows: no instructions (100,000 sessions, a few MB)
    needed = _scores_need_trials(store, run, sessions) if trials is not True else True
    full = bool(trials) or needed
    columns = figure_trial_columns(sessions) if trials == FIGURES and not needed else None
    frame = report_trials(store, run, columns) if full else session_totals(store, run)
    # a session scored again reads the embeddings its first scoring kept
    with kept_vectors_for(store, (s.task_id for s in sessions)):
        scores = scores_frame(store, run.id, frame, sessions)  # stored when each session completed
        chance = _chance_levels(store, sessions)
    conditions = list(dict.fromkeys(s.condition for s in sessions))
    colours = palette(conditions)
    if on_read is not None:
        on_read({"run": run, "store": store, "trials": frame if full else None, "scores": scores, "chance": chance,
                 "conditions": conditions, "colours": colours})
    summary = summary_by_condition(scores)
    status = {s: sum(1 for x in sessions if x.status == s) for s in ("complete", "running", "pending", "failed")}
    extra = {"samples": sample_rows(store, run, frame, sessions)} if trials == FIGURES else {}
    return {**extra, "run": run, "store": store, "trials": frame if full else None, "scores": scores, "summary": summary,
            "replies": reply_counts(store, run), "usage": usage_by_participant(store, run),
            "status": status, "chance": chance, "batteries": battery_summaries(run.spec, summary),
            "state": store.run_state(run), "pooled": pooled_summaries(store, run.id, frame) if full and columns is None else {},  # (none pooled: columns)
            "conditions": conditions, "colours": colours, "config": run_config(run, sessions)}


def _chance_levels(store: Store, sessions) -> dict[str, Any]:
    """{test | preset: chance simulation} of the run's tests, simulated now where none is stored."""
    chance: dict[str, Any] = {}
    cached = None
    for s in sessions:
        k = f"{s.task_id} | {s.preset}"
        if k not in chance:
            if cached is None:
                cached = store.chance_results()  # read once for all the run's tests
            found = [stored_chance(store, s.task_id, s.params, cached, r) or ensure_chance(store, s.task_id, s.params, r)
                     for r in report_policies(s.task_id)]
            # the best constant answer's chance rides with the random one (``constant``)
            chance[k] = {**found[0], "constant": found[1]} if len(found) > 1 else found[0]
    return chance


def ensure_chance(store: Store, task: str, params: dict, responses: str | None = None) -> dict:
    """Simulate and cache the chance level of a test configuration the report needs (the random
    policy ``responses``, default the test's default; ``AUTO_CHANCE_N`` sessions, seed 0)."""
    from .chance import chance, chance_key

    spec = get_task(task)
    resolved = spec.params_from(params)
    n = AUTO_CHANCE_N["simulator" if spec.chance is not None else "loop"]
    result = chance(spec, resolved, n=n, seed=0, responses=responses)
    store.put_chance(spec.key, chance_key(resolved, spec.policy(responses).name), n, 0, result)
    return result


# matplotlib's tab10 and tab20 colour maps (the figures use the same colours), written out so
# the terminal and JSON reports need not import matplotlib.
TAB10 = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf")
TAB20 = ("#1f77b4", "#aec7e8", "#ff7f0e", "#ffbb78", "#2ca02c", "#98df8a", "#d62728", "#ff9896", "#9467bd", "#c5b0d5",
         "#8c564b", "#c49c94", "#e377c2", "#f7b6d2", "#7f7f7f", "#c7c7c7", "#bcbd22", "#dbdb8d", "#17becf", "#9edae5")


def palette(conditions: list[str]) -> dict[str, str]:
    """One colour per condition, the same in every figure of the report (in run order)."""
    cmap = TAB10 if len(conditions) <= 10 else TAB20
    return {c: cmap[i % len(cmap)] for i, c in enumerate(conditions)}


def run_config(run, sessions) -> dict[str, Any]:
    """What was run: participants, strategies, personas, seeds, and each test's version and
    complete parameters."""
    spec = run.spec or {}
    tests: dict[str, dict[str, Any]] = {}
    per_person = spec.get("kind") == "people-import"  # imported people: one entry, each with their own schedule
    keys: dict[tuple[str, str, str], str] = {}  # a test and preset run with other parameters (--input
    for s in sessions:                          # text --input image) is listed once per parameters
        config = (s.task_id, s.preset, "" if per_person else json.dumps(s.params, sort_keys=True, default=str))
        if config not in keys:
            key = f"{s.task_id} | {s.preset}"
            first = tests.get(key)
            if first is not None:
                key += " | " + ", ".join(f"{k}={v}" for k, v in s.params.items() if first["params"].get(k) != v)
            keys[config] = key
        t = tests.setdefault(keys[config], {"test": f"{s.task_id}-v{s.task_version}", "preset": s.preset,
                                            "params": s.params, "seeds": set(), "sessions": 0})
        t["seeds"].add(s.seed)
        t["sessions"] += 1
        if per_person and t["params"] != s.params:  # the parameters people differ in are named, not listed
            differ = sorted({k for k in {*t["params"], *s.params} if t["params"].get(k) != s.params.get(k)})
            t["params"] = {k: v for k, v in t["params"].items() if k not in differ}
            t["per_person"] = sorted({*t.get("per_person", ()), *differ})
    for t in tests.values():
        seeds = sorted(t.pop("seeds"))
        t["seeds"] = f"{seeds[0]}..{seeds[-1]}" if len(seeds) > 1 else str(seeds[0])
    participants = []
    for p in spec.get("participants", []):
        # a transport left "auto" is one that applies to nothing (an agent, a person, a
        # provider with its own SDK): OpenAI-compatible participants store what it resolved to
        ref = str(p.get("ref", ""))
        if not is_model_ref(ref):  # an agent or a person: the model options of the run (--base-url ...) are not its
            participants.append({"ref": p.get("ref")})
            continue
        shown = {k: v for k, v in p.items() if v not in (None, False, "", 0) and k != "ref"
                 and not (k == "transport" and v == "auto")}
        shown["reask"] = p.get("reask", 0)  # --reask is opt-in: shown for every model, off (0) too
        participants.append({"ref": p.get("ref"), **shown})
    # how each condition's models answered (run --answer): free text or structured JSON
    answer_modes = {s.condition: getattr(s, "answer_mode", None) or "free" for s in sessions}
    return {"participants": participants, "strategies": spec.get("strategies", []), "personas": spec.get("personas", []),
            "answers": spec.get("answers", ["free"]), "answer_modes": answer_modes,
            "seed": spec.get("seed"), "battery": spec.get("battery"), "tests": tests,
            "created": f"{run.created_at:%Y-%m-%d %H:%M} UTC",
            "history": spec.get("history") or [],  # changes after it was made (storage/history.py)
            "source": spec.get("source")}  # people's data imported from a file (runner/people_import.py)


def run_configs(data: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(run name, configuration (:func:`run_config`)) of each run of a report's data: one for a
    one-run report, one per run for several (whose ``config`` is {run name: configuration})."""
    from .multirun import is_multi  # by the runs, never by a key a run's name can equal ("tests")

    config = data.get("config") or {}
    if not config:
        return []
    if not is_multi(data):
        return [(getattr(data.get("run"), "name", ""), config)]
    return [(n, c) for n, c in config.items() if isinstance(c, dict)]


def _origin(origin: str) -> str:
    """Where imported data come from, as a phrase: ``from pip download ...``; data the user
    supplied as stored (``supplied by the user (...)``, not ``from supplied by ...``)."""
    if not origin or origin.startswith("supplied"):
        return origin
    return f"from {origin}"


def source_line(source: dict[str, Any]) -> str:
    """One line naming imported people's data: what, from where, its licence and citation."""
    parts = [source.get("name", ""), f"file {source.get('file', '')} (sha256 {str(source.get('sha256', ''))[:12]})",
             _origin(str(source.get("origin", ""))), f"licence {source.get('licence', '')}"]
    if source.get("citation"):
        parts.append(f"cite: {source['citation']}")
    return "People's data: " + "; ".join(p for p in parts if p)


def test_names(tests: dict[str, dict[str, Any]]) -> list[str]:
    """Each test of a run's configuration as ``test-vN (preset)``, with the parameters that
    tell apart two configurations of one test (``wcst-v2 (default, input=image)``) and those
    set away from the preset's (``prl-v1 (default, trials=60)``: another design). Imported
    people, each with the schedule they saw, are one entry naming the parameters they differ in
    (``twostep-v1 (default; each person's own probs, replay)``); other long configurations of a
    test and preset are counted (``bandit2arm-v1 (default; 20 parameter sets)``): the parameters
    themselves are in ``report --json`` (``config.tests``) and the HTML report."""
    groups: dict[tuple[str, str], list[str]] = {}
    for key, t in tests.items():
        groups.setdefault((t["test"], t["preset"]), []).append(key)
    names = []
    for (test, preset), keys in groups.items():
        if any(len(k) > LONG_KEY for k in keys):
            names.append(f"{test} ({preset}; {len(keys)} parameter sets)")
            continue
        for key in keys:
            own = tests[key].get("per_person")
            names.append(f"{test} ({', '.join([preset, *key.split(' | ')[2:], *_own_design(tests[key])])}"
                         + (f"; each person's own {', '.join(own)}" if own else "") + ")")
    return names


def _own_design(t: dict[str, Any]) -> list[str]:
    """The parameters a test's configuration sets away from its preset's (``trials=60``)."""
    from .designs import designs, differences

    key, design = next(iter(designs({"tests": {"t": t}}).items()))
    words = differences(key, design)
    return [words] if words else []


LONG_KEY = 120  # characters of a configuration's key beyond which test_names counts configurations


def glance(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The answer first: per test, each condition's primary score with its 95% CI (``ci_low``,
    ``ci_high``: within the metric's scale, ``ci_clipped`` where an end was cut; ``ci_method``
    says how it is made; ``ci95`` is the deprecated half-width), the chance level (mean and 95th
    percentile) with the random policy it simulates (``chance_policy``, described by
    ``chance_policy_text``) and the test's declared reference values (human norms);
    each row also carries its replies, how many could not be read (``unread``), their share in
    percent (``invalid_pct``) and ``invalid_warning`` (that share above ``INVALID_WARN_PCT``)."""
    out = []
    counts = (data.get("replies") or {}).get("by_condition", {})
    from .multirun import is_multi

    # several runs: their modes by condition; one run: its configuration's (a run may be named "answer_modes")
    modes = data.get("answer_modes") or ({} if is_multi(data) else (data.get("config") or {}).get("answer_modes")) or {}
    for key, conds in data["summary"].items():
        spec = spec_of(key)
        metric = spec.scorer.metric(spec.primary)
        thr = chance_threshold(data["chance"].get(key), spec)
        const = chance_threshold((data["chance"].get(key) or {}).get("constant"), spec)
        # "> chance": above the higher 95th percentile of random answers and the best constant answer
        # a participant who knows the format gives (not one that knows the design's labels); the
        # figures and the dashboard draw the same lines (chance_bar)
        lines = chance_lines(spec, data["chance"].get(key))
        bar = bar_p95(lines)
        rows = []
        for cond, summ in conds.items():
            cell = summ.get(spec.primary) or {}
            replies, unread = counts.get((key, cond), (0, 0))
            pct = invalid_pct(replies, unread)
            rows.append({"condition": cond, "answer": modes.get(cond, "free"), "n": summ["sessions"],
                         "mean": cell.get("mean"), "ci95": cell.get("ci95"),
                         "ci_low": cell.get("ci_low"), "ci_high": cell.get("ci_high"),
                         "ci_clipped": bool(cell.get("ci_clipped")),
                         "above_chance": None if bar is None or cell.get("mean") is None else cell["mean"] > bar,
                         "replies": replies, "unread": unread, "invalid_pct": pct,
                         "invalid_warning": pct is not None and pct > INVALID_WARN_PCT})
        ch = data["chance"].get(key) or {}
        out.append({"key": key, "test": spec.id, "title": spec.title, "metric": metric, "rows": rows,
                    "chance": thr[1] if thr else None, "chance_n": ch.get("n"), "ci_method": CI_METHOD,
                    "chance_policy": ch.get("responses"), "chance_policy_text": policy_text(spec, ch),
                    "chance_constant": const[1] if const else None,
                    "chance_constant_judged": any(x["kind"] == FIXED for x in lines),
                    "chance_lines": lines, "chance_bar": bar,
                    "chance_constant_policy": (ch.get("constant") or {}).get("responses"),
                    "chance_constant_text": policy_text(spec, ch.get("constant") or {}),
                    "norms": norms_beside(spec, [r["condition"] for r in rows])})
    return out


def chance_detail(group: dict[str, Any], line: dict[str, Any]) -> str:
    """What a glance's chance row adds to its name (``row``): random answers' simulated sessions
    and policy, or the fixed answer's description."""
    if line["kind"] == RANDOM:
        return f"{group['chance_n']} simulated sessions: {group.get('chance_policy_text') or 'uniform'}"
    return group.get("chance_constant_text") or ""


def norms_beside(spec: TaskSpec, conditions: list[str]) -> list[dict[str, Any]]:
    """The test's norms on its primary metric that stand beside at least one of ``conditions``
    (:meth:`~machinepsych.core.spec.Norm.beside`: the test's own format), each as
    ``{"norm": Norm, "conditions": [those it stands beside]}``."""
    from .published import parse_condition

    out = []
    for n in spec.norms:
        beside = [c for c in conditions if n.beside(parse_condition(c))]
        if n.metric == spec.primary and beside:
            out.append({"norm": n, "conditions": beside})
    return out


def norm_text(group: dict[str, Any], entry: dict[str, Any]) -> str:
    """A glance norm's name as a report shows it, naming the conditions it stands beside where
    it does not stand beside all of the table's (a split condition gets none)."""
    n, beside = entry["norm"], entry["conditions"]
    if len(beside) == len(group["rows"]):
        return n.label
    return f"{n.label}, beside {', '.join(beside)} only (the test's own format)"


def policy_text(spec: TaskSpec, ch: dict) -> str | None:
    """What the random participant of a chance result answers (its policy's description)."""
    if not ch:
        return None
    if ch.get("policy"):
        return ch["policy"]
    name = ch.get("responses") or "uniform"  # results stored before policies were described
    return next((p.description for p in spec.chance_policies if name == p.name or name in p.aliases), name)


def invalid_warnings(groups: list[dict[str, Any]]) -> list[str]:
    """One line per condition whose share of unread replies is above ``INVALID_WARN_PCT``."""
    return [f"{g['key']}: {r['condition']}: {r['unread']:,} of {r['replies']:,} answers could not be read "
            f"({r['invalid_pct']:.1f}% > {INVALID_WARN_PCT:g}%); they score as wrong or missing answers"
            for g in groups for r in g["rows"] if r["invalid_warning"]]


def battery_summaries(run_spec: dict, summary: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The run's battery's own summary (e.g. an overall score), declared by the battery."""
    name = (run_spec or {}).get("battery")
    if not name or not is_battery(name):
        return {}
    battery = get_battery(name)
    if battery.summary is None:
        return {}
    result = battery.summary(summary)
    return {name: result} if result else {}


def pooled_summaries(store: Store, run_id: int, trials: pd.DataFrame) -> dict[str, dict[str, Any]]:
    """{"task | preset": {condition: {metric: value}}} for every test that declares scores over
    all the sessions of a condition (``TaskSpec.pooled``), given the run's annotations."""
    out: dict[str, dict[str, Any]] = {}
    if trials.empty or "task" not in trials:
        return out
    annotations = None
    for (task, preset), g in trials.groupby(["task", "preset"], sort=False):
        spec = get_task(str(task))
        if spec.pooled is None:
            continue
        if annotations is None:
            annotations = annotations_frame(store, run_id)
        result = spec.pooled.score(g, annotations)
        if result:
            out[f"{task} | {preset}"] = result
    return out


def spec_of(key: str) -> TaskSpec:
    return get_task(key.split(" | ")[0])


def to_json(data: dict[str, Any], sessions: bool = True) -> dict[str, Any]:
    """``report --json``; ``sessions=False``: ``sessions`` is :data:`SESSIONS_MARK`, where
    :func:`json_pieces` writes the rows one chunk at a time."""
    scores: pd.DataFrame = data["scores"]
    per_session = session_records(scores) if sessions and not scores.empty else []
    tasks = {k.split(" | ")[0] for k in data["summary"]}
    groups = glance(data)
    at_a_glance = [{**g, "metric": g["metric"].name,
                    "norms": [{**vars(e["norm"]), "conditions": e["conditions"]} for e in g["norms"]]} for g in groups]
    replies, unread = (data.get("replies") or {}).get("run", (0, 0))
    out = {"run": data["run"].name, "state": data["state"], "status": data["status"], "config": data["config"],
           "at_a_glance": at_a_glance, "warnings": invalid_warnings(groups),
           "replies": {"total": replies, "unread": unread, "invalid_pct": invalid_pct(replies, unread),
                       "warn_above_pct": INVALID_WARN_PCT}, "sessions": per_session, "summary": data["summary"], "chance": data["chance"],
           "battery_summaries": data["batteries"], "pooled": data.get("pooled", {}), "metrics": {t: metric_json(get_task(t)) for t in sorted(tasks)},
           "usage": data.get("usage") or []}
    from . import layouts, published  # the papers' published rows beside the run, and their layouts

    out["published"], out["layouts"] = published.to_json(data), layouts.to_json(data)
    from .comparisons_view import to_json as comparisons_json  # pairs of conditions, factorial effects

    out["comparisons"] = comparisons_json(data)
    out["fits"] = data.get("fits")
    if data.get("prediction"):  # the prediction runs given with the people run (docs/predict.md)
        out["prediction"] = data["prediction"]
    from .versus_people import to_json as versus_json  # each condition placed among the test's people

    out["versus_people"] = versus_json(data, out["at_a_glance"])
    from .multirun import extend_json  # runs, each row's run, people's response times

    out = extend_json(data, out)
    if not sessions:
        out["sessions"] = SESSIONS_MARK  # (the key keeps its place)
    return out


SESSIONS_MARK = "\x01sessions\x01"  # where json_pieces puts the per-session rows
JSON_ROWS = 2000  # per-session rows turned into JSON at once


def session_records(scores: pd.DataFrame) -> list[dict[str, Any]]:
    """The ``sessions`` rows of ``report --json``: each a dict, as pandas writes the row in
    JSON, a session of several runs numbered within its own run."""
    from .multirun import own_session_numbers

    return own_session_numbers(json.loads(scores.to_json(orient="records")))


def json_pieces(data: dict[str, Any]) -> Iterator[str]:
    """``json.dumps(to_json(data), indent=2, default=str)`` in pieces, the per-session rows
    :data:`JSON_ROWS` at a time (100,000 sessions: never a dict per session, nor the whole
    text at once)."""
    from ..models.secrets import redacted  # a run's stored name or spec holding a known key: masked

    text = redacted(json.dumps(to_json(data, sessions=False), indent=2, default=str))
    head, tail = text.split(json.dumps(SESSIONS_MARK))
    yield head
    scores: pd.DataFrame = data["scores"]
    if scores.empty:
        yield "[]"
    else:
        for start in range(0, len(scores), JSON_ROWS):
            rows = session_records(scores.iloc[start:start + JSON_ROWS])
            yield redacted(("[\n" if start == 0 else ",\n") + ",\n".join(
                "    " + json.dumps(r, indent=2, default=str).replace("\n", "\n    ") for r in rows))
        yield "\n  ]"
    yield tail


def battery_tables(data: dict[str, Any]) -> list[tuple[str, list[Metric], dict[str, dict[str, Any]]]]:
    """(title, declared metrics, {condition: {metric: value}}) per battery summary."""
    out = []
    for name, by_cond in data.get("batteries", {}).items():
        battery = get_battery(name)
        metrics = list(battery.summary_metrics) or [Metric(k) for k in next(iter(by_cond.values()), {})]
        out.append((f"{battery.title}: summary", metrics, by_cond))
    for key, by_cond in data.get("pooled", {}).items():
        pooled = spec_of(key).pooled
        out.append((f"{key}: {pooled.title or 'scores over all sessions of a condition'}",
                    [m for m in pooled.metrics if m.table], by_cond))
    return out
