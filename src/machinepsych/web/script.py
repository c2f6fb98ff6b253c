"""The session page's script: fixation, study phase, question, answer, feedback, inter-trial
interval. Response time runs from the moment the question is on screen
(``performance.now()``) to the click or key press, and is sent with the answer. The page also
reports the browser and device once, every time it is hidden or left and comes back, and
shows the study's attention checks between trials."""
from __future__ import annotations

import json

SESSION_JS = """
const CFG = %(cfg)s;
let trial = %(trial)d, shownAt = null, busy = true;
const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise(r => setTimeout(r, ms));
function setFeedback(text, correct) {
  const el = $('feedback'); el.textContent = text || '';
  el.className = !text || correct === undefined || correct === null ? '' : (correct ? 'ok' : 'bad');
}
function setError(text) { $('error').textContent = text || ''; }
function bind() {
  document.querySelectorAll('#trial button.choice').forEach(b =>
    b.addEventListener('click', () => { b.classList.add('chosen'); send({action: JSON.parse(b.dataset.action)}); }));
  const f = document.querySelector('#trial form.textanswer');
  if (f) {
    f.addEventListener('submit', (e) => { e.preventDefault();
      if (!f.answer.value.trim()) { setError('Please type an answer first.'); f.answer.focus(); return; }
      send({text: f.answer.value}); });
    f.answer.focus();
  }
  const q = document.querySelector('#trial form.questionnaire');
  if (q) {
    q.addEventListener('change', (e) => {  // a statement rated: its message goes
      const fs = e.target.closest('fieldset.statement');
      if (fs) { fs.classList.remove('invalid'); fs.removeAttribute('aria-invalid');
                const m = fs.querySelector('.field-error'); if (m) m.remove(); }
    });
    q.addEventListener('submit', (e) => { e.preventDefault();
      const ratings = {}, reasons = {}; const missing = [];
      q.querySelectorAll('fieldset.statement').forEach((fs) => {
        const r = fs.querySelector('input[type=radio]:checked');
        if (r) ratings[fs.dataset.id] = parseInt(r.value, 10); else missing.push(fs);
        const w = fs.querySelector('textarea'); if (w) reasons[fs.dataset.id] = w.value;
      });
      if (missing.length) { markUnrated(missing); return; }
      send({ratings: ratings, reasons: reasons}); });
  }
}
function markUnrated(missing) {
  // the message sits at the first unrated statement (not at the top of a long page), which
  // is scrolled into view and focused; every unrated one is marked
  setError('');
  document.querySelectorAll('#trial .field-error').forEach(m => m.remove());
  missing.forEach((fs, i) => {
    fs.classList.add('invalid'); fs.setAttribute('aria-invalid', 'true');
    const m = document.createElement('p'); m.className = 'field-error';
    if (i === 0) { m.setAttribute('role', 'alert'); m.id = 'unrated-error'; }
    m.textContent = i === 0 ? `Please rate this statement (${missing.length} not rated yet).` : 'Please rate this statement.';
    fs.querySelector('legend').after(m);
  });
  const first = missing[0];
  first.scrollIntoView({block: 'center'});
  const radio = first.querySelector('input[type=radio]'); if (radio) radio.focus({preventScroll: true});
}
function markWide() {
  document.querySelectorAll('#trial .stimwrap').forEach(w => w.classList.toggle('scrolls', w.scrollWidth > w.clientWidth + 1));
}
function post(url, body) {
  if (!url) return Promise.resolve(null);
  return fetch(url, {method: 'POST', headers: {'Content-Type': 'application/json'}, keepalive: true,
                     body: JSON.stringify(body)}).catch(() => null);
}
async function attention(fragment) {
  // an instructed-response item between trials (the study's attention checks)
  const t = $('trial'); t.innerHTML = fragment; setError('');
  const box = t.querySelector('.attention'), at = parseInt(box.dataset.trial, 10);
  const t0 = performance.now();
  for (;;) {
    busy = false;
    const choice = await new Promise(r => t.querySelectorAll('button.attn').forEach(b =>
      b.addEventListener('click', () => { b.classList.add('chosen'); r(JSON.parse(b.dataset.action)); }, {once: true})));
    busy = true;
    t.querySelectorAll('button').forEach(b => b.disabled = true);
    const r = await post(CFG.attention_url, {trial: at, choice: choice, rt_ms: performance.now() - t0});
    if (r && (r.ok || r.status === 409)) break;
    setError('Connection problem: please answer again.');
    t.querySelectorAll('button').forEach(b => { b.disabled = false; b.classList.remove('chosen'); });
  }
  t.innerHTML = '';
}
async function show(fragment) {
  busy = true; setError('');
  const t = $('trial');
  if (CFG.fixation_ms > 0) { t.innerHTML = "<div class='fixation' aria-hidden='true'>+</div>"; await sleep(CFG.fixation_ms); }
  t.innerHTML = fragment;
  let study = t.querySelector('template.study'); const question = t.querySelector('template.question');
  // the study material: its seconds are the server's, asked at the moment it is shown (they
  // run from its first serving; none left: it is not shown again). Timed material comes from
  // the server only now (the page holds its place, data-later), so its seconds start as it shows
  let secs = study ? parseFloat(study.dataset.seconds || '0') : 0;
  if (study && CFG.shown_url) {
    let r = await post(CFG.shown_url, {});
    for (let i = 0; i < 2 && study.dataset.later && !(r && r.ok); i++) { await sleep(500); r = await post(CFG.shown_url, {}); }
    const d = r && r.ok ? await r.json().catch(() => ({})) : {};
    if (typeof d.study_left_s === 'number') secs = d.study_left_s;
    if (study.dataset.later) {
      const box = document.createElement('div'); box.innerHTML = secs > 0 && d.study_html ? d.study_html : '';
      const got = box.querySelector('template.study');
      if (got) { study.replaceWith(got); study = got; } else { study.remove(); study = null; }
    } else if (secs <= 0 && parseFloat(study.dataset.seconds || '0') > 0) { study.remove(); study = null; }
  }
  if (study) {
    const box = document.createElement('div'); box.className = 'studyphase';
    box.appendChild(study.content.cloneNode(true)); study.remove(); question.before(box);
    const b = box.querySelector('button.continue');
    const pressed = new Promise(r => b.addEventListener('click', r, {once: true}));
    if (secs > 0) {  // timed: the question follows when the seconds are up, or earlier on Continue
      const cd = box.querySelector('.countdown'), end = performance.now() + secs * 1000;
      if (cd) cd.textContent = Math.ceil(secs);
      const tick = setInterval(() => { if (cd) cd.textContent = Math.max(0, Math.ceil((end - performance.now()) / 1000)); }, 250);
      await Promise.race([sleep(secs * 1000), pressed]); clearInterval(tick);
    } else {
      b.focus();
      await pressed;
    }
    box.remove();
    try { await fetch(CFG.studied_url, {method: 'POST', headers: {'Content-Type': 'application/json'},
                                        body: JSON.stringify({phase: CFG.phase, trial: trial})}); } catch (e) {}
  }
  if (question) { question.replaceWith(question.content.cloneNode(true)); }
  bind(); markWide();
  if (!t.querySelector('form.textanswer')) t.focus({preventScroll: true});  // screen readers read the new trial
  busy = false; shownAt = performance.now();
}
function unlock() { busy = false; document.querySelectorAll('#trial button').forEach(b => { b.disabled = false; b.classList.remove('chosen'); }); }
async function send(answer) {
  if (busy) return; busy = true;
  const rt = performance.now() - shownAt;
  document.querySelectorAll('#trial button').forEach(b => b.disabled = true);
  let r;
  try {
    r = await fetch(CFG.answer_url, {method: 'POST', headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(Object.assign({trial: trial, phase: CFG.phase, rt_ms: rt}, answer))});
  } catch (e) { setError('Connection problem: please answer again.'); unlock(); return; }
  if (r.status === 409) { navigate(); return; }
  let d = {};
  try { d = await r.json(); } catch (e) { d = {error: 'The server did not answer properly; please try again.'}; }
  if (!r.ok) { setError(d.error || 'The answer was not accepted.'); unlock(); return; }
  setFeedback(d.feedback, d.correct);
  await sleep(d.feedback ? CFG.feedback_ms : 0);
  setFeedback('');
  if (d.done || d.phase_done) { $('trial').innerHTML = ''; navigate(); return; }
  if (CFG.iti_ms > 0) { $('trial').innerHTML = ''; await sleep(CFG.iti_ms); }
  trial = d.trial;
  if (d.attention) await attention(d.attention);
  await show(d.html);
}
document.addEventListener('keydown', (e) => {
  if ($('start').style.display !== 'none') {
    if (e.key === 'Enter' && document.activeElement === document.body) { $('begin').click(); }
    return;
  }
  if (busy || e.target.closest('input,textarea')) return;
  const b = document.querySelector(`#trial button.choice[data-key="${CSS.escape(e.key)}"]`)
         || document.querySelector(`#trial button.attn[data-key="${CSS.escape(e.key)}"]:not(:disabled)`);
  if (b) { e.preventDefault(); b.click(); }
});
$('begin').addEventListener('click', async () => {
  $('start').style.display = 'none'; $('task').style.display = '';
  if (CFG.attention) await attention(CFG.attention);
  show($('first').innerHTML);
});
$('begin').focus();
window.addEventListener('resize', markWide);
// the browser and device (once per page), and every time the page is hidden or left
// (another tab or window) and comes back: recorded with the trial on screen
post(CFG.events_url, {kind: 'device', trial: trial, phase: CFG.phase, data: {
  ua: navigator.userAgent, language: navigator.language || '', screen_w: screen.width, screen_h: screen.height,
  viewport_w: window.innerWidth, viewport_h: window.innerHeight, dpr: window.devicePixelRatio || 1,
  touch: (navigator.maxTouchPoints || 0) > 0,
  timezone: (Intl.DateTimeFormat().resolvedOptions().timeZone || '')}});
// the page's own reloads and links are not the person leaving (nor is any unload: a page that
// is closed does not come back to say for how long)
let awaySince = null, navigating = false;
function navigate(url) { navigating = true; if (url) location.href = url; else location.reload(); }
window.addEventListener('beforeunload', () => { navigating = true; });
window.addEventListener('pagehide', () => { navigating = true; });
function away(how) {
  if (navigating || awaySince !== null) return; awaySince = performance.now();
  post(CFG.events_url, {kind: 'focus', trial: trial, phase: CFG.phase, data: {event: how}});
}
function back(how) {
  if (awaySince === null) return; const ms = performance.now() - awaySince; awaySince = null;
  post(CFG.events_url, {kind: 'focus', trial: trial, phase: CFG.phase, data: {event: 'back', via: how, away_ms: ms}});
}
document.addEventListener('visibilitychange', () => document.hidden ? away('hidden') : back('visible'));
window.addEventListener('blur', () => away('blur'));
window.addEventListener('focus', () => back('focus'));
// while the page is open and visible the person is working on it, however long one page takes:
// a heartbeat keeps their slot (the study's inactivity timeout counts time without one)
if (CFG.heartbeat_url && CFG.heartbeat_s > 0) setInterval(() => {
  if (document.visibilityState === 'visible') post(CFG.heartbeat_url, {});
}, CFG.heartbeat_s * 1000);
"""


BREAK_HEARTBEAT_JS = """const HEARTBEAT = %s;
setInterval(() => {
  if (document.visibilityState === 'visible')
    fetch(HEARTBEAT.url, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: '{}'}).catch(() => null);
}, HEARTBEAT.s * 1000);
"""


def break_heartbeat(url: str, seconds: float) -> str:
    """The heartbeat of a page without trials that a person may keep open a while (between a
    battery's tests): the slot is held while it is open and visible, as on a trial page."""
    return BREAK_HEARTBEAT_JS % json.dumps({"url": url, "s": float(seconds)})


def session_script(*, trial: int, phase: str, answer_url: str, studied_url: str, fixation_ms: int, iti_ms: int,
                   feedback_ms: int, events_url: str | None = None, attention_url: str | None = None,
                   attention: str | None = None, shown_url: str | None = None, heartbeat_url: str | None = None,
                   heartbeat_s: float = 0.0) -> str:
    """The page script's settings: where answers, the end of a study phase, page events
    (``events_url``; None in a preview: nothing is recorded) and attention checks go, the
    pacing, and an attention check due before the trial on screen (its HTML); ``shown_url`` answers
    a study page's seconds left when it is shown; ``heartbeat_url`` is sent every ``heartbeat_s``
    while the page is visible (None in a preview)."""
    cfg = {"trial": trial, "phase": phase, "answer_url": answer_url, "studied_url": studied_url,
           "fixation_ms": int(fixation_ms),
           "iti_ms": int(iti_ms), "feedback_ms": int(feedback_ms), "events_url": events_url,
           "attention_url": attention_url, "attention": attention, "shown_url": shown_url,
           "heartbeat_url": heartbeat_url, "heartbeat_s": float(heartbeat_s)}
    # "</" cannot close the script element from inside JSON
    return SESSION_JS % {"cfg": json.dumps(cfg).replace("</", "<\\/"), "trial": int(trial)}
