"""An answer label with the trial it answers between the noun and its colon: "my answer for this trial is: BBB",
"My choice for this round: left", "my prediction this time is rainy", "Mi respuesta para este ensayo es: impar",
"Ma réponse pour cet essai est : voyelle", "Meine Antwort für diesen Durchgang ist: gerade", "La mia risposta per
questa prova è: dispari". A careful reader takes it as the plain "My answer is:" it qualifies: an explicit
commitment, whatever lead-in comes before it ("Thank you for letting me know. I will take that feedback into
account as I continue with the task. Based on everything so far, my answer for this trial is: BBB"), and so the
answer of a reply that ends on it without a final stop, which the readers otherwise take for one cut off and read
only from explicit commitments. The label keeps the readers' other checks: a hedge before it ("I think my answer
for this trial is ...") makes it a conclusion, a question after it none."""
from __future__ import annotations

import re

_LABEL_LEVEL = 4  # commitment.LABEL (kept in step by tests/parsing/test_fixP_classes.py)

_NOUN = r"(?:answer|choice|selection|response|pick|decision|prediction|guess|classification|judg(?:e)?ment|reply)"
_OCCASION = (r"(?:trial|round|turn|question|item|step|problem|task|one|stimulus|card|sequence|image|pattern|word|puzzle|pair|letter|number"
             r"|block|move|go|draw|screen|display|presentation)")
_QUALIFIER = (r"(?:(?:for|on|in|to|at)\s+(?:this|the\s+(?:current|present|next|last)|today['’]s|trial)\s+(?:" + _OCCASION + r"\s*)?(?:#\s*)?(?:\d{1,4})?"
              r"|this\s+time|for\s+now|here|now|today)")
_EN = (r"\b(?:my|our)\s+(?:(?:final|actual|official|chosen)\s+)?" + _NOUN + r"\s+" + _QUALIFIER
       + r"\s*(?:(?:is|will\s+be|would\s+be)\s*[:=]?|[:=])")
_ES = (r"\b(?:mi|nuestra)\s+(?:respuesta|elecci[óo]n|selecci[óo]n|predicci[óo]n|decisi[óo]n)(?:\s+final)?\s+(?:para|en)\s+(?:este|esta)\s+"
       r"(?:ensayo|intento|turno|ronda|[íi]tem|pregunta|prueba|vez)\s*(?:es\s*:?|[:=])")
_FR = (r"\b(?:ma|notre)\s+(?:r[ée]ponse|choix|s[ée]lection|pr[ée]diction|d[ée]cision)(?:\s+finale?)?\s+(?:pour|[àa])\s+(?:cet|cette|ce)\s+"
       r"(?:essai|tour|item|question|manche|fois|[ée]preuve)\s*(?:est\s*:?|[:=])")
_DE = (r"\b(?:meine|unsere)\s+(?:(?:endg[üu]ltige|finale)\s+)?(?:antwort|wahl|auswahl|vorhersage|entscheidung)\s+(?:f[üu]r|in|bei)\s+(?:diesen|diese|dieses|diesem)\s+"
       r"(?:durchgang|versuch|durchlauf|runde|item|frage|zug|mal)\s*(?:ist\s*:?|lautet\s*:?|[:=])")
_IT = (r"\b(?:la\s+mia|la\s+nostra)\s+(?:risposta|scelta|selezione|previsione|decisione)(?:\s+finale)?\s+(?:per|in|a)\s+(?:questa|questo)\s+"
       r"(?:prova|turno|tentativo|domanda|item|round|volta)\s*(?:[èe]\s*:?|[:=])")
_PT = (r"\b(?:a\s+)?(?:minha|nossa)\s+(?:resposta|escolha|sele[çc][ãa]o|previs[ãa]o|decis[ãa]o)(?:\s+final)?\s+(?:para|n[ae])\s+(?:esta|este|essa|esse)\s+"
       r"(?:tentativa|rodada|vez|pergunta|item|ensaio|prova)\s*(?:[ée]\s*:?|[:=])")
QUALIFIED_LABEL = re.compile("|".join((_EN, _ES, _FR, _DE, _IT, _PT)), re.I)
MARKERS: list[tuple[re.Pattern, int, str]] = [(QUALIFIED_LABEL, _LABEL_LEVEL, "label")]

# the label opening a sentence or a clause after a lead-in ("Based on everything so far, my answer for this trial is: BBB"),
# the one word or short name after it ending the reply's sentence: for the word answers (CS), read as "Answer: garden" is
WORD_AFTER = re.compile(r"(?:^|(?<=[\n.!?,;:]))\s*(?:(?:so|thus|therefore|hence|then)\s*,?\s*)?(?:" + QUALIFIED_LABEL.pattern + r")"
                        r"\s*[\"'“„«‚‘]?\s*(?P<w>[^\W\d_][\w' /-]{0,40}?)\s*[\"'”“»‘’]?\s*(?:[.!\n]|$)", re.I)
