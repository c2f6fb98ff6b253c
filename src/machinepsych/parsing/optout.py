"""Opting out of a free comment (Oddball): a reply that only says it has no comment ("No comment.",
"I have nothing to add.", "Kein Kommentar.", "无可奉告。", "없습니다."), that is only "N/A", or only
punctuation ("...", "—"), declines to comment as a refusal does: no comment is read from it.

A reply opts out when each of its sentences is an opt-out (:data:`OPT_OUT`, the whole sentence) or
only apologises, thanks or offers help (:data:`.refusal.FOLLOW_UP`), and one of them is an opt-out. A
sentence that says anything more ("No comment on the hive, but Paris is odd.", "No comments, it all
looks fine to me.") is a comment, kept as written.
"""
from __future__ import annotations

import re
import unicodedata

from .refusal import FOLLOW_UP

# the whole of a sentence that only says there is no comment, in the languages of the refusal lexicon
OPT_OUT = re.compile(
    r"(?:"
    # English: "No comment(s) (on this (one) / from me / here)", "I have no comment(s)", "Nothing to add/say/comment (on)",
    # "I have nothing to add", "None", "N/A", "Pass", "No thoughts"
    r"(?:i\s+have\s+|i['’]ve\s+(?:got\s+)?)?(?:no|nothing\s+to)\s+(?:further\s+|particular\s+|real\s+|other\s+)?"
    r"(?:comments?|add|say|remarks?|thoughts|opinion|feedback|comment(?:\s+on)?)"
    r"(?:\s+(?:on|about|for|from|here|at\s+this\s+(?:time|point))(?:\s+(?:this|that|it|me|here|(?:the|this|that)\s+(?:passage|text|paragraph|one)))?)?"
    r"|none|n\s*/\s*a|pass"
    # German, Spanish, French, Italian, Portuguese
    r"|(?:ich\s+habe\s+)?(?:kein(?:e|en)?\s+(?:kommentar(?:e)?|anmerkungen?)|nichts\s+(?:hinzuzuf[üu]gen|zu\s+sagen))"
    r"|(?:sin|no\s+tengo|ning[úu]n)\s+comentarios?|nada\s+que\s+(?:a[ñn]adir|agregar|decir)"
    r"|(?:pas\s+de|aucun|sans|je\s+n['’]ai\s+(?:pas\s+de|aucun))\s+commentaires?|rien\s+[àa]\s+(?:ajouter|dire)"
    r"|(?:nessun|senza)\s+commento|niente\s+da\s+(?:aggiungere|dire)"
    r"|(?:sem|nenhum)\s+coment[áa]rios?|nada\s+a\s+(?:acrescentar|dizer)"
    # Japanese, Chinese, Korean: "コメントはありません", "特にありません", "コメントなし", "无可奉告", "没有评论", "暂无评论",
    # "없습니다", "코멘트 없습니다", "할 말이 없습니다"
    r"|(?:(?:コメント|意見|感想)(?:は|も)?|特に(?:何も)?|何も)\s*(?:ありません|ないです|ございません|なし|無し)|なし"
    r"|无可奉告|無可奉告|(?:我)?(?:没有|沒有|暂无|暫無|无|無)(?:任何)?(?:评论|評論|意见|意見|看法)?"
    r"|(?:(?:코멘트|의견|논평|할\s*말)(?:은|이|도)?\s*)?(?:특별히\s*|딱히\s*)?(?:없습니다|없어요|없음|없다)"
    r")", re.I)

# the whole of a sentence that only declines to comment ("I won't be commenting on this.", "I'm not going to comment.",
# "I'd rather not comment.", "Kein Kommentar von mir.", "Prefiero no comentar.", "Je préfère ne pas commenter.", "不予置评。",
# "コメントは控えます。"): a refusal to comment, with at most "this"/"that"/"here" as its object
_ON_THIS = (r"(?:\s+(?:on|about)\s+(?:this|that|it|(?:the|this|that)\s+(?:one|passage|text|paragraph|sentences?|list)))?"
            r"(?:\s+(?:here|for\s+now|at\s+(?:this|the)\s+(?:time|moment|point)))?")
DECLINE = re.compile(
    r"(?:"
    r"(?:i\s+(?:will\s+not|won['’]t|shan['’]t)|i['’]?m\s+not\s+going\s+to|i\s+am\s+not\s+going\s+to|i\s+(?:do\s+not|don['’]t)\s+(?:want|wish|care)\s+to"
    r"|i['’]d\s+rather\s+not|i\s+would\s+rather\s+not|i\s+(?:would\s+|['’]d\s+)?prefer\s+not\s+to|i\s+(?:must\s+|will\s+|['’]ll\s+)?(?:decline|refrain\s+from)"
    r"|i['’]?ll\s+(?:not|refrain\s+from|skip)|i\s+(?:will|['’]ll)\s+skip|i\s+(?:cannot|can['’]t)|i\s+choose\s+not\s+to)"
    r"\s+(?:be\s+)?(?:to\s+)?(?:comment(?:ing)?|giv(?:e|ing)\s+(?:a\s+)?comments?|(?:the\s+)?comment)" + _ON_THIS +
    r"|(?:i['’]?ll|i\s+will)\s+pass(?:\s+on\s+(?:this|that|commenting))?|no\s+comments?\s+from\s+me"
    # German: "Kein Kommentar von mir", "Ich möchte (das) nicht kommentieren", "Ich verzichte auf einen Kommentar",
    # "Dazu sage ich nichts", "Ich äußere mich nicht (dazu)"
    r"|kein(?:en)?\s+kommentar\s+(?:von\s+mir|meinerseits)|ich\s+(?:m[öo]chte|werde|will)\s+(?:das\s+|dies\s+)?(?:lieber\s+)?nicht\s+kommentieren"
    r"|ich\s+verzichte\s+auf\s+(?:einen\s+)?kommentar|ich\s+[äa]u(?:ß|ss)ere\s+mich\s+(?:dazu\s+)?nicht(?:\s+dazu)?|dazu\s+sage\s+ich\s+nichts"
    # Spanish, French, Italian, Portuguese: "Prefiero no comentar", "No voy a comentar", "Je préfère ne pas commenter",
    # "Je ne vais pas commenter", "Preferisco non commentare", "Prefiro não comentar"
    r"|(?:prefiero|prefer[íi]a)\s+no\s+comentar(?:lo)?|no\s+voy\s+a\s+comentar(?:lo)?|me\s+abstengo\s+de\s+comentar"
    r"|je\s+(?:pr[ée]f[èe]re(?:rais)?|vais|ne\s+vais)\s+(?:ne\s+)?pas\s+commenter|je\s+ne\s+(?:commenterai|souhaite)\s+(?:pas|rien)(?:\s+commenter)?|sans\s+commentaire\s+de\s+ma\s+part"
    r"|preferisco\s+non\s+commentare|non\s+(?:voglio\s+|intendo\s+)?commentare|prefiro\s+n[ãa]o\s+comentar|n[ãa]o\s+vou\s+comentar"
    # Chinese, Japanese, Korean: "不予置评", "我不想评论", "恕不评论", "コメントは控えます", "コメントを差し控えます",
    # "코멘트는 하지 않겠습니다", "언급하지 않겠습니다"
    r"|(?:我)?(?:不予置评|不予置評|不予评论|不予評論|恕不(?:评论|評論)|(?:不想|不愿|不願|不打算|拒绝|拒絕)(?:发表)?(?:评论|評論))"
    r"|(?:(?:コメント|意見|回答|言及)(?:は|を)?\s*(?:差し)?控え(?:させていただき)?(?:ます|たいと思います|たいです))"
    r"|(?:(?:코멘트|논평|의견|언급)(?:은|는|을|를)?\s*)?(?:하지\s*않겠습니다|삼가겠습니다|하지\s*않을게요)"
    r")", re.I)

_SENTENCE = re.compile(r"(?<=[.!?。！？])\s*|\n+")
_END = re.compile(r"[\s.!?。！？…]+$")


def opts_out(text: str) -> bool:
    """Whether the comment ``text`` only opts out of commenting: punctuation alone, or sentences each of which is an
    opt-out (:data:`OPT_OUT`) or a follow-up (:data:`.refusal.FOLLOW_UP`), one of them an opt-out."""
    stripped = (text or "").strip()
    if stripped and all(unicodedata.category(c).startswith("P") or c.isspace() for c in stripped):
        return True  # "...", "—": nothing said
    opted = False
    for sentence in (s.strip() for s in _SENTENCE.split(stripped)):
        if not sentence:
            continue
        if OPT_OUT.fullmatch(bare := _END.sub("", sentence)) or DECLINE.fullmatch(bare):
            opted = True
        elif not _follows_up(sentence):
            return False
    return opted


def _follows_up(sentence: str) -> bool:
    """Whether ``sentence`` only apologises, thanks or offers help (a question of its own, "Why Paris?", is a comment)."""
    m = FOLLOW_UP.search(sentence)
    return m is not None and not re.fullmatch(r"[?？]\s*", m.group(0))
