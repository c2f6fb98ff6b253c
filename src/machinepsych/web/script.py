"""The session page's script: fixation, study phase, question, answer, feedback, inter-trial
interval. Response time runs from the moment the question is on screen
(``performance.now()``) to the click or key press, and is sent with the answer."""
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
  if (q) q.addEventListener('submit', (e) => { e.preventDefault();
    const ratings = {}, reasons = {}; let missing = 0;
    q.querySelectorAll('fieldset.statement').forEach((fs, i) => {
      const r = fs.querySelector('input[type=radio]:checked');
      if (r) ratings[fs.dataset.id] = parseInt(r.value, 10); else missing++;
      const w = fs.querySelector('textarea'); if (w) reasons[fs.dataset.id] = w.value;
    });
    if (missing) { setError(`Please rate every statement (${missing} not rated yet).`); return; }
    send({ratings: ratings, reasons: reasons}); });
}
async function show(fragment) {
  busy = true; setError('');
  const t = $('trial');
  if (CFG.fixation_ms > 0) { t.innerHTML = "<div class='fixation' aria-hidden='true'>+</div>"; await sleep(CFG.fixation_ms); }
  t.innerHTML = fragment;
  const study = t.querySelector('template.study'), question = t.querySelector('template.question');
  if (study) {
    const box = document.createElement('div'); box.className = 'studyphase';
    box.appendChild(study.content.cloneNode(true)); study.remove(); question.before(box);
    const secs = parseFloat(study.dataset.seconds || '0');
    if (secs > 0) {
      const cd = box.querySelector('.countdown'), end = performance.now() + secs * 1000;
      const tick = setInterval(() => { if (cd) cd.textContent = Math.max(0, Math.ceil((end - performance.now()) / 1000)); }, 250);
      await sleep(secs * 1000); clearInterval(tick);
    } else {
      const b = box.querySelector('button.continue'); b.focus();
      await new Promise(r => b.addEventListener('click', r, {once: true}));
    }
    box.remove();
    try { await fetch(CFG.studied_url, {method: 'POST', headers: {'Content-Type': 'application/json'},
                                        body: JSON.stringify({phase: CFG.phase, trial: trial})}); } catch (e) {}
  }
  if (question) { question.replaceWith(question.content.cloneNode(true)); }
  bind();
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
  if (r.status === 409) { location.reload(); return; }
  let d = {};
  try { d = await r.json(); } catch (e) { d = {error: 'The server did not answer properly; please try again.'}; }
  if (!r.ok) { setError(d.error || 'The answer was not accepted.'); unlock(); return; }
  setFeedback(d.feedback, d.correct);
  await sleep(d.feedback ? CFG.feedback_ms : 0);
  setFeedback('');
  if (d.done || d.phase_done) { $('trial').innerHTML = ''; location.reload(); return; }
  if (CFG.iti_ms > 0) { $('trial').innerHTML = ''; await sleep(CFG.iti_ms); }
  trial = d.trial;
  await show(d.html);
}
document.addEventListener('keydown', (e) => {
  if ($('start').style.display !== 'none') {
    if (e.key === 'Enter' && document.activeElement === document.body) { $('begin').click(); }
    return;
  }
  if (busy || e.target.closest('input,textarea')) return;
  const b = document.querySelector(`#trial button.choice[data-key="${CSS.escape(e.key)}"]`);
  if (b) { e.preventDefault(); b.click(); }
});
$('begin').addEventListener('click', () => {
  $('start').style.display = 'none'; $('task').style.display = '';
  show($('first').innerHTML);
});
$('begin').focus();
"""


def session_script(*, trial: int, phase: str, answer_url: str, studied_url: str, fixation_ms: int, iti_ms: int,
                   feedback_ms: int) -> str:
    cfg = {"trial": trial, "phase": phase, "answer_url": answer_url, "studied_url": studied_url,
           "fixation_ms": int(fixation_ms),
           "iti_ms": int(iti_ms), "feedback_ms": int(feedback_ms)}
    # "</" cannot close the script element from inside JSON
    return SESSION_JS % {"cfg": json.dumps(cfg).replace("</", "<\\/"), "trial": int(trial)}
