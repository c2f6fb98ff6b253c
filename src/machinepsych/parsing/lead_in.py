"""Free comments cut off before they said anything about the passage (issue 31, round 5).

"Here are my comments on the", "I notice", "Voici mon", "Hier ist mein", "以下是我的": the reply
stopped inside its lead-in. Every word of it is a word of a lead-in (a greeting, "here are my
comments on the passage", "I notice / think / see", "looking at the text") and it does not end
as a finished sentence: a careful reader takes no comment from it. Once a reply names anything
of the passage ("I notice the cat sentence", "... on the football passage") it is a comment, kept
as written, also when cut off.
"""
from __future__ import annotations

import re

_LEAD_WORDS = frozenset("""
sure okay ok certainly absolutely alright great well so yes hi hello thanks thank you of course of
here here's heres are is my some a few brief short quick couple of
comments comment thoughts thought observations observation notes note remarks remark feedback response
on about regarding re to for the this that these those passage text paragraph excerpt article piece
sentences sentence following below
looking look at reading read after having gone through
i i'm im i've ive i'd id me let let's lets notice noticed see saw think find found feel would like say that it
first overall and with as in what just
voici mon ma mes commentaire commentaires remarque remarques observation observations avis sur le la les ce cet cette
texte passage du de des d'accord bien je vois pense trouve
hier ist sind mein meine meinen kommentar kommentare anmerkung anmerkungen gedanken zu zum zur dem den der die das
text abschnitt ich bemerke sehe finde denke sicher klar gerne gern also beim lesen
aquí aqui está esta están estan mi mis comentario comentarios observaciones sobre el los las texto pasaje párrafo
claro noto veo creo yo del
ecco i miei mio commenti commento sul testo brano
estão estao meus meu comentários o
""".split())

# a word or two that is a short reply of its own ("ok", "Thanks", "Hello"), and the nouns for the passage, which a
# reply of only "The passage" leaves as written (replies_blind54 free_text:49 labels it a comment)
_SHORT_REPLY = frozenset("ok okay sure yes alright great well hi hello thanks thank you".split())
_PASSAGE_NOUNS = frozenset("passage text paragraph excerpt article texte abschnitt pasaje texto testo brano".split())

# the lead-in of a reply in Chinese or Japanese, as the characters it is made of (no spaces to split words)
_CJK_LEAD = re.compile(r"(?:好的|当然|當然|以下是|以下為|这是|這是|我的|我对|我對|对于|對於|对|對|关于|關於|这段|這段|这篇|這篇|文字|文章|段落|短文|"
                       r"评论|評論|看法|意见|意見|想法|的|我|以下は|以下が|私の|私は|コメント|感想|です|この|文章|について|の|は)+")
_FINISHED = re.compile(r"[.!?。！？…)\]\"”']\s*$")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def lead_in_only(text: str) -> bool:
    """Whether ``text`` is only a lead-in, stopped before it said anything about the passage
    (:mod:`.lead_in`): no finished sentence at its end (a colon ends a lead-in, not a comment),
    and every word a lead-in word (``_LEAD_WORDS``, or ``_CJK_LEAD`` for Chinese and Japanese)."""
    s = re.sub(r"[*_#`>]+", " ", text or "").strip()  # markdown ("**My comments:**") is no word
    if not s or _FINISHED.search(s):
        return False
    rest = _CJK_LEAD.sub(" ", s)
    words = _WORD.findall(rest.replace("’", "'").lower())
    if not words:  # only the characters of a Chinese or Japanese lead-in ("以下是我的"), or no word at all ("🤔")
        return rest != s and not re.search(r"\w", rest)
    if set(words) <= _SHORT_REPLY or len(words) <= 2 and words[-1] in _PASSAGE_NOUNS:
        return False  # "ok", "Thanks": a short reply of its own; "The passage": a bare noun, kept as the corpus keeps it
    return all(w in _LEAD_WORDS for w in words)
