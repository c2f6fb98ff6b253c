"""Point a run's model participant at another endpoint (``resume RUN --base-url URL``) or
another model of the same provider family (``--model``), before the run resumes.

A run started with a wrong base URL fails every session on its first call, and resuming it
as it was repeats the same error. Repointing changes the participant in the run's spec and
in its unfinished sessions; the sessions already complete stay as they were (their
participant, condition and description name what answered them, and every stored model call
keeps the model that answered it). Each change is appended to the run's history, a list
``history`` in the stored run spec (``runs.spec``: no new table or column, so every store,
old or new, SQLite or PostgreSQL, takes it as it is), which the report shows under "How this
run was made". Keys are never part of it: a URL carrying credentials is refused, as for
``run --base-url``, and keys stay in the provider's environment variable.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from sqlalchemy import func, select, update

from ..core.errors import ConfigError, UnknownNameError
from ..models import OPENAI_COMPATIBLE, PROVIDERS
from ..participants.factory import build_participant
from ..participants.spec import ParticipantSpec
from ..storage.history import history
from ..storage.schema import RunRow, SessionRow, TrialRow
from ..storage.store import Store

__all__ = ["Repoint", "plan_repoint", "apply_repoint", "family"]


def family(ref: str) -> str:
    """The provider family of a model ref: every OpenAI-compatible provider (openai, vllm,
    ollama, llamacpp) is one family; Anthropic and Google are each their own; a model served
    through inspect_ai (``inspect:PROVIDER/MODEL``) is in the family of inspect's provider."""
    provider, _, name = ref.partition(":")
    if provider == "inspect":  # inspect:PROVIDER/MODEL: the family of inspect's provider
        return f"inspect ({name.partition('/')[0]})"
    if provider in OPENAI_COMPATIBLE:
        return "OpenAI-compatible (" + ", ".join(OPENAI_COMPATIBLE) + ")"
    return {"anthropic": "Anthropic", "google": "Google"}.get(provider, provider)


@dataclass(frozen=True)
class Repoint:
    """A checked change, not yet written: the run's new spec and what its open sessions get."""

    run_id: int
    old_ref: str
    new: ParticipantSpec
    description: dict
    spec: dict
    entry: dict


def _is_model(p: dict) -> bool:
    ref = str(p.get("ref", ""))
    return not (ref.startswith("agent:") or ref == "human" or ref.startswith("human:"))


def _choose(run: RunRow, models: list[dict], participant: str | None, option: str) -> dict:
    refs = [p["ref"] for p in models]
    if participant is not None:
        chosen = [p for p in models if p["ref"] == participant.strip()]
        if not chosen:
            raise ConfigError(f"--participant {participant!r} is not a model participant of run {run.name} "
                              f"(its model participants: {', '.join(refs)})")
        return chosen[0]
    if len(models) > 1:
        raise ConfigError(f"run {run.name} has {len(models)} model participants ({', '.join(refs)}); "
                          f"say which one {option} is for with --participant, e.g. --participant {refs[0]}")
    return models[0]


def _new_ref(old_ref: str, model: str | None) -> str:
    if model is None:
        return old_ref
    model = model.strip()
    provider, sep, name = model.partition(":")
    if not sep:  # a bare model name keeps the provider (an inspect model's too: inspect:PROVIDER/NAME)
        provider, name = old_ref.partition(":")[0], model
        if provider == "inspect" and "/" not in name:
            name = f"{old_ref.partition(':')[2].partition('/')[0]}/{name}"
    if not name:
        raise ConfigError(f"--model {model!r} names no model; give provider:MODEL or MODEL, e.g. --model "
                          f"{old_ref.partition(':')[0]}:NAME")
    if provider not in (*PROVIDERS, "inspect"):
        raise UnknownNameError("model provider", provider, (*PROVIDERS, "inspect"))
    if provider == "inspect" and "/" not in name:
        raise ConfigError(f"--model {model!r}: an inspect model is inspect:PROVIDER/MODEL, e.g. inspect:openai/gpt-4o")
    new_ref = f"{provider}:{name}"
    if family(new_ref) != family(old_ref):
        raise ConfigError(f"--model {new_ref}: {old_ref} is in the {family(old_ref)} provider family and {new_ref} "
                          f"in the {family(new_ref)} one; a repointed participant keeps its family (request format, "
                          f"replies, prices), so start a new run for {new_ref}")
    return new_ref


def plan_repoint(store: Store, run: RunRow, *, base_url: str | None = None, model: str | None = None,
                 participant: str | None = None) -> Repoint | None:
    """Check a repoint of ``run`` (None when neither ``base_url`` nor ``model`` is given, or
    when they change nothing); raises a one-line ConfigError for anything wrong, before
    anything is written: a run without model participants, an ambiguous or unknown
    ``participant``, another provider family, a model already in the run, a URL that is not
    http(s) or carries credentials, a missing key, or a participant with nothing left to run."""
    if base_url is None and model is None:
        if participant is not None:
            raise ConfigError("--participant says which model participant --base-url or --model changes; give one of them")
        return None
    option = "--base-url" if model is None else "--model"
    spec = dict(run.spec or {})
    participants = [dict(p) for p in spec.get("participants", [])]
    models = [p for p in participants if _is_model(p)]
    if not models:
        raise ConfigError(f"run {run.name} has no model participant to repoint (its participants: "
                          f"{', '.join(str(p.get('ref')) for p in participants)}); {option} applies to models only")
    old = _choose(run, models, participant, option)
    old_ref = old["ref"]
    new_ref = _new_ref(old_ref, model)
    if new_ref != old_ref and any(p["ref"] == new_ref for p in participants):
        raise ConfigError(f"--model {new_ref} is already a participant of run {run.name}; pick another model")
    new = ParticipantSpec.model_validate({**old, "ref": new_ref,
                                          "base_url": old.get("base_url") if base_url is None else base_url})
    if new.ref == old_ref and new.base_url == old.get("base_url"):
        return None  # already pointed there: resume as it is, nothing recorded
    with store.session() as s:
        open_sessions, trials_kept = s.execute(
            select(func.count(func.distinct(SessionRow.id)), func.count(TrialRow.id))
            .select_from(SessionRow).outerjoin(TrialRow, TrialRow.session_id == SessionRow.id)
            .where(SessionRow.run_id == run.id, SessionRow.participant_name == old_ref,
                   SessionRow.status != "complete")).one()
    if not open_sessions:
        raise ConfigError(f"every session of {old_ref} in run {run.name} is complete: nothing is left for "
                          f"{option} to change (its stored trials stay as they were answered)")
    description = build_participant(new, int(spec.get("max_attempts", 6))).describe()  # e.g. a missing key
    spec["participants"] = [new.model_dump(mode="json") if p["ref"] == old_ref else p for p in participants]
    entry = {"event": "repoint", "at": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
             "participant": old_ref,
             "from": {"ref": old_ref, "base_url": old.get("base_url")},
             "to": {"ref": new.ref, "base_url": new.base_url},
             "sessions": int(open_sessions), "trials_kept": int(trials_kept)}
    spec["history"] = [*history(spec), entry]
    return Repoint(run.id, old_ref, new, description, spec, entry)


def _relabel(condition: str, old_ref: str, new_ref: str) -> str:
    """The session's condition label with its participant renamed (the label starts with it)."""
    if condition == old_ref:
        return new_ref
    if condition.startswith(old_ref + " | "):
        return new_ref + condition[len(old_ref):]
    return condition


def apply_repoint(store: Store, plan: Repoint) -> None:
    """Write the checked change in one transaction: the run's spec (its participant and its
    history) and the participant's unfinished sessions (name, condition, description)."""
    with store.session() as s:
        s.execute(update(RunRow).where(RunRow.id == plan.run_id).values(spec=plan.spec))
        rows = s.execute(select(SessionRow.id, SessionRow.condition).where(
            SessionRow.run_id == plan.run_id, SessionRow.participant_name == plan.old_ref,
            SessionRow.status != "complete")).all()
        for sid, condition in rows:
            s.execute(update(SessionRow).where(SessionRow.id == sid).values(
                participant=plan.description, participant_name=plan.new.ref,
                condition=_relabel(condition, plan.old_ref, plan.new.ref)))
        s.commit()
