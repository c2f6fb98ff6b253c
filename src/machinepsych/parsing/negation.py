"""Negation and contrast: the mentions of answers a reply rules out ("not Y", "Y, not ...",
"rather than Y", "instead of Y", "other than Y", "avoid Y", "switch (my forecast) from Y",
"neither Y nor Z", "can't be Y", "Y has been losing", "Y gave nothing", "Y was wrong", "Y ..., and it
never touches the circle", an answer named as the previous one or remarked on as it has done so far), and lists joined by or/nor/and after a negation ("not
option 1 or option 2")."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .commitment import Mention

_BETWEEN = r"(?:(?!(?:but|so|then|therefore|thus|hence|because|since|yet|although|though|while|whereas|however|instead)\b)[\w'’-]+\s+){0,3}"
PRE_NEG = re.compile(
    r"(?:\bnot(?!\s+(?:only|just|sure|certain|necessarily|quite|entirely|yet))|\bcannot|n[’']t|\bnever|\bno\s+longer|\bunable\s+to|\brather\s+than"
    r"|\binstead\s+of|\bother\s+than|\bplut[ôo]t\s+que|\bau\s+lieu\s+d[e']|\ben\s+(?:lugar|vez)\s+de|\bem\s+vez\s+de|\b(?:an)?statt|\banstelle\s+von"
    r"|\binvece\s+di|\bpiuttosto\s+che|而不是|而非|\bnicht|\bkeine?"
    # "ce n'est pas le même cube", "no es el mismo cubo", "non è lo stesso", "não é o mesmo"
    r"|\bpas|\bno\s+(?:es|son|era|eran|fue|parece[n]?)|\bnon\s+(?:è|e|sono|era)|\bn[ãa]o\s+(?:é|e|s[ãa]o|era|parece)"
    r"|\bexcept(?:\s+for)?|\bavoid(?:s|ing|ed)?|\baway\s+from|\b(?:steer|stay|keep|kept|stayed|steered)(?:s|ing)?\s+clear\s+of|\bneither|\bnor"
    r"|\b(?:switch|switching|switched|move|moving|moved|shift|shifting|change|changing|changed|go|going|turn|turning)\s+(?:(?:my|the|our)\s+\w+\s+)?(?:away\s+)?from"
    r"|\bno\s+(?:reason|need|point)\s+to\s+(?:switch|move|change|go|turn)\s+(?:over\s+)?to"  # "no reason to switch to BBB"
    r"|\bruling\s+out|\brule\s+out|\bruled\s+out|\bexcluded|\bdiscarded|\bdismissed|\beliminat(?:e|ing)|\bexclud(?:e|ing)|\babandon(?:ing)?|\bdropping|\bagainst"
    r"|\b(?:wait|waits|waiting|await|awaits|awaiting)(?:\s+for)?"  # the card awaited ("I'll wait for the first card") is no choice
    r"|\bstop(?:ping)?\s+(?:choosing|picking|using|playing|pulling|selecting)|\bno\b(?=\s+(?:more|longer)))"
    r"(?:\s*[:：]\s*|\s+" + _BETWEEN + r")(?:[a-z][’'])?$"  # French elision: "plutôt que l'option 2"; a colon: "Avoiding: AAA"
    # Chinese "不是卡牌 2", "并非边 C", "不选牌组 B": the negation right before the answer or its noun (not "是不是", a question)
    # (round 6) and "不经过第7号楼", "没有经过7号楼" (does not pass building 7): a verb of the answer negated right before it
    r"|(?:(?<!是)不是|并非|並非|不(?:选|選|经过|經過|通过|通過|路过|路過|用|使用)|(?:没|沒)有?(?:经过|經過|通过|通過|路过|路過|用|使用|选|選))\s*(?:第\s*)?$", re.I)
NEG_AFTER = (
    r"(?:losing|lost|loses|bad|poor|worse|worst|risky|unlucky|unrewarding|unprofitable|wrong|incorrect|costly"
    r"|negative|unlikely|less\s+likely|a\s+loser|a\s+bad|punishing|penali[sz]\w*|ruled\s+out|eliminated|out\b"
    r"|not\s+(?:good|great|paying|rewarding|working|correct|right(?![\s-]+(?:arm|lever|hand|side|one))|likely|a\s+match|it\b|the\s+(?:answer|one|right|correct|best|match))"
    r"|n[’']t\s+(?:good|paying|rewarding|working|correct|right|likely|match|it\b|the\s+(?:answer|one|right|correct|best))"
    r"|(?:gave|gives|given|giving|yielded|yields|returned|returns|paid|pays|brought|brings|produced)\s+(?:me\s+|us\s+)?"
    r"(?:nothing|no\s+reward|zero|0\b|a\s+reward\s+of\s+0|a\s+loss|losses|less|bad|poor|negative)"
    r"|(?:does|did|do)\s*(?:not|n[’']t)\s+(?:match|work|pay|fit|give|apply|help|reward)"
    # a sentence that says an option stopped paying ("The left arm has stopped paying; right arm.")
    r"|(?:stopped|ceased|quit)\s+(?:paying|working|rewarding|giving|winning|delivering|producing)"
    r"|(?:dried|dries|drying)\s+up|(?:gone|went|going|run|ran|running)\s+(?:cold|dry|sour)|dropped\s+off|fallen\s+off|tanked"
    r"|(?:came|comes|come|coming|turned|turning)\s+up\s+(?:empty|short|dry)|a\s+(?:dud|bust|money\s+pit|trap)"
    r"|(?:keeps?|kept)\s+(?:losing|failing|costing|punishing|disappointing)|(?:failing|disappointing|unreliable|declining|dropping)"
    r"|n[’']t\s+(?:been\s+)?(?:paying|rewarding|working|winning|delivering|good)|(?:paid|paying|pays)\s+(?:nothing|zero|out\s+nothing)"
    r"|(?:cost|costs|costing)\s+(?:me|us)\b"
    # an option set apart from the target ("Picture A differs in the top left corner, B is mirrored")
    r"|differs?\b|differed\b|mirrored|flipped\b|fail(?:s|ed)\b"
    # German: "Karte 3 passt nicht", "passte Karte 3 nicht." (a bare "nicht" ending the clause, not "Karte 3, nicht Karte 2")
    r"|(?:passt|passte|passen|passten|stimmt|stimmte|funktioniert|funktionierte)\s+nicht\b|nicht(?=\s*(?:[.!?;]|$))"
    r"|(?:では|じゃ)\s*(?:ない|ありません|なかった|なく)|ではなく|は(?:違う|違います|ダメ|だめ)"  # Japanese "X ではありません"
    # a Japanese or Chinese remark that the answer is risky or bad ("デッキBは危ない。", "牌组B风险太大"), as "risky" is
    r"|は\s*(?:危ない|危険|悪い|良くない|よくない|リスクが高い)|(?:很|太)?(?:危险|危險|不好)|风险(?:很|太)?(?:大|高)|風險(?:很|太)?(?:大|高)"
    # Chinese "选项C被排除了", "A是错的", "B不对"
    r"|(?:已经|已經|已)?被\s*(?:排除|淘汰|否定)|(?:是)?(?:错|錯)(?:的|误|誤)(?!过|過)|不(?:对|對|正确|正確)"
    # Korean "X가 아닙니다", "2번 카드가 아니에요" (not "아니면": "or")
    r"|(?:카드|덱|옵션|선택지|건물|그림|도형)?\s*(?:이|가)?\s*아(?:닙니다|니다|니에요|니예요|니야|님|니라|니고|니었))")
POST_NEG = re.compile(
    r"^\s*(?:,\s*)?(?:\([^()\n]{0,60}\)\s*)?(?:(?:deck|arm|card|option)\s+)?(?:(?:which|that)\s+)?"
    r"(?:(?:has|have|had|is|was|were|are|keeps|kept|seems|seemed|looks|looked|appears|'s|’s|would\s+be|will\s+be|be|has\s+been|have\s+been|had\s+been|is\s+being|was\s+being|keeps\s+on)\s+)?"
    r"(?:(?:been|also|clearly|definitely|probably|consistently|mostly|too|very|quite|so)\s+)*" + NEG_AFTER, re.I)
# a later clause of the same sentence denying the answer what the question asks ("S5 has the shortest
# route, and it never touches the red circle", "B looks close, but it doesn't fit the corner")
IT_NEG = re.compile(r"^[^.!?;\n]{0,80}?\b(?:and|but|yet|though)\s+(?:it|this\s+one|that\s+one)\s+(?:never|does\s*n[o’']t|doesn[’']t|did\s*n[o’']t|didn[’']t"
                    r"|can\s*not|cannot|can[’']t|won[’']t|will\s+not)\s+(?:\w+ly\s+)?(?:touch|pass|reach|go|cross|fit|contain|match|include|appear|run|lead|connect)", re.I)
# a later clause of the same sentence setting the answer's match aside as beside the point ("Option 1
# has the same shape, but that's not the rule here", "..., though that doesn't matter now")
DISMISSED = re.compile(r"^[^.!?;\n]{0,80}?\b(?:but|yet|though|although|however)\s*,?\s*(?:that|this|it|shape|colou?r|number)\s*(?:['’]s|\s+is|\s+was|\s+isn['’]t|\s+wasn['’]t)?\s*"
                       r"(?:not\s+|n['’]t\s+|no\s+longer\s+)(?:the\s+|what\s+)?(?:(?:current|active|sorting|relevant|right|correct|present)\s+)?"
                       r"(?:rule|criterion|dimension|category|point|relevant|counts?|matters?)\b"
                       r"|^[^.!?;\n]{0,80}?\b(?:but|yet|though|although|however)\s*,?\s*(?:that|this|it)\s+(?:does\s*n['’o]t|doesn['’]t)\s+(?:matter|count|apply)\b", re.I)
# an answer named as what was chosen before ("Previous choice: AAA", "last time I chose the left arm", "I was wrong
# with rainy": a report of the last trial, which names no answer now, neither it nor the other of two), or
# (replies_blind38) as another agent's answer in a debate ("Agent A says 3", "Agent B chose 2", "the others picked 1"):
# no answer of this reply unless it names it again as its own ("... I agree with the others: 3."); not one the
# reply commits to now after naming the earlier round ("after last round's loss I'll switch to DDD")
_NOW_COMMITS = r"\b(?:i|we)(?:['’](?:ll|m)|\s+(?:will|am|shall))\b"
PAST_CONTEXT = re.compile(r"(?:\b(?:previous(?:ly)?|earlier|prior|last\s+(?:time|round|trial|turn))\b(?:(?!" + _NOW_COMMITS + r")[^.!?\n,;]){0,30}|\b(?:i|we|you)\s+(?:chose|picked|selected|went\s+with|took|predicted|answered|said|(?:was|were)\s+wrong\s+(?:with|about|on))"
                          r"|" + r"(?:\b(?:agent|player|model|debater|participant|assistant|speaker)\s*(?:[A-Z]|\d{1,2})?|\b(?:the\s+)?other\s+(?:agents?|players?|models?|debaters?)|\bthe\s+others)"
                          r"\s+(?:says?|said|chose|chooses|choose|picked|picks?|selected|selects?|went\s+with|goes\s+with|answered|answers?|voted\s+for|votes?\s+for"
                          r"|suggested|suggests?|proposed|proposes?|prefers?|preferred|thinks?|thought|argued\s+for|argues?\s+for|backed|backs?))"
                          r"\s*[:,]?\s*(?:(?:the|deck|option|card|arm)\s+)?$"
                          # and in Japanese, Chinese and Korean ("前の問題ではBが正解です", "上一题选B", "이전 문제에서는 B")
                          r"|(?:前の(?:問題|問い|設問|試行)|前回|上一(?:题|題|轮|輪|次)|上次|이전\s*문제|지난\s*(?:문제|번))\s*(?:では|で|は|に|에서는|에서|는|은)?\s*[、，,:：]?\s*(?:选|選)?\s*$", re.I)
# a choice explained by a reason in the present ("I chose the right arm because it feels lucky"): the
# choice of this reply, not a report of an earlier trial
PRESENT_REASON = re.compile(r"^\s*(?:(?:arm|deck|option|card|one)\s+)?(?:because|since|as)\s+(?:it|this|that)\s+(?:feels|seems|looks|is)\b", re.I)
LIST_JOIN = re.compile(r"^\s*(?:,\s*)?(?:(?:or|nor|and)\b|/)\s*(?:(?:the|a|an|deck|option|card|arm)\s+)?$", re.I)
COMMA_JOIN = re.compile(r"^\s*,\s*(?:(?:the|a|an|deck|option|card|arm)\s+)?$", re.I)
# (and "or" in Japanese, Chinese and Korean: "2番か3番", "1번 아니면 3번", "2或3")
CHAIN_JOIN = re.compile(r"^(?:\s*\([^()\n]{0,40}\))?\s*(?:,\s*)?(?:(?:or|and|vs\.?|versus|oder|und|ou|et)\b|/|,|(?:か|または|もしくは|或者|或|还是|還是|또는|아니면|혹은|이나))\s*(?:(?:maybe|perhaps|possibly|probably|even|also|the|a|an|deck|option|card|arm)\s+)*$", re.I)


# a remark on how an option has done until now ("The right arm has been mixed so far."): its past, no choice
PAST_REMARK = re.compile(r"\s*(?:(?:arm|deck|option|card|one|lever|side)\s+)?(?:(?:has|have|had)\s+(?:been\s+)?|was\s+|were\s+)"
                         r"[^.!?;\n]{0,40}?\b(?:so\s+far|until\s+now|till\s+now|up\s+to\s+now|thus\s+far|to\s+date|lately|recently)\b\s*[.!;\n]", re.I)


# the feedback on the last trial's answer, then this trial ("Option 1 was right. Now circle yellow 1 → ...")
FEEDBACK = re.compile(r"\s+(?:was|has\s+been)\s+(?:right|correct)\s*[.!]\s*(?:now|next|this\s+time|for\s+(?:this|the\s+(?:next|new))\s+(?:card|one|trial))\b", re.I)


def _excluded(text: str, mentions: list[Mention], i: int) -> str | None:
    """Why mention ``i`` is no answer of this reply: "ruled out" (a negation or contrast), "past"
    (only named as an earlier trial's choice), or None."""
    m = mentions[i]
    line_start = text.rfind("\n", 0, m.start) + 1
    offset = max(line_start, m.start - 80)
    pre = PRE_NEG.search(text[offset:m.start])
    # the negation must reach this mention without passing another answer ("from AAA to DDD")
    if pre and i > 0 and mentions[i - 1].end > offset + pre.start():
        # unless that answer is the negating word itself ("No es el mismo cubo": "No" reads as an answer too)
        word_end = offset + pre.start() + len(pre.group().split()[0])
        if not (mentions[i - 1].start >= offset + pre.start() and mentions[i - 1].end <= word_end):
            pre = None
    later = text[m.end:mentions[i + 1].start] if i + 1 < len(mentions) else text[m.end:]
    if pre or post_negated(text, m) or IT_NEG.match(later) or DISMISSED.match(later):
        return "ruled out"
    if PAST_CONTEXT.search(text[offset:m.start]) and not PRESENT_REASON.match(text[m.end:]):
        return "past"
    remark = PAST_REMARK.match(text, m.end)  # "The right arm has been mixed so far. Left arm this time.": the left arm
    if remark and (i + 1 == len(mentions) or mentions[i + 1].start >= remark.end()):  # not "AAA has beaten CCC so far"
        return "past"
    if FEEDBACK.match(text, m.end):  # "Option 1 was right. Now ...": the last trial's feedback, this trial's choice follows
        return "past"
    return None


# the right side set against the left answer right before it ("Left arm, not right.", "The left one, not the right one."):
# a contrast that rejects the right arm, not "(is) not right" said of the left one ("The left arm is not right." still is)
SIDE_CONTRAST = re.compile(r"\s*[,;—–]\s*not\s+(?:the\s+)?right(?:\s+(?:one|arm|lever|side|hand))?\s*(?:[.!;)\n]|$)", re.I)


def post_negated(text: str, m: Mention) -> bool:
    """Whether what follows mention ``m`` rules it out (:data:`POST_NEG`), but for the left side set against the right."""
    return bool(POST_NEG.match(text[m.end:m.end + 100])) and not (m.value == "left" and SIDE_CONTRAST.match(text, m.end))


def reported_mentions(text: str, mentions: list[Mention], among: Iterable[int]) -> set[int]:
    """Which of the mentions ``among`` (indexes) are only named as an earlier trial's choice
    ("Got 1 last time on the right", "Last time I chose the left arm"): no answer of this reply,
    but not ruled out either, so the same answer named again afterwards is this reply's choice
    ("..., so right arm again")."""
    return {i for i in among if _excluded(text, mentions, i) == "past"}


def rejected_mentions(text: str, mentions: list[Mention]) -> set[int]:
    """Indexes of the mentions that a negation or contrast excludes."""
    out: set[int] = {i for i in range(len(mentions)) if _excluded(text, mentions, i)}
    # "X over Y": the second is the one passed over ("Option 3 over option 4")
    for i in range(1, len(mentions)):
        if re.fullmatch(r"\s*over\s+", text[mentions[i - 1].end:mentions[i].start], re.I) and mentions[i - 1].value != mentions[i].value:
            out.add(i)
    # a rule-out said of a list carries back over it ("Decks AAA and BBB have cost me too much")
    for i in sorted(out, reverse=True):
        if post_negated(text, mentions[i]):
            chain, joined, j = [], False, i
            while j > 0:
                gap = text[mentions[j - 1].end:mentions[j].start]
                if LIST_JOIN.match(gap):
                    joined = True
                elif not COMMA_JOIN.match(gap):
                    break
                j -= 1
                chain.append(j)
            if joined:  # "AAA and BBB", "AAA, BBB or CCC" (a comma alone is no list: "No, the same cube ...")
                out.update(chain)
    # a negation carries over a list joined by or/nor/and ("not option 1 or option 2")
    i = 0
    while i < len(mentions):
        if i in out:
            j, chain, joined = i, [], False
            while j + 1 < len(mentions):
                gap = text[mentions[j].end:mentions[j + 1].start]
                if LIST_JOIN.match(gap):
                    joined = True
                elif not COMMA_JOIN.match(gap):
                    break
                chain.append(j + 1)
                j += 1
            if joined:
                out.update(chain)
            i = j + 1 if chain else i + 1
        else:
            i += 1
    return out
