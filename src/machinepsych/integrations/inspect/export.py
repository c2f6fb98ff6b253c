"""A stored run as an inspect log: ``machinepsych export RUN --format inspect --out run.eval``.

One sample per session of the run, whoever took it (models, built-in agents, people):

* ``messages``: a model's session is its conversation as it was sent (each trial's final
  request, rebuilt from the store's deltas, and the reply; single-turn items one after the
  other); an agent's or a person's is the instructions, then each trial as shown (feedback,
  text, images) and the answer;
* ``scores``: the test's scorer on the session (the stored score, scored now where missing),
  one value per declared metric (NaN where undefined), as :mod:`.scorer` scores an inspect run;
* ``model_usage``: the session's tokens under the participant's name;
* ``metadata``: the session (index, id, test, version, preset, parameters, seed, condition,
  participant and its kind, strategy, persona, status, error); ``store``
  (``machinepsych:trials``) the session's trials with the tidy export's columns.

The log's ``eval.metadata["machinepsych"]`` holds the run (name, id, spec) and, per test,
its declared metrics with their scales, the stored chance level (when the store has one) and
the published norms; ``results`` the mean, standard error and n of every metric per test and
condition (the metric's ``group`` is the condition). Written with inspect_ai's log API
(``write_eval_log``), so ``inspect log dump`` and ``inspect view`` read it.
"""
from __future__ import annotations

import json
import math
from datetime import datetime, timezone
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from inspect_ai.log import (EvalConfig, EvalDataset, EvalError, EvalLog, EvalMetric, EvalPlan, EvalPlanStep, EvalResults,
                            EvalSample, EvalScore, EvalSpec, EvalStats, write_eval_log)
from inspect_ai.model import ModelOutput, ModelUsage
from inspect_ai.scorer import Score

from ...core.atomic import atomic_path
from ...models.secrets import redacted
from ...core.errors import ConfigError
from ...core.types import ImagePart, Message, TextPart, Usage
from ...models.inspect_model import to_chat_messages, usage_to_inspect
from ...storage.export import _iso, participant_kind, trials_frame
from ...storage.store import Store
from ...tasks.catalog import get_task
from .scorer import _defined_values, _value, explain, metric_info, norms_info, summary_stats
from .solver import TRIALS_KEY, Transcript


def inspect_model_name(participant: str) -> str:
    """A participant as inspect names models: ``openai:gpt-4o`` -> ``openai/gpt-4o``,
    ``agent:wsls`` -> ``machinepsych/agent-wsls``, ``inspect:openai/gpt-4o`` -> ``openai/gpt-4o``,
    ``human`` -> ``human/human``, ``human:lab`` -> ``human/lab``."""
    kind = participant_kind(participant)
    provider, _, name = participant.partition(":")
    if kind == "agent":
        return f"machinepsych/agent-{name}"
    if kind == "person":
        return f"human/{name or 'human'}"
    if provider == "inspect":
        return name
    return f"{provider}/{name}" if name else provider


def _now() -> str:
    return datetime.now(timezone.utc).isoformat()


def _utc(t) -> str | None:
    return _iso(t) if t is not None else None


class _Images:
    """PNG bytes of the run's images from the store, each read once."""

    def __init__(self, store: Store):
        self.store, self.png = store, {}

    def part(self, ref: dict) -> ImagePart | TextPart:
        sha = ref.get("sha256", "")
        if sha not in self.png:
            self.png[sha] = self.store.image(sha)
        png = self.png[sha]
        if png is None:
            return TextPart(f"[image {sha[:12]} not in the store]")
        return ImagePart(png, ref.get("alt", ""))


def _parts(images: _Images, parts: list[dict], audience: str) -> tuple:
    out = []
    for p in parts:
        if p.get("type") == "image":
            out.append(images.part(p))
        elif p.get("audience", "all") in ("all", audience):
            out.append(TextPart(p.get("text", "")))
    return tuple(out)


def _message(images: _Images, m: dict) -> Message:
    return Message(m.get("role", "user"), _parts(images, m.get("parts", []), "model"))


def session_messages(images: _Images, instructions: str, trials: list, person: bool) -> list[Message]:
    """The session's conversation (see the module's docstring)."""
    if any((t.messages or {}).get("messages") for t in trials):  # a model: its requests as sent
        transcript, prev = Transcript(), []
        for t in trials:
            m = t.messages or {}
            k = m.get("context_messages", 0)
            full = prev[:k] + [_message(images, x) for x in m.get("messages", [])]
            if full:
                transcript.add(full, t.reply or "")
            prev = full
        return transcript.messages
    audience = "person" if person else "model"
    out = [Message.text("system", instructions)]
    for t in trials:
        obs = t.observation or {}
        parts = []
        if obs.get("feedback"):
            parts.append(TextPart(obs["feedback"]))
        parts += _parts(images, obs.get("study", []), audience)
        parts += _parts(images, obs.get("parts", []), audience)
        out.append(Message("user", tuple(parts) or (TextPart(""),)))
        out.append(Message.text("assistant", t.reply or ""))
    return out


def _clean(v: Any) -> Any:
    if isinstance(v, float) and math.isnan(v):
        return None
    if hasattr(v, "item") and not isinstance(v, (list, dict, str)):  # numpy scalars
        try:
            return _clean(v.item())
        except (ValueError, TypeError):
            return v
    return v


def _trial_rows(df) -> dict[int, list[dict]]:
    """The tidy export's rows per session index (a column another test of the run has is left
    out of a trial where it is empty)."""
    out: dict[int, list[dict]] = {}
    if df.empty:
        return out
    for rec in df.to_dict("records"):
        row = {k: _clean(v) for k, v in rec.items()}
        row = {k: v for k, v in row.items() if v is not None or k in ("correct", "reward", "action", "feedback")}
        out.setdefault(int(row["session"]), []).append(row)
    return out


def _package_versions() -> dict[str, str]:
    out = {}
    for name in ("machinepsych", "inspect_ai"):
        try:
            out[name] = version(name.replace("_", "-"))
        except PackageNotFoundError:
            pass
    return out


def run_log(store: Store, run_ref: str | int) -> EvalLog:
    """The inspect log of a stored run (see the module's docstring)."""
    from ...analysis.chance import stored_chance
    from ...runner.scoring import scores_frame

    run = store.get_run(run_ref)
    name = redacted(run.name)  # a stored name holding a known key: masked, as report masks it
    sessions = store.sessions(run.id)
    if not sessions:
        raise ConfigError(f"run {name} has no sessions to export")
    df = trials_frame(store, run.id)
    rows_by_session = _trial_rows(df.assign(run=name) if "run" in df else df)
    scored = scores_frame(store, run.id, df)
    metrics_by_session = ({int(r["session"]): r for r in scored.to_dict("records")} if not scored.empty else {})
    images = _Images(store)
    specs = {(s.task_id, s.task_version): get_task(s.task_id, s.task_version) for s in sessions}
    samples: list[EvalSample] = []
    by_condition: dict[tuple[str, str], list[dict]] = {}
    total_usage: dict[str, ModelUsage] = {}
    for s in sessions:
        spec = specs[(s.task_id, s.task_version)]
        trials = store.trials(s.id)
        kind = participant_kind(s.participant_name)
        model = inspect_model_name(s.participant_name)
        msgs = session_messages(images, s.instructions, trials, kind == "person")
        total = Usage()
        for t in trials:
            total = total + Usage(t.prompt_tokens, t.completion_tokens, t.cached_tokens, t.image_tokens,
                                  getattr(t, "cache_write_tokens", 0) or 0)
        cost = [t.cost_usd for t in trials if t.cost_usd is not None]
        usage = usage_to_inspect(total, sum(cost) if cost else None)
        total_usage[model] = total_usage[model] + usage if model in total_usage else usage
        scores = None
        found = metrics_by_session.get(s.index)
        if found is not None:
            metrics = {m.name: _clean(found.get(m.name)) for m in spec.metrics}
            scores = {spec.id: Score(value={k: _value(v) for k, v in metrics.items()},
                                     answer=trials[-1].reply if trials else None, explanation=explain(spec, metrics),
                                     metadata={"scorer": f"{spec.key}/{spec.scorer.version}", "metrics": metrics})}
            by_condition.setdefault((spec.id, s.condition), []).append(metrics)
        last = trials[-1].reply if trials else ""
        error = None
        if s.status == "failed" and s.error:
            error = EvalError(message=s.error, traceback="", traceback_ansi="")
        latency = sum(t.latency_s or 0.0 for t in trials)
        samples.append(EvalSample(
            id=s.index, epoch=1, input=s.instructions, target="", messages=to_chat_messages(msgs),
            output=ModelOutput.from_content(model=model, content=last or ""), scores=scores,
            metadata={"session": s.index, "session_id": s.id, "test": spec.id, "version": spec.version,
                      "preset": s.preset, "params": s.params, "seed": s.seed, "participant": s.participant_name,
                      "participant_kind": kind, "condition": s.condition,
                      "strategy": "" if kind == "person" else s.strategy, "persona": s.persona,
                      "status": s.status, "trials": len(trials), "n_trials": s.n_trials,
                      "unread": sum(t.parse_status != "parsed" for t in trials)},
            store={TRIALS_KEY: rows_by_session.get(s.index, [])},
            model_usage={model: usage}, started_at=_utc(s.started_at), completed_at=_utc(s.finished_at),
            total_time=round(latency, 3), working_time=round(latency, 3), error=error,
        ))
    tests = sorted({spec.id for spec in specs.values()})
    participants = list(dict.fromkeys(s.participant_name for s in sessions))
    results = []
    for (test, condition), rows in sorted(by_condition.items()):
        spec = next(sp for sp in specs.values() if sp.id == test)
        info = metric_info(spec)
        for m in spec.metrics:
            stats = summary_stats(_defined_values(r.get(m.name) for r in rows))
            results.append(EvalScore(
                name=m.name, scorer=test, scored_samples=len(rows),
                metrics={f"{condition}/{k}": EvalMetric(name=k, group=condition, value=float(v)) for k, v in stats.items()},
                metadata={"condition": condition, "primary": info["primary"], **info["declared"][m.name]}))
    complete = sum(s.status == "complete" for s in sessions)
    tests_meta = {}
    for spec in specs.values():
        params = next(s.params for s in sessions if (s.task_id, s.task_version) == (spec.id, spec.version))
        try:
            chance = stored_chance(store, spec.id, params) if spec.version == get_task(spec.id).version else None
        except Exception:  # a chance row of another shape: left out, never a failed export
            chance = None
        tests_meta[spec.key] = {"test": spec.id, "version": spec.version, "title": spec.title, "family": spec.family,
                                "citation": spec.citation, "scorer": f"{spec.key}/{spec.scorer.version}",
                                **metric_info(spec), "chance": chance,
                                "norms": norms_info(spec, [s.params for s in sessions
                                                           if (s.task_id, s.task_version) == (spec.id, spec.version)])}
    created = _utc(run.created_at) or _now()
    started = [s.started_at for s in sessions if s.started_at is not None]
    finished = [s.finished_at for s in sessions if s.finished_at is not None]
    only = len(specs) == 1
    spec0 = next(iter(specs.values()))
    eval_spec = EvalSpec(
        created=created, task=f"machinepsych/{spec0.id if only else name}", task_id=f"machinepsych-run-{run.id}",
        task_version=spec0.version if only else 0, task_display_name=spec0.title if only else name,
        task_args={"run": name, "tests": tests},
        dataset=EvalDataset(name=name, samples=len(samples), sample_ids=[s.index for s in sessions]),
        model=inspect_model_name(participants[0]) if len(participants) == 1 else "machinepsych/mixed",
        model_args={"participants": participants}, config=EvalConfig(), packages=_package_versions(),
        metadata={"machinepsych": {"run": name, "run_id": run.id, "run_status": run.status,
                                   "spec": json.loads(redacted(json.dumps(run.spec, default=str))),
                                   "participants": participants, "tests": tests_meta,
                                   "exported_at": _now(), "source": "machinepsych export --format inspect"}},
    )
    status = "success" if complete == len(sessions) else "cancelled"
    return EvalLog(
        version=2, status=status, eval=eval_spec,
        plan=EvalPlan(name="machinepsych", steps=[EvalPlanStep(solver="machinepsych/stored_run", params={"run": name})]),
        results=EvalResults(total_samples=len(samples), completed_samples=complete, scores=results,
                            metadata={"note": "mean, stderr and n per test, metric and condition (the group)"}),
        stats=EvalStats(started_at=_utc(min(started)) if started else created,
                        completed_at=_utc(max(finished)) if finished else "", model_usage=total_usage),
        samples=samples,
    )


def write_run_log(store: Store, run_ref: str | int, path: str | Path) -> tuple[Path, int]:
    """Write the run's inspect log to ``path`` (``.eval``, or ``.json``), whole or not at all;
    returns the path and the number of samples."""
    path = Path(path)
    fmt = "json" if path.suffix.lower() == ".json" else "eval"
    log = run_log(store, run_ref)
    with atomic_path(path) as tmp:
        write_eval_log(log, str(tmp), format=fmt)
    return path, len(log.samples or [])
