"""A reply that is one answer and a word of doubt about it, nothing else: "B, maybe.", "3?", "B...
I guess?", "Probably B.". A careful reader tells an answer offered as a possibility from a
committed best guess:

* offered as a possibility - "maybe", "perhaps", "possibly", "I guess", "I suppose", "not sure" /
  "unsure" (also in parentheses), or a question mark on the answer: the reply proposes the answer, it
  does not give it: invalid, in every format (DC-IGT's "I'd keep it, maybe." already was);
* not given - "unknown", "unclear", "no idea", "not sure which" beside the answer ("Deck AAA,
  unknown.", "The left arm, unknown."): invalid too;
* a best guess - "probably", "likely", "most likely", "I think", "I believe", "I'd say", or a
  confidence ("B (confidence: 60%)", "B. I'm fairly confident."): the answer the reply commits to,
  read ("Probably B." is B, as the stored sets label "cat probably", "option 4 i think" and "Probably
  rainy.").

A doubt about the answer closing the reply ("Probably B, but I'm not very sure.", "B, though I can't be
certain.") leaves the answer what its own cue makes it: a best guess is read, an answer offered stays
invalid ("Maybe B, but I'm not sure."), in every format. "I think it's C" is "I think C".

Only a reply that is nothing but the answer and the cue is judged here; a doubt closing a longer
sentence is :func:`.commitment.without_own_doubt`'s ("Card 2, though I can't be certain."). The same
two lists say what a cue before the answer on the last line of a longer reply does (:data:`LEAD_HEDGE`,
read by :mod:`.commitment`): "...\nProbably card 2." commits to card 2, "...\nMaybe card 2." offers it."""
from __future__ import annotations

import re

# offered as a possibility (English, German, Spanish, French, Italian, Portuguese, Chinese, Japanese, Korean)
GUESS = (r"maybe|perhaps|possibly|i\s+guess|i\s+suppose|not\s+sure|unsure|vielleicht|quiz[áa]s|tal\s+vez|peut[-\s][êe]tre"
         r"|forse|talvez|也许是?|也許是?|或许是?|或許是?|可能是?"
         # Japanese and Korean "(it) might be", after the answer ("Bかもしれません", "B일 수도 있습니다")
         r"|かも(?:しれ(?:ません|ない))?|일\s*수도\s*있(?:습니다|어요|다)|일지도\s*(?:모릅니다|몰라요|모른다)")
# (issue 31, round 6) "probably" and its kin on a bare answer offer it, as "I guess" does: "B probably", "Probably B.",
# "wahrscheinlich Karte 2", "たぶんD", "大概是B" are hedges by the corpus's convention; "I think" commits ("option 4 i think")
PROBABLE = (r"probably|most\s+likely|likely|presumably|wahrscheinlich|probablemente|probablement|probabilmente|provavelmente"
            r"|наверное|вероятно|大概是?|たぶん|多分|おそらく|恐らく|아마(?:도)?")
# a committed best guess
BEST = (r"i\s+think|i\s+believe|i['’]d\s+say"
        r"|应该是|應該是|我(?:觉得|覺得|认为|認為)是?"
        # "I think" after the answer in Japanese and Korean ("Dだと思います", "B라고 생각합니다", "B인 것 같습니다")
        r"|だ?と思(?:います|う)|(?:이?라고|인\s*것\s*같)\s*(?:생각합니다|생각해요|습니다|아요)")
# no answer given: the answer named beside a word saying it is not known ("Deck AAA, unknown.", "Card 2, unclear.")
UNKNOWN = r"unknown|unclear|uncertain|no\s+idea|not\s+sure\s+which(?:\s+one)?|(?:i\s+)?don['’]t\s+know|dunno|unbekannt|desconocido|inconnu"
# a cue before the answer, on a line of its own ("Probably B.", "Maybe card 2", "Vielleicht Karte 2", "たぶんD"):
# ``guess`` where the answer is offered, ``best`` where it is a best guess
LEAD_HEDGE = re.compile(r"^\W*(?:(?P<guess>" + GUESS + "|" + PROBABLE + r")|(?P<best>" + BEST + r"))(?:\s*[,:，：、]?\s+|(?<=[^\x00-\x7f])\s*[,:，：、]?\s*)", re.I)
_CUE = r"(?:" + GUESS + r"|" + PROBABLE + r"|" + BEST + r"|" + UNKNOWN + r")"
# (a cue in Chinese, Japanese or Korean needs no space before the answer: "大概是B", "たぶんD")
LONE = re.compile(r"^\W*(?:(?P<lead>" + _CUE + r")(?:\s*[,:]?\s+|(?<=[^\x00-\x7f])\s*[,:，：、]?\s*))?(?P<core>[^\W_][^,;:.!?()…\n]{0,30}?)"
                  r"(?P<tail>\s*(?:[,;—–]|\s-|\.{2,}|…)?\s*(?:\(\s*" + _CUE + r"\s*\)|" + _CUE + r"))?"
                  r"\s*(?P<q>[?？]+)?\s*[.!。…]*\s*$", re.I)
# an answer label before the lone answer ("Answer: C (not sure)", "Selection: 3?"): the doubt is on the answer all the same
ANSWER_LABEL = re.compile(r"^\W*(?:(?:my|the)\s+)?(?:final\s+)?(?:answer|selection|choice|response)\s*[:：]\s*", re.I)
GUESSED = re.compile(r"(?<![^\W\d_])(?:" + GUESS + r"|" + PROBABLE + r"|" + UNKNOWN + r")(?![^\W\d_])", re.I)


# a doubt about one's own answer closing the reply ("B, but I'm not very sure.", "Probably 3, though I can't be certain."):
# the answer stays what its own cue makes it ("Probably B" a best guess, "Maybe B" offered), as the stored sets label
# "I believe it was 81, though I'm not fully certain." (81) and "I think it's probably D, but I'm not very confident." (D)
_DOUBT_AFTER = re.compile(r"\s*(?:[,;—–]|\s-)?\s*(?:but|though|although|even\s+though)\s+(?:i\s+am|i['’]m|i)\s+"
                          r"(?:not\s+(?:\w+\s+)?(?:sure|certain|confident|positive)|can['’]?t\s+be\s+(?:\w+\s+)?(?:sure|certain)"
                          r"|cannot\s+be\s+(?:\w+\s+)?(?:sure|certain)|could\s+be\s+wrong|may\s+be\s+wrong|might\s+be\s+wrong)"
                          r"(?:\s+(?:about\s+(?:it|that|this)|of\s+(?:it|that)))?\s*[.!]*\s*$", re.I)
# "I think it's C", "I guess it is C": the cue, then the answer ("it's" names nothing)
_CUE_IT = re.compile(r"^(\W*i\s+(?:think|believe|guess|suppose))\s+(?:that\s+)?(?:it['’]s|it\s+is|it\s+was|it\s+would\s+be)\s+", re.I)
# a dot "(row, col)" is one answer, commas and all
_CELL = re.compile(r"\(\s*\d{1,2}\s*,\s*\d{1,2}\s*\)")


def tentative(text: str) -> tuple[str, bool] | None:
    """(the answer's words, whether they are only offered as a possibility) where prepared reply
    ``text`` is one short answer (at most four words) with a cue of doubt before or after it, a
    question mark, or a doubt about it closing the reply ("..., but I'm not sure."); else None."""
    text = _CUE_IT.sub(r"\1 ", ANSWER_LABEL.sub("", text.strip(), count=1))
    doubt = _DOUBT_AFTER.search(text)
    text = text[:doubt.start()] if doubt is not None and doubt.start() > 0 else text
    cells = _CELL.findall(text)
    m = LONE.match(_CELL.sub("cell", text)) if len(cells) == 1 else LONE.match(text)
    if m is None or not (m.group("lead") or m.group("tail") or m.group("q") or doubt) or len(m.group("core").split()) > 4:
        return None
    core = m.group("core").replace("cell", cells[0]) if len(cells) == 1 else m.group("core")
    cues = f"{m.group('lead') or ''} {m.group('tail') or ''}"
    return core, bool(m.group("q")) or GUESSED.search(cues) is not None
