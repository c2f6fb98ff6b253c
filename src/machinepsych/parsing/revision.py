"""Self-corrections: a reply that gives an answer and then takes it back ("Selection: 1 ...
Wait, actually ... Selection: 2", "I think it's B... actually no, it's E", "Rating: 2. Wait, I
misread the statement ... Rating: 4", "Rating: 3... actually I think it matters more ... Rating: 4",
``{"answer": "T"}`` "Actually no - ..." ``{"answer": "F"}``).

:func:`revised_tail` gives the text after the last correction marker; the parsers read that
tail first and keep its answer when it names one (a tail that names several answers without
choosing, "Actually, either 1 or 2 would do", makes the reply invalid). A tail with no answer
("Selection: 3. Actually, I'm confident.") leaves the whole reply to be read.
"""
from __future__ import annotations

import re

from .tentative import GUESS

# the words a list of yes/no (T/F) values is made of: a "no" among them is one of the values, not a correction
_VALUE_WORDS = r"(?:yes|no|y|n|t|f|true|false|ja|nein|oui|non|sí|si|sim|não)"
_NOT_A_VALUE_BEFORE = "".join(rf"(?<!\b{w})" for w in _VALUE_WORDS[3:-1].split("|"))
_NO_VALUE_AFTER = r"(?![^\n]*\b" + _VALUE_WORDS + r"\b)"
# a negation later in the sentence after "No," ("No, the left arm has not paid off"): what it names is rejected, not chosen
# (a negation right after "No," is part of the correction: "No, not the right arm: the left arm")
_NO_REJECTION_AFTER = r"(?!\s*[^\s.!?\n]+\s[^.!?\n]*?(?:\b(?:not|never|nicht|nie|niemals|pas|jamais|nunca|não)\b|n't\b))"

# also right after an answer object: '{"answer": "(5, 5)"} wait no (4, 5)'
_START = r"(?:^|(?<=[.!?;:,…—–(\-\n}])|(?<=\.\.\.)|(?<=[.!?;:,…—–}]\s))\s*"
REVISION = re.compile(
    r"(?:" + _START + r"(?:wait|hold\s+on|(?:just\s+)?(?:kidding|joking)(?!\s+aside)|(?:nur\s+)?(?:spa(?:ß|ss)|scherz)|je\s+plaisante|(?:es\s+)?broma|actually(?=\s*(?:[,:;—–.!]|-\s|\.\.\.|…|no\b|wait\b|hold\s+on\b|\s+[^\s.!?\n,;:]+(?:\s+[^\s.!?\n,;:]+)?\s*[.!]?\s*$))|on\s+second\s+thoughts?|scratch\s+that|no\s+wait|oops|correction|korrektur|berichtigung|correcci[óo]n|correzione|corre[çc][ãa]o"
    r"|correcting(?:\s+(?:my|the)\s+(?:answer|choice|selection|rating|mistake))?|let\s+me\s+(?:reconsider|correct|re-?check|fix|revise)(?:\s+(?:that|this))?"
    r"|(?:hmm+\s*,?\s*)?on\s+(?:further\s+|second\s+)?reflection|on\s+(?:a\s+)?(?:closer|second)\s+(?:look|inspection|glance)|looking\s+(?:again|more\s+closely)"
    # "No. Well — strictly speaking, not available.": a precision that replaces the answer before it
    r"|(?:well\s*[,—–-]?\s*)?(?:strictly|technically|properly)\s+speaking|to\s+be\s+(?:precise|exact|strict)|more\s+precisely"
    # "Re-reading, ...", "On re-reading the statement, ...": a second look that may replace the answer before it
    r"|(?:on\s+|having\s+|after\s+)?re-?read(?:ing)?(?:\s+(?:it|this|that|the\s+statement|the\s+question))?(?=\s*[,:—–])"
    r"|corrected(?=\s*[:,—–-])|revised(?:\s+(?:answer|list|choice))?(?=\s*[:,—–-])|(?:update|edit)(?=\s*:))\b"
    r"(?:\s*[,—–-]?\s*(?P<no>no)\b(?![\s-]+(?:match|longer|more|available|reward|one|doubt)\b))?"
    # ("I was wrong with rainy. Sunny.": what it was wrong with is taken back with it)
    # (a condition is no correction: "If I misread the colour, I would pick card 2" takes nothing back)
    r"|(?<!\bif\s)(?<!\bcase\s)\bi\s+(?:misread|mis(?:counted|calculated|judged|placed)|(?:over|under)counted|counted\s+wrong(?:ly)?|made\s+an\s+error|mixed\s+(?:(?:it|them|that|those|the\s+\w+)\s+)?up|made\s+a\s+mistake|was\s+wrong(?:\s+(?:with|about|on)\s+[^.!?\n,;:]{1,30}(?=[.!?\n,;:]))?|got\s+(?:it|that)\s+wrong|take\s+(?:it|that)\s+back)\b"
    # (and "no" in other languages after a dash: "Option 2 – nein, doch Option 3", "B – non, C", "2 — não, 3")
    r"|(?:\.\.\.|…|—|–)\s*(?:no|nein|non|nee|não)\s*(?:,|—|–|\.\.\.|…)(?=\s*\w)|,\s*no,\s*(?:sorry|wait|actually|scratch\s+that|i\s+mean)\b"
    r"|,\s*nein,\s*(?:doch|sorry|warte|eigentlich|besser|lieber)\b|,\s*non,\s*(?:plutôt|pardon|attends)\b"
    # a bare "no" between commas, or after a sentence, takes back the answer before it: "left arm, no, right arm", "2, no, 3",
    # "Left arm. No, right arm." (not in a list of yes/no values, "yes, no, yes", "Figure 1, no, figure 2, yes")
    # (not when the words after it reject or describe what they name: "Right arm. No, the left arm has not paid off."
    # says why the first answer stands, "No, card 4 hasn't matched", "No, AAA never did")
    r"|" + _NOT_A_VALUE_BEFORE + r"(?:,|(?<=[.!])\s)\s*(?:no|nein|non|nee|não)\s*(?:,|(?<=[.!]\s(?:no|No|NO))\s+[—–]\s|(?<=[.!]\s(?:no|No|NO))[—–])(?=\s*\w)" + _NO_VALUE_AFTER + _NO_REJECTION_AFTER +
    # "BBB, sorry, CCC", "2, I mean 3", "left arm, or rather right arm" (not "rather than")
    r"|(?:,|—|–|\s-)\s*(?:sorry|pardon|perdón|perdon|entschuldigung)\s*[,—–:-](?=\s*\w)"
    r"|(?:,|—|–|\s-)\s*(?:i\s+mean|ich\s+meine|je\s+veux\s+dire|quiero\s+decir)\b\s*,?"
    # "Card 2. Sorry, I meant card 4.", "Selection: 2 (typo, I meant 4)": "I meant" names the answer meant instead
    # (not "what I meant by colour", "I meant to pick 2", "I meant that the colour matches")
    r"|(?<!\bwhat\s)(?<!\bwhich\s)(?<!\bthat\s)\bi\s+(?:actually\s+|really\s+)?meant\b(?!\s+(?:to|by|that|it|what|when|for|as|this|in)\b)\s*:?"
    r"|(?:,\s*|\b(?:or|oder|ou|o)\s+)(?:rather|besser\s+gesagt|plutôt|mejor\s+dicho)\b(?!\s+(?:than|que)\b)\s*,?"
    # an interjection taking it back: "Hmm, no — card 2.", "Uh, no. It's C."
    r"|\b(?:hmm+|hm|um+|uh+|erm|oh|ah)\s*[,.…]*\s*no\s*(?:[,.:;!—–…]|\.\.\.)(?=\s*\w)"
    # "Hmm, actually matching on colour makes more sense. Selection: 3": an interjection, then "actually"
    r"|\b(?:hmm+|hm|um+|uh+|erm|oh|ah)\s*[,.…]*\s*actually\b"
    # "Rating: 3... actually I think it matters more", "B — actually C": "actually" right after an ellipsis or a dash
    r"|(?:\.\.\.|…|—|–)\s*actually\b"
    # "(no, make that 3)", "— make it C": the answer after it replaces the one before
    r"|(?:(?<=[(,;—–-])\s*|\bno\s*,?\s*)(?=make\s+(?:that|it)\s+(?:an?\s+)?[\w\"'(*])"
    # "Going with 4 on second thought.": a sentence that ends by saying it is a second thought replaces what came before
    r"|(?:^|(?<=[.!?\n])|(?<=[.!?]\s))\s*(?=[^.!?\n]{1,80}?[\s,]on\s+second\s+thoughts?\s*[.!]?\s*(?:$|\n))"
    # '{"answer": "B"}\n\nHmm, figure C fits better: {"answer": "C"}': after an answer object, an interjection and a
    # reason that lead into a second object ending the reply (the reply thinks again and gives its answer anew)
    # (a dash may stand before the interjection: '{"answer": [...]} — hmm, figure 7 ... {"answer": [...]}')
    r"|(?<=\})\s*(?:[—–-]+\s*)?(?:hmm+|hm|oh|ah|um+|uh+|erm)\b(?=[^{}]{0,240}?\{[^{}]*\}\s*(?:`{3})?\s*$)"
    # Chinese, Japanese and Korean, after a sentence: "左边。不对，右边。", "左の腕。いや、右の腕。", "左の腕。やっぱり右の腕。",
    # "2번입니다. 아니, 3번입니다."
    r"|(?<=[。．.!！?？\n])\s*(?:不对|不對|错了|錯了|(?:只是)?开玩笑的?|(?:只是)?開玩笑的?|冗談(?:です)?|농담(?:이에요|입니다)?|等等|等一下|更正|いや|いえ|やっぱり|訂正|待って|ちょっと待って"
    # (not 아니오/아니요 before a colon: the word "no" labelling the rows it answers no for, "예: 1, 3\n아니오: 2, 4, 5")
    r"|아니(?:요|오|야)?(?=\s*[,，、.。])|잠깐(?:만요)?|정정)\s*[，,、。:：]?"
    # and after a comma, "wait" (with the "no" before it): "예, 아니 잠깐, 아니요.", "是，不，等等，不是。", "Ja, nein warte, nein."
    r"|(?<=[,，、])\s*(?:(?:아니|不|いや|nein|non)\s*[,，、]?\s*)?(?:잠깐(?:만요)?|等等|等一下|待って|ちょっと待って|warte|attends|espera)\s*[，,、:：]?)", re.I)


def revised_tail(text: str) -> int | None:
    """Start of the text after the last self-correction marker, or None without one."""
    # a marker with nothing after it ("... 4, on second thought.") leaves the one before it to say where the tail starts
    every = list(REVISION.finditer(text))
    # "Yes. Wait, no.", "Yes, no wait, no.": a marker's own "no" ending the reply is what the correction says (the
    # answer "no" where no is an answer; elsewhere a tail that names nothing)
    if every and every[-1].group("no") and not text[every[-1].end():].strip(" \t\n.!,;:"):
        return every[-1].start("no")
    found = [m for m in every if text[m.end():].strip(" \t\n.!,;:")]
    found += [m for m in RETHINK.finditer(text) if "}" in text[:m.start()]]
    found += [m for m in RETHINK_LANG.finditer(text) if "}" in text[:m.start()]]
    found += [m for m in RETRACT.finditer(text) if "}" in text[:m.start()]]
    return max(m.end() for m in found) if found else None


# (blind40) after an answer object, a sentence opening on "Actually" that leads into a second object ending the reply:
# '{"answer": [1, 1, 1, 2]}\n\nActually figure 3 has a curve, so: {"answer": [1, 1, 2, 2]}', '... (per the example
# {"answer": "house"}.) Actually it's a fish: {"answer": "fish"}' (the reply thinks again and gives its answer anew)
RETHINK = re.compile(r"(?:^|(?<=[.!?)\]}\n])|(?<=[.!?)\]}]\s))\s*(?:[—–-]+\s*)?(?:(?:hmm+|oh|ah)\s*,?\s*)?actually\b"
                     r"(?=[^{}]{0,240}?\{[^{}]*\}\s*(?:`{3})?\s*$)", re.I)


# the same in the other languages of the lexicon: after an answer object, a sentence opening on "wait", "actually",
# "sorry", "no" or "I was wrong" that leads into a second object ending the reply ('{"answer": "(4, 5)"} Pardon, je me
# suis trompé de colonne : {"answer": "(4, 4)"}', '{"answer": "F"} Подождите, если повернуть куб ... {"answer": "T"}')
_TAKE_BACK = (r"eigentlich|moment(?:\s+mal)?|warte|nein|korrektur|entschuldigung|ich\s+habe\s+mich\s+(?:geirrt|vertan)"
              r"|pardon|attendez|attends|en\s+fait|non|je\s+me\s+suis\s+tromp[ée]e?"
              r"|espera|perd[óo]n|perdona|en\s+realidad|me\s+equivoqu[ée]|aspetta|scusa|in\s+realt[àa]|anzi|mi\s+sono\s+sbagliat[oa]"
              r"|espere|desculpe?|na\s+verdade|me\s+enganei|errei|corre[çc][ãa]o|correcci[óo]n|correzione"
              r"|подождите|подожди|постойте|стоп|извините|простите|на\s+самом\s+деле|нет|поправка|я\s+ошиб\w+"
              r"|bekle|aslında|düzeltme|czekaj|właściwie|przepraszam|poprawka|vänta|egentligen|förlåt|rättelse"
              r"|tunggu|sebenarnya|maaf|koreksi|περίμενε|συγγνώμη|διόρθωση|انتظر|في\s+الواقع|تصحيح|रुको|सुधार|khoan|thực\s+ra|xin\s+lỗi")
# (and in Chinese, Japanese and Korean, after a sentence of theirs too: '{"answer": "A"}\n不对，应该是C。{"answer": "C"}', "いや、...")
_TAKE_BACK_CJK = r"不对|不對|等等|其实|其實|いや|やっぱり|待って|実は|아니|잠깐|사실은?"
# (not where the words before the second object only offer it: 'Pardon, je me suis trompé, peut-être {...}', 'Подождите,
# возможно {...}' - as "Wait, maybe {...}" offers)
_OFFERED = (GUESS + r"|might|could|may|possiblement|possivelmente|возможно|может\s+быть|наверное|belki|być\s+może|możliwe|kanske"
            r"|möjligen|mungkin|ίσως|πιθανώς|ربما|शायद")
RETHINK_LANG = re.compile(r"(?:^|(?<=[.!?)\]}\n。！？])|(?<=[.!?)\]}]\s))\s*(?:[—–-]+\s*)?(?:(?:hmm+|oh|ah|äh|euh|эм+)\s*,?\s*)?"
                          r"(?:(?:" + _TAKE_BACK + r")(?![^\W\d_])|" + _TAKE_BACK_CJK + r")(?=[^{}]{0,240}?\{[^{}]*\}\s*(?:`{3})?\s*$)"
                          r"(?![^{}]{0,240}?(?<![^\W\d_])(?:" + _OFFERED + r")(?![^\W\d_])[^{}]{0,40}\{)", re.I)


# (blind49) after an answer object, a sentence that opens by saying it was wrong and leads into a second object ending the
# reply: '{"answer": 76}\nNo — 76 was the lamp. This one was 74. {"answer": 74}', '... That was wrong: {...}', 'Sorry, ...
# {...}', 'My mistake. {...}', '{"answer": "candle"} -- no, the second letter is an r. {"answer": "cradle"}' (a dash may
# lead it, as it may "Actually"; round 6) ("No" with a stop, comma or dash after it; "No doubt.", "No match here" take nothing back)
RETRACT = re.compile(r"(?:^|(?<=[.!?)\]}\n])|(?<=[.!?)\]}]\s))\s*(?:[—–-]+\s*)?(?:(?:no|nope)\s*(?:[—–,.!:;]|\s-\s)"
                     r"|that(?:\s+was|\s+is|['’]s)\s+(?:wrong|a\s+mistake|an\s+error|incorrect|not\s+right)\b|sorry\b|my\s+(?:mistake|bad)\b)"
                     r"(?=[^{}]{0,240}?\{[^{}]*\}\s*(?:`{3})?\s*$)"
                     r"(?![^{}]{0,240}?(?<![^\W\d_])(?:" + GUESS + r"|might|could|may)(?![^\W\d_])[^{}]{0,40}\{)", re.I)
