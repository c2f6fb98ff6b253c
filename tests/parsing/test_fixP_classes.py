"""fixP (issue 31): letters chosen at the end of a short causal sentence, and word answers after an answer label
qualified by the trial ("my answer for this trial is: X") behind a lead-in of any length. Each ``CAUSAL`` and
``QUALIFIED`` case failed on main 0fc841ef (read invalid, or as the option left behind); the guards keep close
replies' readings (the reading right, and the near miss that must stay invalid)."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest

from machinepsych.core.types import Observation
from machinepsych.parsing import causal_choice, commitment, qualified_label
from machinepsych.tasks.catalog import get_task

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@lru_cache(maxsize=None)
def stimulus(test: str, kind: str) -> dict:
    """A real stimulus of ``test`` (replies_blind61's first line of it, in ``kind``.jsonl)."""
    for line in (FIXTURES / "replies_blind61" / f"{kind}.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip() and (row := json.loads(line))["test"] == test:
            return row["stimulus"]
    raise LookupError(test)


def read(test: str, reply: str, kind: str = "letter", **stim) -> tuple:
    obs = Observation(trial=0, stimulus={**stimulus(test, kind), **stim}, parts=())
    return get_task(test).answer.parse(reply, obs)


def test_levels_kept_in_step():
    assert causal_choice._DECISION == commitment.DECISION and qualified_label._LABEL_LEVEL == commitment.LABEL


# ---------------------------------------------------------------------------------------------- class 1: letters
CAUSAL = [
    # the set's own lines (blind55-61)
    ("bandit2arm", "A won last round, so stick with A.", "A"),
    ("prl", "A lost, so switch to B.", "B"),
    ("prl", "Machine A has stopped paying; switching to the other one.", "B"),
    ("bandit4arm", "B won a point last time! B again.", "B"),
    ("bandit4arm", "Machine A gave me 62 points, which is decent, but I haven't tried the others. Let me explore: B.", "B"),
    ("twostep-kool", "Scelgo la navicella A.", "A"),
    # our own: other phrasings, tests and languages
    ("bandit2arm", "B paid 1 point, so stick with B.", "B"),
    ("bandit2arm", "Nothing from A, so switching to B.", "B"),
    ("bandit4arm", "C gave 12 last round, so stay with C.", "C"),
    ("bandit4arm", "Machine D paid poorly; so trying A.", "A"),
    ("bandit4arm-gl", "A won 40 last time! A again.", "A"),
    ("bandit4arm", "I have tried A and B. Let me explore: D.", "D"),
    ("bandit4arm", "Last time I picked A and lost 50. This time: C.", "C"),
    ("bandit4arm-gl", "Machine A gave me 62 points. Exploring: B.", "B"),
    ("bandit2arm", "A won last round. B again.", "B"),
    ("prl", "B was wrong twice, then switch to A.", "A"),
    ("prl", "B no longer rewards. I'll switch to the other one.", "A"),
    ("igt", "Deck A cost me 250, so switch to C.", "C"),
    ("twostep", "Spaceship B got nothing, so switch to A.", "A"),
    ("twostep-kool", "B led nowhere, so stick with A.", "A"),
    ("twostep-kool", "La navicella B non ha dato niente, quindi passo alla navicella A.", "A"),
    ("igt", "Deck B gave 100 but then lost 1250. Let me explore: D.", "D"),
    ("bandit2arm", "A a gagné, donc je reste sur A.", "A"),
    ("bandit2arm", "A hat verloren, also wähle ich B.", "B"),
    ("bandit2arm", "A perdió, así que me quedo con B.", "B"),
    ("bandit2arm", "La máquina A no paga; cambio a la otra.", "B"),
    ("bandit2arm", "A non paga più, quindi passo a B.", "B"),
]


@pytest.mark.parametrize("test,reply,meant", CAUSAL)
def test_causal_choice(test, reply, meant):
    assert read(test, reply) == (meant, "parsed")


CAUSAL_GUARDS = [  # (test, reply, reading): None where a careful reader cannot tell
    ("bandit2arm", "A won last round, so stick with A? Or switch to B?", None),
    ("bandit2arm", "If A loses, then switch to B.", None),
    ("bandit4arm", "A lost; switching to the other one.", None),  # four options: which other one?
    ("bandit2arm", "A lost and B lost too; switching to the other one.", None),
    ("bandit2arm", "A lost, so not switching to the other one.", None),
    ("bandit2arm", "If A stops paying, switch to the other one.", None),
    ("bandit2arm", "A won, so stick with A. Or B again.", None),
    ("bandit4arm", "B won again.", None),  # what B did, not a choice
    ("bandit4arm", "Exploring A gave me 20.", None),
    ("bandit2arm", "A won, so stick with A, or switch to B.", None),
    ("bandit4arm", "This time A lost 40.", None),
    ("bandit2arm", "Stick with A.", "A"),
    ("bandit2arm", "A won, so I pick A.", "A"),
    ("bandit2arm", "A lost. Switch to B.", "B"),
    ("prl", "A pays well; I'll stay with A rather than switch to the other one.", "A"),
    ("igt", "C has been steady, so C again.", "C"),  # (read on main already)
    ("twostep-kool", "Spaceship A led to a reward, so stick with A.", "A"),
    ("twostep-kool", "La navicella B non ha dato niente, quindi scelgo A.", "A"),
]


@pytest.mark.parametrize("test,reply,reading", CAUSAL_GUARDS)
def test_causal_guards(test, reply, reading):
    assert read(test, reply) == ((reading, "parsed") if reading is not None else (None, "invalid"))


# ---------------------------------------------------------------------------------------------- class 2: words
WORD_ANSWERS = [("dcigt", "BBB"), ("lnt", "vowel"), ("lnt-letter", "consonant"), ("lnt-number", "even"), ("mbt", "left"),
                ("nback", "yes"), ("prlt", "right"), ("wpt", "rainy"), ("visfactor-cs1", "bicycle"), ("visfactor-cs2", "garden"),
                ("visfactor-cs3", "clock")]
LEAD = "Thank you for letting me know. I will take that feedback into account as I continue with the task. "
# after the long Llama-3 lead-in (read as cut off on main: the qualified label was no explicit commitment), every word test
QUALIFIED_FORMS = [
    LEAD + "Based on everything so far, my answer for this trial is: {}",  # the set's own (blind60 word:2, 17, 32, 47)
    LEAD + "Since the pattern seems stable, my answer this time is: {}",
    LEAD + "Taking the recent outcomes into account, my response for trial 12 is: {}",
    LEAD + "Since the last result surprised me a little, my final answer for this round: {}",
]
# after other lead-ins: the word tests read them on main already (kept, below; mbt, nback and prlt under the second form
# did not), the VisFactor CS words did not (the CS reader had no such label)
OTHER_FORMS = [
    "Understood, and thanks for the feedback on the previous trial. I'll keep the pattern in mind going forward. My answer for this round is: {}",
    "Okay. I have noted the outcome of the last trial and I will factor it into my strategy for the remaining trials. "
    "Given what I have seen so far, my choice for this trial: {}",
    "Thanks for the update on the last outcome. I have been tracking the results and I will keep doing so as we continue. "
    "So my answer for the current trial is: {}",
    "Gracias por la información. Tendré en cuenta el resultado en los próximos ensayos. Mi respuesta para este ensayo es: {}",
    "Merci pour le retour. Je vais en tenir compte pour la suite de la tâche et rester attentif. Ma réponse pour cet essai est : {}",
    "Danke für die Rückmeldung. Ich werde sie bei den nächsten Durchgängen berücksichtigen. Meine Antwort für diesen Durchgang ist: {}",
    "Grazie per il riscontro. Ne terrò conto nelle prossime prove e continuerò con attenzione. La mia risposta per questa prova è: {}",
    "Obrigado pelo retorno. Vou levar isso em conta nas próximas tentativas e continuar com atenção. Minha resposta para esta tentativa é: {}",
]
CS = [(t, w) for t, w in WORD_ANSWERS if t.startswith("visfactor-cs")]


@pytest.mark.parametrize("form", QUALIFIED_FORMS)
@pytest.mark.parametrize("test,word", WORD_ANSWERS)
def test_qualified_label(test, word, form):
    assert read(test, form.format(word), "word") == (word, "parsed")


@pytest.mark.parametrize("form", OTHER_FORMS)
@pytest.mark.parametrize("test,word", CS)
def test_qualified_label_words(test, word, form):
    assert read(test, form.format(word), "word") == (word, "parsed")


@pytest.mark.parametrize("form", OTHER_FORMS)
@pytest.mark.parametrize("test,word", [tw for tw in WORD_ANSWERS if tw not in CS])
def test_qualified_label_kept(test, word, form):
    assert read(test, form.format(word), "word") == (word, "parsed")


QUALIFIED_GUARDS = [
    ("prlt", LEAD + "My final answer for this trial is right", None),  # "is right" without a colon: correct, or the arm?
    ("dcigt", LEAD + "My answer for this trial is: BBB or CCC", None),
    ("lnt", LEAD + "My answer for the previous trial was vowel. My answer for this trial is: consonant", "consonant"),  # (invalid on main)
    ("dcigt", LEAD + "I am not sure what my answer for this trial is.", None),
    ("visfactor-cs1", LEAD + "My answer for this trial is: bicycle or table", None),
    ("dcigt", "My answer is: BBB", "BBB"),
]


@pytest.mark.parametrize("test,reply,reading", QUALIFIED_GUARDS)
def test_qualified_guards(test, reply, reading):
    assert read(test, reply, "word") == ((reading, "parsed") if reading is not None else (None, "invalid"))


# ---------------------------------------------------------------------------------------------- class 3: widened
# an answer after a clause of grounds ("Based on ...", "Given ...", "Since ...") or a word of time, in the lexicon's
# languages, and after a history naming other options (:mod:`machinepsych.parsing.lead_clause`); (test, reply, kind, meant)
GROUNDS = [
    ("bandit4arm", "Based on the last two rounds, B.", "letter", "B"),
    ("bandit4arm", "Since C has paid the most, C.", "letter", "C"),
    ("igt", "Given the losses from deck A, switching to deck C.", "letter", "C"),
    ("bandit2arm", "Since A won last time, A.", "letter", "A"),
    ("bandit4arm", "I picked A last round and lost; this round, B.", "letter", "B"),
    ("igt", "Deck B gave me 100 and then took 250. Deck C next.", "letter", "C"),
    ("prl", "Given the reversal, B this time.", "letter", "B"),
    ("twostep", "Given that spaceship A led to the poor planet, spaceship B.", "letter", "B"),
    ("bandit2arm", "Da A verloren hat, wähle ich B.", "letter", "B"),
    ("bandit2arm", "Dado que A perdió, B.", "letter", "B"),
    ("bandit2arm", "Étant donné que A a perdu, B.", "letter", "B"),
    ("bandit2arm", "Dato che A ha perso, B.", "letter", "B"),
    ("bandit2arm", "Já que A perdeu, B.", "letter", "B"),
    ("visfactor-cs1", "Based on the shape, a bicycle.", "word", "bicycle"),
    ("visfactor-cs1", "Since the outline has two wheels, bicycle.", "word", "bicycle"),
    ("visfactor-cs1", "Given the outline, it is a kite.", "word", "kite"),  # read "given the outline" on main
    ("visfactor-cs2", "Given the outline, the word is garden.", "word", "garden"),  # read "given the outline" on main
    ("visfactor-cs2", "Dato il contorno, la parola è garden.", "word", "garden"),  # read "dato il contorno" on main
    ("nback", "Given the sequence so far, yes.", "word", "yes"),
    ("mbt", "Since the last reward came from the left, left.", "word", "left"),
    ("wcst", "Since the rule was colour last time, 2.", "card", 2),
]


@pytest.mark.parametrize("test,reply,kind,meant", GROUNDS)
def test_grounds_then_answer(test, reply, kind, meant):
    assert read(test, reply, kind) == (meant, "parsed")


GROUNDS_GUARDS = [  # (test, reply, kind, reading)
    ("bandit2arm", "Given that B lost twice, not B.", "letter", None),
    ("bandit2arm", "A lost, then B won.", "letter", None),
    ("bandit2arm", "Since B paid last time, B again?", "letter", None),
    ("bandit4arm", "Given the losses, A is worse.", "letter", None),
    ("bandit4arm", "After A lost, B lost too.", "letter", None),
    ("bandit4arm", "If A loses again, then B.", "letter", None),
    ("bandit4arm", "Based on the feedback, A and B.", "letter", None),
    ("bandit4arm", "Last time I picked A and lost 50. This time: A or C?", "letter", None),
    ("bandit4arm", "Since A lost, maybe B.", "letter", None),
    ("visfactor-cs1", "Given the outline, it might be a kite.", "word", None),
    ("visfactor-cs1", "Given the outline, kite or umbrella.", "word", None),
    ("visfactor-cs1", "Given the outline, not a kite.", "word", None),  # read "given the outline" on main
    ("dcigt", "Given the losses, AAA or CCC.", "word", None),
    ("lnt", "Since the letter is E, vowel.", "word", "vowel"),
    ("wcst", "Given the feedback, card 3.", "card", 3),
    ("dcigt", "Deck AAA cost me 1250 last time. This time: CCC.", "word", "CCC"),  # (read on main already)
    ("wpt", "Today is sunny.", "word", None),  # today's weather, not the prediction (replies_blind13 word:117)
    ("wpt", "Rainy yesterday, now sunny.", "word", None),
    ("visfactor-cs2", "Looking at the fragments, the object", "word", None),  # cut off (replies_blind60 word:110)
]


@pytest.mark.parametrize("test,reply,kind,reading", GROUNDS_GUARDS)
def test_grounds_guards(test, reply, kind, reading):
    assert read(test, reply, kind) == ((reading, "parsed") if reading is not None else (None, "invalid"))
