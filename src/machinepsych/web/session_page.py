"""The HTML of a person's session page: the trial, the instructions, the clock, consent and the end.
"""
from __future__ import annotations

import json

from ..storage import study as studies
from ..storage.schema import SessionRow, StudyRow
from ..storage.store import Store
from . import extras
from ..storage import people
from .pages import attention_html, esc, page, script_tag, trial_html
from .script import break_heartbeat, session_script
from .session_access import Access, current_session, heartbeat_s
from .session_phase import _fresh, _phase, timing_of
from .session_timing import _replay_timed, _study_view, _time_left, time_limit_s


def _session_page(store: Store, acc: Access) -> str:
    rp = _replay_timed(store, acc)
    title = people.title(store, acc.study)  # never the test's name (a study may set its own)
    head = f"<h1>{esc(title)}</h1>"
    phase, practice = _phase(rp, acc)
    if phase == "done":
        return page(title, head + _done(store, acc))
    if phase == "consent":
        return page(title, head + _consent(acc))
    instructions = rp.spec.instructions(rp.env, "person")
    timing = timing_of(rp.spec, acc.study)
    if phase == "practice":
        obs, space, done, total, label = (practice.episode.observation, practice.episode.action_space,
                                          practice.answered, practice.n, "Practice trial")
        shown = done
        notice = (f"<p>First, {practice.n} practice trial{'s' if practice.n != 1 else ''}: they do not count.</p>"
                  if not practice.answered else f"<p>Welcome back: you continue the practice at trial "
                                                f"{practice.answered + 1} of {practice.n}.</p>")
    else:
        obs, space, done, label = rp.obs, rp.env.action_space, rp.n_stored, "Trial"
        shown, total = rp.env.progress()
        practised = bool(acc.study and acc.study.practice and acc.assignment.practice_done)
        where = f"trial {shown + 1}" + (f" of {total}" if total is not None else "")
        notice = (f"<p>Welcome back: you continue at {where}.</p>" if rp.n_stored else
                  "<p>The practice is over. Now the test begins; from here on every answer counts.</p>"
                  if practised and acc.order.index(acc.row.id) == 0 else "")
    if len(acc.order) > 1:
        k = acc.order.index(acc.row.id)
        notice = f"<p class='muted' id='battery-position'>Test {k + 1} of {len(acc.order)}.</p>" + notice
    obs, fresh = _study_view(store, acc, phase, done, obs, "page")
    fragment = trial_html(obs, rp.spec.answer.form(obs, space), shown, total, label, with_study=fresh)
    script = session_script(trial=done, phase=phase, answer_url=f"/session/{acc.row.id}/answer",
                            studied_url=f"/session/{acc.row.id}/studied", fixation_ms=timing.fixation_ms,
                            iti_ms=timing.iti_ms, feedback_ms=timing.feedback_ms,
                            events_url=f"/session/{acc.row.id}/events",
                            attention_url=f"/session/{acc.row.id}/attention",
                            attention=_attention(store, acc, phase, done),
                            shown_url=f"/session/{acc.row.id}/shown", heartbeat_url=f"/session/{acc.row.id}/heartbeat",
                            heartbeat_s=heartbeat_s(acc.study))
    limit, left, began = None, None, False
    if phase == "test":
        limit = time_limit_s(acc, rp)
        st = studies.state_of(_fresh(store, acc).assignment)
        left = _time_left(acc, rp, st, studies.clock())
        began = str(acc.row.id) in (st.get("began") or {})
    clock = ""
    if limit is not None:
        clock = (f"<p id='timeleft' class='muted' role='timer' aria-live='off'>Time left for this test: "
                 f"<strong id='clock'>{_mmss(left)}</strong> (of {_mmss(limit)}). When it is up, the test ends.</p>")
    begin = "Continue" if done else "Start"
    body = (head + notice + clock +
            f"<div id='start'><div class='instructions'>{esc(instructions)}</div>"
            f"<p><button id='begin' type='button'>{begin} <kbd>Enter</kbd></button></p></div>"
            "<div id='task' style='display:none'><div id='feedback' role='status' aria-live='polite'></div>"
            "<p id='error' class='error' role='alert' aria-live='assertive'></p>"
            "<div id='trial' tabindex='-1' aria-label='Current trial'></div></div>"
            f"<template id='first'>{fragment}</template>{script_tag(script)}"
            + script_tag(TIMER_JS % json.dumps({"begin_url": f"/session/{acc.row.id}/begin",
                                                 "left": left, "began": began, "phase": phase})))
    return page(title, body)


def _mmss(seconds: float | None) -> str:
    s = max(0, int(-(-(seconds or 0) // 1)))
    return f"{s // 60}:{s % 60:02d}"


TIMER_JS = """
(() => {
const T = %s;
const el = document.getElementById('clock');
const post = (url) => fetch(url, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: '{}'})
  .then(r => r.ok ? r.json() : {}).catch(() => ({}));
function run(left) {
  if (!el || left === null || left === undefined) return;
  const end = performance.now() + left * 1000;
  const tick = () => {
    const s = Math.max(0, Math.ceil((end - performance.now()) / 1000));
    el.textContent = `${Math.floor(s / 60)}:${String(s %% 60).padStart(2, '0')}`;
    if (s <= 0) { clearInterval(timer); setTimeout(() => navigate(), 3500); }
  };
  const timer = setInterval(tick, 250); tick();
}
const begin = document.getElementById('begin');
if (T.phase === 'test' && begin) begin.addEventListener('click', () => {
  post(T.begin_url).then(d => { if (d.time_left_s !== undefined && d.time_left_s !== null) run(d.time_left_s); });
}, {once: true});
if (T.began) run(T.left);
})();
"""


CONSENT_JS = """
const SID = %d;
document.getElementById('agree').addEventListener('click', async () => {
  const r = await fetch(`/session/${SID}/consent`, {method: 'POST', headers: {'Content-Type': 'application/json'},
                        body: JSON.stringify({agree: true})});
  if (r.ok) location.reload(); else document.getElementById('error').textContent = 'Please try again.';
});
document.getElementById('decline').addEventListener('click', () => {
  document.getElementById('consent').innerHTML = '<p>You chose not to take part. Nothing was recorded; you can close this page.</p>';
});
"""


def _consent(acc: Access) -> str:
    return ("<div id='consent'><h2>Consent</h2>"
            f"<div class='instructions'>{esc(acc.study.consent)}</div>"
            "<p><button id='agree' type='button'>I agree to take part</button> "
            "<button id='decline' type='button'>I do not agree</button></p>"
            "<p id='error' class='error' role='alert'></p></div>"
            + script_tag(CONSENT_JS % acc.row.id))


def _done(store: Store, acc: Access) -> str:
    """This test is over: on to the person's next test, or the completion code."""
    st = studies.state_of(_fresh(store, acc).assignment)
    out = ("<p id='time-up'>The time for this test is up; thank you.</p>"
           if str(acc.row.id) in (st.get("timed_out") or {}) else "")
    nxt = current_session(store, acc.assignment) if len(acc.order) > 1 else acc.row.id
    if nxt != acc.row.id and store_status(store, nxt) != "complete":
        k = acc.order.index(nxt)
        beat = heartbeat_s(acc.study)  # a break on this page, open and visible, holds the slot
        return out + (f"<h2>Test {acc.order.index(acc.row.id) + 1} of {len(acc.order)} is finished.</h2>"
                      f"<p><a id='next-test' class='button' href='/session/{nxt}'>Go on to test {k + 1} of "
                      f"{len(acc.order)}</a></p>"
                      + (script_tag(break_heartbeat(f"/session/{acc.row.id}/heartbeat", beat)) if beat else ""))
    return out + _completion(acc.study)


def store_status(store: Store, session_id: int) -> str | None:
    with store.session() as s:
        row = s.get(SessionRow, session_id)
    return row.status if row else None


def _completion(study: StudyRow | None) -> str:
    out = "<h2>You have finished. Thank you!</h2>"
    if study is None:
        return out + "<p>This session is complete.</p>"
    out += (f"<p>Your completion code: <span class='code' id='completion-code'>{esc(study.completion_code)}</span></p>"
            "<p>Enter it on the site where you signed up for this study.</p>")
    if study.redirect_url:
        target = json.dumps(study.redirect_url).replace("</", "<\\/")
        out += (f"<p><a id='redirect' href='{esc(study.redirect_url)}'>Return to the study site</a> "
                "(you are taken there in 5 seconds).</p>"
                + script_tag(f"setTimeout(() => {{ location.href = {target}; }}, 5000);"))
    return out


def _attention(store: Store, acc: Access, phase: str, trial: int) -> str | None:
    """The HTML of the study's attention check due before this trial (None when none is)."""
    due = extras.due(store, acc.study, acc.row.id, acc.row.seed, phase, trial)
    return attention_html(due) if due else None
