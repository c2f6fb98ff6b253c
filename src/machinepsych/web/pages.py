"""HTML for people: the page frame, one trial's fragment (study material, the question, the
test's declared form for people) and the progress bar. Every value from a run, a test or a
person goes through :func:`esc`; nothing is loaded from outside the server."""
from __future__ import annotations

import html
import json
import re
from contextvars import ContextVar
from typing import Any

from ..core.spec import Buttons, HumanForm, Likert, Questionnaire, TextBox
from ..core.types import ImagePart, Observation, Part, TextPart

# Colours (all pairs used for text meet WCAG AA, 4.5:1; tests/web compute it from this CSS).
INK, PAGE_BG, PANEL_BG, MUTED, LINK = "#1b1b1b", "#ffffff", "#f2f2f2", "#555555", "#0b57a4"
OK, BAD, CHOSEN_BG, CHOSEN_INK = "#1a6b32", "#b3261e", "#0b57a4", "#ffffff"
DISABLED_INK, DISABLED_BG = "#4a4a4a", "#e6e6e6"
CSS = f"""
body{{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:820px;margin:1.5em auto;padding:0 1em;color:{INK};background:{PAGE_BG};line-height:1.45}}
h1{{font-size:1.4em}} a{{color:{LINK}}}
.muted{{color:{MUTED};font-size:.95em}}
pre.text{{white-space:pre-wrap;font:inherit;font-size:1.05em;color:{INK}}}
.consent-text{{background:{PANEL_BG};color:{INK};padding:1em;border-radius:6px}}
.instructions,.study{{white-space:pre-wrap;background:{PANEL_BG};color:{INK};padding:1em;border-radius:6px}}
.choices{{display:flex;flex-wrap:wrap;gap:.6em;margin:1em 0}}
button{{font-size:1.1em;padding:.6em 1.1em;border-radius:6px;border:2px solid {MUTED};background:{PAGE_BG};color:{INK};cursor:pointer;min-height:44px}}
button:hover:not(:disabled){{background:{PANEL_BG};color:{INK}}}
button:focus-visible,input:focus-visible,textarea:focus-visible{{outline:3px solid {LINK};outline-offset:2px}}
button:disabled{{background:{DISABLED_BG};color:{DISABLED_INK};cursor:default}}
button.chosen,button.chosen:disabled{{background:{CHOSEN_BG};color:{CHOSEN_INK};border-color:{CHOSEN_BG}}}
kbd{{font:inherit;font-size:.8em;border:1px solid {MUTED};border-radius:4px;padding:0 .35em;margin-left:.4em;color:{INK};background:{PANEL_BG}}}
button.chosen kbd{{color:{INK};background:{PANEL_BG}}}
#trial:focus{{outline:none}}
#feedback{{font-size:1.3em;font-weight:600;min-height:1.6em;margin:.5em 0;color:{INK}}}
#feedback.ok{{color:{OK}}} #feedback.bad{{color:{BAD}}}
.error{{color:{BAD};font-weight:600}} .error:empty{{margin:0}}
.fixation{{font-size:3em;text-align:center;margin:1.5em 0;color:{INK}}}
.progress{{margin:.3em 0 1em;color:{MUTED}}}
.bar{{height:8px;background:{DISABLED_BG};border-radius:4px;overflow:hidden;margin-top:.3em}}
.bar span{{display:block;height:100%;background:{LINK}}}
img.stim{{max-width:100%;height:auto;border:1px solid {MUTED}}}
.stimwrap{{overflow-x:auto;max-width:100%}} .scrollnote{{display:none}}
.stimwrap.scrolls + .scrollnote{{display:block}}
.preview-banner{{background:{PANEL_BG};border-left:6px solid {BAD};padding:.5em 1em;font-weight:600}}
.field-error{{color:{BAD};font-weight:600;margin:.3em 0}}
fieldset.invalid{{border:2px solid {BAD}}}
.consent-text h2,.consent-text h3,.consent-text h4{{margin:.6em 0 .3em}} .consent-text p{{margin:.4em 0}}
table{{border-collapse:collapse;margin:1em 0}} td,th{{border:1px solid {MUTED};padding:.3em .6em;text-align:right}}
td:first-child,th:first-child{{text-align:left}}
input[type=text],textarea{{font-size:1.1em;padding:.4em;width:100%;max-width:32em;box-sizing:border-box;color:{INK};background:{PAGE_BG};border:2px solid {MUTED}}}
fieldset{{border:1px solid {MUTED};border-radius:6px;margin:.8em 0;padding:.6em 1em}}
.scale{{display:flex;flex-wrap:wrap;gap:.8em;margin:.4em 0}} .scale label{{min-height:44px;display:flex;align-items:center;gap:.3em}}
.code{{font-size:1.6em;font-weight:700;letter-spacing:.05em;background:{PANEL_BG};color:{INK};padding:.2em .5em}}
@media (max-width:480px){{body{{margin:.5em auto}} button{{width:100%;margin:.25em 0}} .choices{{flex-direction:column}}}}
"""


# The response's script nonce (set per request by web.security; the Content-Security-Policy
# lets only scripts carrying it run, so markup that slipped through escaping could not).
SCRIPT_NONCE: ContextVar[str] = ContextVar("machinepsych_script_nonce", default="")


def script_tag(js: str) -> str:
    return f"<script nonce='{SCRIPT_NONCE.get()}'>{js}</script>"


def esc(value: Any) -> str:
    return html.escape(str(value), quote=True)


def page(title: str, body: str, *, refresh_s: int | None = None) -> str:
    meta = f"<meta http-equiv='refresh' content='{int(refresh_s)}'>" if refresh_s else ""
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{esc(title)}</title>"
            f"<meta name='viewport' content='width=device-width,initial-scale=1'><link rel='icon' href='data:,'>{meta}"
            f"<style>{CSS}</style></head>"
            f"<body><main>{body}</main></body></html>")


def progress_html(done: int, total: int | None, label: str = "Trial") -> str:
    """The page's own trial counter: "k of N" (the trial shown now) and a bar with aria values;
    only "k" where the test does not reveal its length (``Environment.progress``)."""
    if total is None:
        return f"<div class='progress'><span>{esc(label)} {done + 1}</span></div>"
    pct = 100.0 * done / total if total else 0.0
    return (f"<div class='progress'><span>{esc(label)} {done + 1} of {total}</span>"
            f"<div class='bar' role='progressbar' aria-label='{esc(label)}s done' aria-valuemin='0' "
            f"aria-valuemax='{total}' aria-valuenow='{done}'><span style='width:{pct:.1f}%'></span></div></div>")


# Pictures with text drawn in them (VisFactor's figures label their cards and options at 16 px)
# are never shown smaller than this share of their size: on a phone they scroll sideways in
# their own box instead, so a label stays at least 14 px tall.
LABEL_PX, MIN_LABEL_PX = 16, 14


def png_size(png: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's header; (0, 0) for anything else."""
    if len(png) >= 24 and png[:8] == b"\x89PNG\r\n\x1a\n":
        return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    return 0, 0


def labelled(obs: Observation | None) -> bool:
    """Whether the trial's pictures carry drawn labels that must stay legible (VisFactor)."""
    return bool(obs is not None and isinstance(obs.stimulus, dict) and "answer_kind" in obs.stimulus
                and "subtest" in obs.stimulus)


def image_html(p: ImagePart, keep_scale: bool = False) -> str:
    img = f"<img class='stim' src='{p.data_url}' alt='{esc(p.alt_for('person'))}'"
    width = png_size(p.png)[0] if keep_scale else 0
    if not width:
        return f"<p>{img}></p>"
    min_w = int(width * MIN_LABEL_PX / LABEL_PX + 0.999)
    return (f"<div class='stimwrap' tabindex='0' role='group' aria-label='Picture'>{img} "
            f"style='width:{width}px;min-width:{min_w}px;max-width:100%'></div>"
            "<p class='muted scrollnote'>The picture is wider than the screen: scroll it sideways to see all of it.</p>")


def parts_html(parts: tuple[Part, ...], obs: Observation | None = None, keep_scale: bool | None = None) -> str:
    keep = labelled(obs) if keep_scale is None else keep_scale
    out = []
    for p in parts:
        if isinstance(p, ImagePart):
            out.append(image_html(p, keep))
        elif isinstance(p, TextPart):
            lines = p.text.split("\n")
            if obs is not None:
                if obs.feedback and lines and lines[0].strip() == obs.feedback.strip():
                    lines = lines[1:]  # the feedback was shown on its own after the answer
                lines = [ln for ln in lines if not ln.startswith(f"Trial {obs.trial + 1} of ")]
            if any(ln.strip() for ln in lines):
                out.append(f"<pre class='text'>{esc(chr(10).join(lines))}</pre>")
    return "".join(out)


def form_html(form: HumanForm) -> str:
    """The widget a person answers with, from the test's declared form."""
    if isinstance(form, (Buttons, Likert)):
        options = form.options
        buttons = "".join(
            f"<button type='button'{f' aria-keyshortcuts={chr(39)}{esc(o.key)}{chr(39)}' if o.key else ''}"
            f" class='choice' data-action='{esc(json.dumps(o.action))}'"
            f"{f' data-key={chr(39)}{esc(o.key)}{chr(39)}' if o.key else ''}>"
            f"{esc(o.label)}{f'<kbd>{esc(o.key)}</kbd>' if o.key else ''}</button>"
            for o in options)
        anchors = (f"<p class='muted'>{' … '.join(esc(a) for a in form.anchors)}</p>"
                   if isinstance(form, Likert) and form.anchors else "")
        keyed = any(o.key for o in options)
        return (f"{anchors}<div class='choices' role='group' aria-label='Answers'>{buttons}</div>"
                f"<p class='muted'>Click your answer{' or press its key' if keyed else ''}.</p>")
    if isinstance(form, TextBox):
        example = f" For example: <code>{esc(form.example)}</code>" if form.example else ""
        return ("<form class='textanswer' novalidate>"
                f"<p><label for='answer'>{esc(form.hint)}</label>{example}</p>"
                "<p><input type='text' id='answer' name='answer' autocomplete='off' maxlength='2000'></p>"
                "<p><button type='submit'>Answer <kbd>Enter</kbd></button></p></form>")
    if isinstance(form, Questionnaire):
        return questionnaire_html(form)
    raise TypeError(f"unknown form {type(form).__name__}")


def questionnaire_html(form: Questionnaire) -> str:
    points = range(form.low, form.high + 1)
    anchors = list(form.anchors)
    rows = []
    for i, st in enumerate(form.statements):
        radios = "".join(
            f"<label><input type='radio' name='r{i}' value='{v}'> {v}"
            f"{f' ({esc(anchors[v - form.low])})' if len(anchors) == len(points) else ''}</label>" for v in points)
        reason = (f"<p><label for='w{i}'>{esc(form.reason)}</label><br>"
                  f"<textarea id='w{i}' name='w{i}' rows='2' maxlength='2000'></textarea></p>" if form.reason else "")
        rows.append(f"<fieldset class='statement' data-id='{esc(st.id)}'><legend>{esc(st.text)}</legend>"
                    f"<div class='scale' role='radiogroup'>{radios}</div>{reason}</fieldset>")
    ends = (f"<p class='muted'>{form.low} = {esc(anchors[0])}, {form.high} = {esc(anchors[-1])}</p>"
            if anchors and len(anchors) != len(points) else "")
    return (f"<form class='questionnaire' novalidate>{ends}{''.join(rows)}"
            "<p><button type='submit'>Submit answers</button></p></form>")


def trial_html(obs: Observation, form: HumanForm, done: int, total: int | None, label: str = "Trial",
               with_study: bool | str = True) -> str:
    """One trial for a person: progress, then the study material (if the test has a study
    phase: shown alone until Continue, for at most ``study_seconds`` where the test times it) and
    the question with its
    form. The study material and the question are templates the page script shows in turn;
    the study's is removed from the page when the question appears. ``with_study="later"``:
    timed material is not carried here but only its place (``data-later``): the page asks the
    server for it as it shows it, and its seconds run from then (``POST /session/N/shown``)."""
    question = parts_html(obs.parts_for("person"), obs) + form_html(form)
    study = obs.study_for("person") if with_study else ()
    head = progress_html(done, total, label)
    if not study:
        return f"{head}<div class='question'>{question}</div>"
    seconds = max(0.0, float(obs.study_seconds))
    if with_study == "later":
        return (f"{head}<template class='study' data-seconds='{seconds:g}' data-later='1'></template>"
                f"<template class='question'>{question}</template>")
    return f"{head}{study_html(obs)}<template class='question'>{question}</template>"


def study_html(obs: Observation) -> str:
    """A trial's study material as the page script shows it (a template)."""
    seconds = max(0.0, float(obs.study_seconds))
    note = (f"<p class='muted'>Study this. The question follows in <span class='countdown'>{seconds:g}</span> s, "
            "or press Continue when you are ready. It will not be shown again.</p>"
            if seconds else "<p class='muted'>Study this, then press Continue. It will not be shown again.</p>")
    cont = "<p><button type='button' class='continue'>Continue <kbd>Enter</kbd></button></p>"
    return (f"<template class='study' data-seconds='{seconds:g}'>{note}<div class='study'>"
            f"{parts_html(obs.study_for('person'), keep_scale=labelled(obs))}</div>{cont}</template>")


# ----------------------------------------------------------------------------- Markdown
_LINK = re.compile(r"\[([^\]\n]{1,500})\]\(((?:https?://|mailto:)[^\s()<>\"']{1,2000})\)")
_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_ITALIC = re.compile(r"(?<![\w*])[*_](?=\S)(.+?)(?<=\S)[*_](?![\w*])")
_BULLET = re.compile(r"^\s{0,3}[-*+]\s+(.*)$")
_NUMBERED = re.compile(r"^\s{0,3}\d{1,3}[.)]\s+(.*)$")
_HEADING = re.compile(r"^(#{1,3})\s+(.*?)\s*#*$")


def _inline(text: str) -> str:
    """One line of Markdown: escaped, then links (http, https and mailto only), bold, italics."""
    out = esc(text)
    links: list[str] = []

    def link(m: re.Match) -> str:
        links.append(f"<a href='{m.group(2)}' target='_blank' rel='noopener noreferrer'>{m.group(1)}</a>")
        return f"\x00{len(links) - 1}\x00"

    out = _LINK.sub(link, out)  # the address is already escaped (& " ' < > as entities)
    out = _BOLD.sub(r"<strong>\1</strong>", out)
    out = _ITALIC.sub(r"<em>\1</em>", out)
    return re.sub("\x00(\\d+)\x00", lambda m: links[int(m.group(1))], out)


def markdown_html(text: str) -> str:
    """A small, safe subset of Markdown as HTML (a consent text): paragraphs (a single line
    break kept), headings ``#``-``###``, lists (``-``, ``*``, ``1.``), **bold**, *italics* and
    links ``[text](https://...)`` (http, https, mailto; opened in a new tab). Everything else,
    HTML included, is shown as typed (escaped): no markup of the text reaches the page."""
    blocks: list[str] = []
    para: list[str] = []
    items: list[str] = []
    kind = ""

    def flush() -> None:
        nonlocal para, items, kind
        if para:
            blocks.append("<p>" + "<br>".join(_inline(x) for x in para) + "</p>")
        if items:
            tag = "ol" if kind == "ol" else "ul"
            blocks.append(f"<{tag}>" + "".join(f"<li>{_inline(x)}</li>" for x in items) + f"</{tag}>")
        para, items, kind = [], [], ""

    for line in (text or "").replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if not line.strip():
            flush()
            continue
        h = _HEADING.match(line)
        b, n = _BULLET.match(line), _NUMBERED.match(line)
        if h:
            flush()
            level = len(h.group(1)) + 1  # the page's own title is the h1
            blocks.append(f"<h{level}>{_inline(h.group(2))}</h{level}>")
        elif b or n:
            want = "ul" if b else "ol"
            if para or (items and kind != want):
                flush()
            kind = want
            items.append((b or n).group(1))
        elif items and line.startswith((" ", "\t")):
            items[-1] += " " + line.strip()
        else:
            if items:
                flush()
            para.append(line.strip())
    flush()
    return "".join(blocks)


# ----------------------------------------------------------------------------- consent and end
CONSENT_JS = """
const C = %(cfg)s;
const $c = (id) => document.getElementById(id);
$c('agree').addEventListener('click', async () => {
  let r = null, d = {};
  try { r = await fetch(C.consent_url, {method: 'POST', headers: {'Content-Type': 'application/json'},
                                        body: JSON.stringify({agree: true})}); d = await r.json(); } catch (e) {}
  if (r && r.ok) { if (d.next) location.href = d.next; else location.reload(); }
  else $c('consent-error').textContent = (d && d.error) || 'Please try again.';
});
$c('decline').addEventListener('click', () => {
  $c('consent').innerHTML = '<h2>Thank you</h2><p>You chose not to take part. Nothing was recorded; you can close '
    + 'this page.</p>';
});
"""
DECLINE_JS = """
(() => {
const D = %(cfg)s;
const no = document.getElementById('decline');
if (no) no.addEventListener('click', () => setTimeout(() => {
  // after the page's own handler: the study's code for people who decline, and its address
  const box = document.getElementById('consent');
  if (D.decline_code) {
    const q = document.createElement('p'); q.id = 'decline-msg';
    q.append('Please enter this code on the study site, so that it knows you chose not to take part: ');
    const code = document.createElement('span'); code.className = 'code'; code.id = 'decline-code';
    code.textContent = D.decline_code; q.appendChild(code); box.appendChild(q);
  }
  if (D.decline_url) {
    const a = document.createElement('a'); a.id = 'decline-redirect'; a.href = D.decline_url;
    a.textContent = 'Return to the study site';
    const q = document.createElement('p'); q.appendChild(a); q.append(' (you are taken there in 5 seconds).');
    box.appendChild(q);
    setTimeout(() => { location.href = D.decline_url; }, 5000);
  }
  const h = box.querySelector('h2'); if (h) { h.tabIndex = -1; h.focus(); }
}, 0));
})();
"""


def decline_script(code: str | None, url: str | None) -> str:
    """A script that, when "I do not agree" is pressed, shows the study's code for people who
    decline (``--decline-code``) and goes to its address (``--decline-redirect``); "" when the
    study has neither."""
    if not code and not url:
        return ""
    cfg = json.dumps({"decline_code": code, "decline_url": url}).replace("</", "<\\/")
    return script_tag(DECLINE_JS % {"cfg": cfg})


def consent_html(text: str, consent_url: str, decline_code: str | None = None,
                 decline_url: str | None = None) -> str:
    """The consent page's body: the study's text (Markdown, :func:`markdown_html`), "I agree"
    (posts to ``consent_url``) and "I do not agree" (nothing is sent; the page shows the
    study's code for people who decline and goes to its address, where the study has them)."""
    cfg = json.dumps({"consent_url": consent_url})
    return ("<div id='consent'><h2>Consent</h2>"
            f"<div class='consent-text'>{markdown_html(text)}</div>"
            "<p><button id='agree' type='button'>I agree to take part</button> "
            "<button id='decline' type='button'>I do not agree</button></p>"
            "<p id='consent-error' class='error' role='alert'></p></div>"
            + script_tag(CONSENT_JS % {"cfg": cfg.replace("</", "<\\/")}) + decline_script(decline_code, decline_url))


PREVIEW_BANNER = ("<p class='preview-banner' role='note'>Preview: this is what participants see. Nothing you do "
                  "here is stored.</p>")


# ----------------------------------------------------------------------------- attention checks
def attention_html(item: dict[str, Any]) -> str:
    """An instructed-response item between trials: the instruction names the button to press."""
    buttons = "".join(
        f"<button type='button' class='attn' data-action='{esc(json.dumps(o))}' data-key='{i + 1}'"
        f" aria-keyshortcuts='{i + 1}'>{esc(o)}<kbd>{i + 1}</kbd></button>"
        for i, o in enumerate(item["options"]))
    return (f"<div class='attention' data-trial='{int(item['trial'])}'><h2>A quick check</h2>"
            f"<p>{esc(item['prompt'])}</p>"
            f"<div class='choices' role='group' aria-label='Answers'>{buttons}</div></div>")
