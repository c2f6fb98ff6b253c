"""Refusals in free text: a reply that declines to answer and says nothing else ("I'm sorry,
but I can't help with that.", "I can't comment on this.", "As an AI, I don't have opinions.
Is there anything else I can help with?") is a refusal, not a comment (Oddball).

A reply is a refusal when at least one of its sentences declines (:data:`DECLINE`) and every
other sentence only apologises, offers help or asks what is wanted (:data:`FOLLOW_UP`). A
sentence that declines and then turns to the task ("As an AI I have no feelings, but the
passage is informative.") carries a comment, and so does any other sentence: such a reply is
read as written.
"""
from __future__ import annotations

import re

DECLINE = re.compile(
    r"\b(?:"
    r"(?:i|we)\s*(?:(?:won['’]?t|will\s+not)\s+be\s+able\s+to|can\s*not|cannot|can['’]?t|won['’]?t|will\s+not|am\s+unable\s+to|['’]m\s+unable\s+to|am\s+not\s+able\s+to|['’]m\s+not\s+able\s+to"
    r"|(?:would|['’]d)\s+rather\s+not|(?:do\s+not|don['’]?t)\s+(?:feel\s+comfortable|think\s+i\s+(?:can|should)))\s+"
    r"(?:(?:really|fully|directly|personally|actually)\s+)?(?:help(?!\s+(?:but|noticing|thinking|feeling|wondering))|assist|comment|do|comply|participate|answer|provide|engage|share|give"
    r"|offer|fulfil+|complete|continue|respond|discuss|evaluate|rate|judge|pick|choose|make|express|form|write|review|analy[sz]e)\b"
    r"|(?:i|we)\s+(?:must|have\s+to|need\s+to)\s+decline|(?:i|we)\s+decline\s+to"
    r"|(?:i['’]m|i\s+am|we['’]re|we\s+are)\s+not\s+comfortable\s+(?:with\s+)?\w+ing\b"
    r"|(?:i|we)\s*(?:would|['’]d)\s+rather\s+not\s*[.!]*\s*$"
    r"|(?:i|we)\s*(?:would|['’]d)?\s*prefer\s+not\s+to\s+(?:\w+\s+)?(?:comment|share|give|offer|provide|express|answer|respond|weigh\s+in)\b"
    # Spanish, French, Italian, Portuguese: "no puedo comentar", "je ne peux pas commenter", "non posso commentare",
    # "não posso comentar", "prefiero no opinar" (a verb of commenting or answering must follow)
    r"|(?:no\s+(?:puedo|podr[ée]|quiero)|prefiero\s+no|je\s+ne\s+(?:peux|pourrai|souhaite|veux|voudrais)\s+pas|je\s+pr[ée]f[èe]re\s+ne\s+pas"
    r"|non\s+(?:posso|potr[òo]|voglio)|preferisco\s+non|n[ãa]o\s+(?:posso|poderei|quero|consigo)|prefiro\s+n[ãa]o"
    # "je ne suis pas en mesure de commenter", "no estoy en condiciones de", "non sono in grado di", "não sou capaz de"
    r"|je\s+ne\s+suis\s+pas\s+(?:en\s+mesure|capable)\s+d[e']|no\s+estoy\s+en\s+condiciones\s+de|no\s+soy\s+capaz\s+de"
    # "je ne peux malheureusement pas", "il m'est impossible de", "no me es posible", "me es imposible"
    r"|je\s+ne\s+(?:peux|pourrai|pourrais|souhaite|veux|voudrais|saurais)\s+(?:\w+\s+)?pas|il\s+m['’]est\s+impossible\s+d[e']"
    r"|no\s+me\s+es\s+posible|me\s+es\s+imposible"
    r"|non\s+sono\s+in\s+grado\s+di|n[ãa]o\s+(?:sou\s+capaz|estou\s+em\s+condi[çc][õo]es)\s+de)\s+(?:\w+\s+){0,2}?"
    r"(?:coment\w*|comment\w*|opin\w*|r[ée]pond\w*|respond\w*|rispond\w*|responder|ayudar|aider|aiutar\w*|ajudar|dar\s+mi\s+opini[óo]n"
    r"|donner\s+mon\s+avis|prononcer|pronunciarme|partager|compartir|condivider\w*|partilhar|esprimer\w*|expresar|exprimer|valorar|[ée]valuer|valutar\w*|avaliar)"
    # German, the modal before or after "ich", words between it and the negation: "Ich kann dazu leider keinen
    # Kommentar abgeben.", "Dazu möchte ich mich lieber nicht äußern.", "Dazu kann ich leider nichts sagen."
    r"|(?:möchte|kann|werde|will)\s+ich\s+(?:keinen?|nicht)\b"
    r"|(?:ich\s+(?:möchte|kann|könnte|werde|will|darf)|(?:möchte|kann|könnte|werde|will|darf)\s+ich)\s+(?:[^\W\d_]+\s+){0,4}?"
    r"(?:(?:keinen?|nicht)\s+(?:[^\W\d_]+\s+){0,3}?(?:kommentar\w*|kommentier\w*|stellung\w*|antwort\w*|beantworten|bewert\w*|beurteil\w*"
    r"|einsch[äa]tz\w*|meinung|[äa]u(?:ß|ss)ern|helfen|behilflich)|nichts\s+(?:[^\W\d_]+\s+){0,2}?sagen)\b"
    r"|(?:i|we)\s+can\s+only\s+(?:comment|respond|help|answer|assist|discuss)"
    r"|as\s+an?\s+(?:\w+\s+){0,2}(?:ai|assistant|language\s+model|llm)\b[^.!?\n]{0,40}?(?:n['’]t|\bnot\b|\bcannot\b|\bunable\b|\bno\s+(?:personal|feelings|opinions|views))"
    r"|(?:i|we)\s+(?:do\s+not|don['’]?t)\s+have\s+(?:personal\s+)?(?:opinions|feelings|views|preferences|the\s+ability)"
    r"|(?:this|that)\s+(?:is|isn['’]?t)\s+(?:something|a\s+(?:request|task))\s+i\s+can"
    # Russian and Korean: "Извините, я не могу комментировать", "죄송하지만 ... 의견을 드릴 수 없습니다"
    r"|не\s+(?:могу|смогу|буду|стану)\s+(?:\w+\s+)?(?:коммент\w*|ответ\w*|оцен\w*|помо\w*|выполн\w*|выска\w*|обсужд\w*|дать|давать)"
    r"|(?:의견|코멘트|논평|답변|응답|대답|평가|언급|말씀)[^.!?\n]{0,15}(?:드릴|할|제공할)\s*수\s*(?:가\s*)?없"
    # and "can't help" / "can't respond": "도와드릴 수 없습니다", "도울 수 없습니다", "응할 수 없습니다"
    r"|(?:도와\s*(?:드릴|줄)|도울|응할|답할)\s*수\s*(?:가\s*)?없"
    # Turkish, Arabic, Hindi: "yardımcı olamam", "yorum yapamam", "لا أستطيع التعليق", "मैं टिप्पणी नहीं कर सकता"
    r"|yard[ıi]mc[ıi]\s+olama(?:m|yaca[ğg][ıi]m)|yorum\s+yapama(?:m|yaca[ğg][ıi]m)|(?:cevap|yan[ıi]t|g[öo]r[üu][şs])\s+(?:bildireme|vereme)(?:m|yece[ğg]im)"
    r"|yorum\s+yapmak\s+istemiyorum|de[ğg]erlendireme(?:m|yece[ğg]im)"
    r"|لا\s+(?:أستطيع|استطيع|يمكنني|يسعني|أقدر|اقدر)\s+(?:\S+\s+)?(?:التعليق|المساعدة|مساعدتك|الإجابة|الاجابة|الرد|تقديم|إبداء|ابداء|المشاركة|تقييم)"
    r"|(?:मदद|सहायता|टिप्पणी|जवाब|उत्तर|राय)\s+(?:\S+\s+){0,2}?नहीं\s+(?:कर|दे)\s+(?:सकता|सकती|सकूँगा|सकूंगा|सकूँगी|सकूंगी|पाऊँगा|पाऊंगा)"
    # Greek, Polish, Swedish, Indonesian, Vietnamese: "δεν μπορώ να σχολιάσω", "nie mogę skomentować",
    # "jag kan inte kommentera", "saya tidak bisa mengomentari", "tôi không thể bình luận"
    r"|δεν\s+(?:μπορώ|θα\s+ήθελα)\s+να\s+(?:σχολι\w*|απαντ\w*|αξιολογ\w*|βοηθ\w*)"
    r"|nie\s+(?:mog[ęe]|chc[ęe]|b[ęe]d[ęe])\s+(?:\w+\s+)?(?:skomentowa\w*|komentowa\w*|odpowiad\w*|odpowiedzie\w*|oceni\w*|pom[óo]c)"
    r"|jag\s+(?:kan|vill|kommer)\s+(?:inte|ej)\s+(?:att\s+)?(?:kommentera|svara|bed[öo]ma|hj[äa]lpa)"
    r"|(?:saya|aku)\s+(?:tidak|tak)\s+(?:bisa|dapat|mau|ingin)\s+(?:\w+\s+)?(?:mengomentari|berkomentar|menjawab|menilai|membantu)"
    r"|t[ôo]i\s+kh[ôo]ng\s+th[ểe]\s+(?:\w+\s+)?(?:b[ìi]nh\s+lu[ậa]n|tr[ảa]\s+l[ờo]i|đ[áa]nh\s+gi[áa]|gi[úu]p)"
    r"|lo\s+siento|je\s+suis\s+d[ée]sol[ée]|tut\s+mir\s+leid|抱歉|对不起|申し訳"
    # Japanese, inside a sentence (no word boundary before it): "この文章についてはコメントできません"
    r")|(?:コメント|回答|お答え|お応え|応答|対応|お手伝い|ご協力|評価)(?:すること)?(?:は|を)?(?:できません|(?:でき|致し|いたし|し)かねます|(?:差し)?控え(?:させていただ|ます|たい))"
    # Chinese, inside a sentence: "我无法对此发表评论", "很抱歉，我不能评论这段文字", "这个我不方便评论"
    r"|(?:无法|無法|不能|不便|不方便|没办法|沒辦法|拒绝|拒絕)(?:[^。！？\n，,]{0,6}?|[对對][^。！？\n，,]{0,12}?)(?:评论|評論|置评|置評|评价|評價|回答|作答|发表意见|發表意見"
    r"|提供(?:评论|評論|意见|意見)|帮助|幫助|协助|協助)"
    # Korean "hard to give": "평가하기 어렵습니다", "답변을 드리기 곤란합니다"; and "as an AI I have no opinion":
    # "AI로서 개인적인 의견은 없습니다"
    r"|(?:의견|코멘트|논평|답변|응답|대답|평가|말씀)(?:을|를)?\s*(?:드리|하|제공하)기\s*(?:가\s*)?(?:어렵|곤란)"
    # and in Japanese: "AIとして個人的な意見は持っていません"
    r"|(?:ai|人工知能|言語モデル|アシスタント)\s*として[^。！？\n]{0,20}?(?:意見|感情|見解|考え)(?:は|を)?\s*(?:持って(?:い)?ません|持ちません|ありません)"
    r"|(?:ai|인공지능|언어\s*모델|어시스턴트)\s*(?:로서|로써)[^.!?\n]{0,20}?(?:의견|감정|견해|생각)(?:은|이|을)?\s*(?:없|가지고\s*있지\s*않|갖고\s*있지\s*않)"
    # and in Chinese, as the English "As an AI, I have no personal opinion" / "I don't have opinions": "作为AI，我没有个人意见。"
    r"|(?:作为|作為|身为|身為)\s*(?:一个|一個|一名)?\s*(?:ai|人工智能|人工智慧|语言模型|語言模型|(?:ai\s*)?助手)[^。！？\n]{0,20}?(?:没有|沒有|不具备|不具備|并无|並無)"
    r"|我(?:并|並)?(?:没有|沒有)(?:任何)?(?:个人|個人)?(?:的)?(?:意见|意見|观点|觀點|看法|感情|情感|偏好|立场|立場)", re.I)
# what a refusal adds without commenting: apologies, offers of help, questions back
FOLLOW_UP = re.compile(
    r"^\s*(?:(?:i['’]m|i\s+am)\s+(?:sorry|afraid)|sorry|apologies|unfortunately|thank\s+you|thanks"
    r"|d[ée]sol[ée]e?|mi\s+dispiace|desculp[ea]|lo\s+siento|perd[óo]n|entschuldigung|leider|извините|простите|죄송|λυπάμαι|συγγνώμη|przepraszam|f[öo]rl[åa]t|tyv[äa]rr|maaf|xin\s+l[ỗo]i"
    r"|[üu]zg[üu]n[üu]m|maalesef|[öo]z[üu]r\s+dilerim|عذر[اًً]*|آسف|أعتذر|اعتذر|للأسف|क्षमा\s+करें|माफ़?\s+(?:कीजिए|करें)|खेद\s+है"
    r"|(?:please\s+)?let\s+me\s+know|feel\s+free|is\s+there\s+(?:anything|something)|if\s+you|could\s+you|would\s+you|can\s+you"
    r"|(?:i['’]d|i\s+would|i['’]m|i\s+am)\s+(?:be\s+)?(?:happy|glad)\s+to|i\s+hope\s+you\s+understand|however,?\s+i\s+can"
    r"|please\s+(?:rephrase|clarify|provide)|how\s+(?:else\s+)?can\s+i)\b|[?？]\s*$"
    # offers of help in Chinese, Japanese and Korean ("还有什么可以帮您的", "他に何かあれば", "다른 도움이 필요하시면 말씀해 주세요")
    r"|^\s*(?:还有什么|還有什麼|有(?:什么|什麼)(?:其他|别的|別的)?(?:可以|能)|他に(?:何か|ご質問)|何かあれば|(?:다른\s+)?(?:도움|질문)이\s+(?:필요|있))"
    r"|^\s*(?:죄송|미안)",  # Korean apologies run on into their ending ("죄송합니다", "죄송하지만")
    re.I)
# a turn from the refusal to the task inside one sentence ("..., but the passage is informative")
PIVOT = re.compile(r"(?:,|;|—|–)?\s*\b(?:but|though|although|however|still|yet|mais|cependant|sans|pero|aunque|sin(?:\s+embargo)?"
                   r"|ma|per[òo]|tuttavia|senza|mas|por[ée]m|contudo|sem|aber|jedoch|doch|allerdings|trotzdem)\b(?!\s+(?:i|we)\s+(?:can|could|would|will|am|['’]d|['’]m|must)\b"
                   r"(?!\s+(?:say|note|tell\s+you|point\s+out|observe|mention|comment\s+(?:that|on\s+the))\b|\s+(?:comment|say|note|share|offer|summari[sz]e|describe|outline|explain)(?:\s+(?:this|that|it|on\s+it|the\s+(?:passage|text)|a\s+few\s+(?:thoughts|things)|some\s+(?:thoughts|observations)))?\s*[:—–]))"
                   r"|(?:但是?|不过|不過|然而|しかし|でも|けど|けれど|(?:(?<=です)|(?<=ます)|(?<=ない)|(?<=ません))が(?=[、,])|지만|하지만|그러나|그런데)", re.I)

_SENTENCE = re.compile(r"(?<=[.!?。！？।؟])\s*|\n+")


def is_refusal(text: str) -> bool:
    """Whether ``text`` (the reply without its reasoning block) declines and says nothing else."""
    sentences = [s.strip() for s in _SENTENCE.split(text or "") if s and s.strip()]
    declined = False
    for s in sentences:
        m = DECLINE.search(s)
        if m:
            pivot = PIVOT.search(s, m.end())
            if pivot and re.search(r"[^\W\d_]{3,}", s[pivot.end():]) and not DECLINE.search(s, pivot.end()):
                return False  # the sentence turns to the task (not "I'm sorry, but I am not able to comment")
            declined = True
        elif not FOLLOW_UP.search(s):
            return False
    return declined
