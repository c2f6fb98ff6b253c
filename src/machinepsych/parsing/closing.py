"""A reply that ends on a short lead-in the answer labels do not know, a colon (or an arrow) and one
answer: "...\\nTrying shape: 1", "The last three rewards came from the left. Continue: left.", "Going with:
B", "Pick -> 3". A careful reader takes the closing line as the reply's commitment: it is the last thing
said, set apart, and names one answer (not a list) after a phrase of one to three words written with spaces.

It is no commitment where the phrase is a key of something listed or described rather than a deed: a
row, option or statement ("Card 1: ...", "Figure 2: T", "Option B:", "Step 3:", "Statement 4:"), a rule or a
dimension ("Rule: colour", "Colour: 3"), a fact of the task ("Feedback: correct", "Total: 4", "Left: 30"),
a note ("Hint: kettle", "Example: 2"), a speaker's turn ("Assistant: C."), a noun phrase that describes
("The drawing fits: T"), a proposal or what another said ("Vorschlag: Lampe", "You said: 2"), a doubt or an alternative ("Maybe: 3", "Backup: 2", "Not: 1", "Ruled
out: 4"); nor where the line before is another such "<phrase>: <value>" line (the last row of a list), nor
where the phrase itself names an answer. The answer after the colon is read by the format's own reader,
hedges and all ("Trying shape: 1?" proposes, it does not give).

Only a deed of choosing or going on (:data:`DEEDS`: "Trying", "Going with", "Continue", "Voy con") opens such a phrase:
a phrase that names, judges or weighs something ("Gut feeling: C", "Missing from: C", "By colour: 2", "Most rewarded:
left", "Reminds me of: kettle") says what the reply thinks of an answer, not that it takes it."""
from __future__ import annotations

import re

_PHRASE = r"[^\W\d_][^\W\d_'’-]*"
_CLOSING = re.compile(r"(?:^|(?<=[.!?])[ \t]+|\n)[ \t*_>#-]*(?P<phrase>" + _PHRASE + r"(?:[ \t]+" + _PHRASE + r"){0,2})[ \t*_]*"
                      r"(?::|：|-+>|→|=>)[ \t]*(?P<answer>[^\n:：]{1,40}?)[ \t]*\Z")
_LISTED = re.compile(r"^[ \t*_>#-]*(?:\d{1,2}[.)][ \t]*)?[^\n:：]{1,30}(?::|：|-+>|→|=>)[ \t]*\S")
# the first word of a phrase that keys something listed or states a fact ("Card 1", "Rule", "Colour", "Total", "Hint")
KEYS = frozenset((
    # rows, options, statements and their parts
    "card cards option options figure figures fig step steps statement statements row rows item items piece pieces building buildings "
    "picture image drawing edge face sheet choice choices deck decks arm arms letter letters digit digits number numbers word words "
    "dot cell point route path start end group groups line lines column columns part parts stage phase "
    # rules, dimensions, task facts
    "rule rules dimension dimensions criterion criteria sort sorting colour color colours colors shape shapes count counts size "
    "feedback outcome outcomes reward rewards payout payouts gain gains loss losses win wins points score scores total sum net "
    "balance history trial trials round rounds day days device devices pattern patterns sequence position target stimulus cue "
    "today yesterday tomorrow weather previous prior last earlier before after current now then first second third initially originally "
    "left right yes true false correct incorrect same different match matches matched matching "
    # notes, reasoning, format
    "note notes hint hints clue clues example examples format reminder instruction instructions question prompt task reasoning reason "
    "because why evidence observation observations check checking summary analysis thoughts thought comment comments explanation "
    "confidence certainty probability odds chance "
    # a speaker's turn ("Assistant: C.", "User: ..."), a noun phrase that describes ("The drawing fits: T")
    "user assistant human model system ai bot nutzer benutzer assistent usuario asistente utilisateur assistant "
    "the this that these those a an its their his her our der die das el la le les "
    # in other languages
    "karte karten schritt regel farbe form anzahl hinweis beispiel carta cartas paso regla forma pista ejemplo carte étape règle "
    "couleur indice exemple").split())
# a word anywhere in the phrase that doubts, offers another, rejects, or relates ("Maybe", "Backup", "Ruled out", "Fails on")
DOUBTS = frozenset((
    "maybe perhaps possibly probably likely unlikely guess alternative alternatives other others backup runner candidate candidates "
    "possible possibilities not no never none ruled out excluded exclude eliminated eliminate rejected reject wrong bad worst worse avoid "
    "skip skipped drop dropped discard discarded except lost lose loses against vs versus or either neither both tie if unless "
    "away clear off from instead rather "
    "has have had shows contains fails fail failed was were is are would could might vielleicht quizás quizas peut-être "
    # a proposal, or what someone else said ("Vorschlag: Lampe", "Suggestion: 3", "You said: 2")
    "suggestion suggested suggest proposal proposed propose vorschlag sugerencia propuesta you your they their he she said says "
    "expected").split())
# the words a closing phrase opens with when it is a deed of choosing or going on ("Trying shape", "Going with", "Continue",
# "Settling on", "Voy con", "Bleibe bei"): only such a phrase commits; one that names or judges something ("Gut feeling",
# "Missing from", "By colour", "Reminds me of", "Most rewarded", "Avoiding") is no commitment
DEEDS = frozenset((
    "try trying go going continue continuing settle settling settled stay staying stick sticking keep keeping pick picking "
    "choose choosing chose select selecting take taking switch switching play playing opt opting lock locking locked commit "
    "committing bet betting submit submitting predict predicting forecast forecasting press pressing next again "
    "voy elijo escojo sigo pruebo tomo juego quedo bleibe nehme wähle waehle gehe versuche probiere tippe bleiben "
    "prends choisis garde reste vais essaie continue scelgo prendo vado resto provo escolho fico vou").split())
_SUBJECT = frozenset("i i'm i’m im i'll i’ll ill now so then je ich yo me on".split())
_UNSPACED = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]")
_SEVERAL = re.compile(r"[,;、，；]|\band\b|\bund\b|\by\b|\bet\b", re.I)
# the labels the answer readers know already ("Answer:", "Selection:", "Final:") are theirs to judge
_KNOWN = re.compile(r"\b(?:answer|selection|choice|decision|prediction|forecast|response|pick|verdict|conclusion|result|solution"
                    r"|output|reply|final|respuesta|r[ée]ponse|antwort|auswahl|elecci[óo]n|choix)\b", re.I)


def closing_answer(reply: str) -> str | None:
    """The answer text where ``reply`` ends on "<phrase of one to three words>:
    <answer>" and the phrase keys nothing listed (:data:`KEYS`), is no answer label the readers know,
    and the line before is no other such line; else None."""
    text = (reply or "").rstrip()
    m = _CLOSING.search(text)
    if m is None:
        return None
    phrase = m.group("phrase")
    words = [w.lower().strip("'’-") for w in phrase.split()]
    if words[0] in KEYS or any(w in DOUBTS or w.endswith("vorschlag") for w in words) or _KNOWN.search(phrase):
        return None
    deed = next((w for w in words if w not in _SUBJECT), "")
    if deed not in DEEDS:
        return None  # a phrase that names or judges something, not a deed of choosing ("Gut feeling: C", "By colour: 2")
    if any(len(w) < 2 or (w.isupper() and len(w) <= 3) for w in phrase.split()):
        return None  # an option's own name ("C: 3", "AAA: 50"), never a lead-in
    if _UNSPACED.search(phrase):
        return None  # written without spaces (Chinese, Japanese): its words cannot be counted ("翻转的卡片：3、6、8。")
    if _SEVERAL.search(re.sub(r"\([^()]*\)", "", m.group("answer"))):
        return None  # a list ("Flipped: 3, 6, 8"): a subset named, not one answer
    before = text[:m.start("phrase")].rstrip(" \t*_>#-")
    previous = before.rstrip().rsplit("\n", 1)[-1] if before.strip() else ""
    if previous and _LISTED.match(previous) and not before.endswith((".", "!", "?")):
        return None  # the last row of a list of "<key>: <value>" lines
    return m.group("answer")
