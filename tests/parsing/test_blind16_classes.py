"""Classes of misreadings the blind reply set replies_blind16 found (first measured 98.2% meant,
1.0% wrong, 0.8% invalid): each is checked on replies other than the corpus lines, with the
reading a careful person takes (None: unreadable, never guessed)."""
from __future__ import annotations

import pytest

from machinepsych.parsing import parse_free_text


# ----------------------------------------------------------------------------- wrong readings
@pytest.mark.parametrize("reply", [
    # German, with words between the modal and its negation, the modal before or after "ich"
    "Ich kann das leider nicht kommentieren.",
    "Dazu möchte ich mich lieber nicht äußern.",
    "Hierzu kann ich leider nichts sagen. Gibt es noch etwas?",
    "Ich werde hierzu keine Stellungnahme abgeben.",
    # Spanish and French with an adverb or two words before the verb
    "No me es posible comentar este texto.",
    "Je ne peux malheureusement pas commenter ce passage.",
    "Je préfère ne pas me prononcer.",
    # Chinese and Japanese, inside a sentence
    "我无法对此发表评论。",
    "很抱歉，我不能评论这段文字。",
    "コメントは控えさせていただきます。",
])
def test_a_refusal_in_another_language_is_no_comment(reply):
    assert parse_free_text(reply, None) == (None, "refusal")


@pytest.mark.parametrize("reply", [
    "Ich kann das nicht beurteilen, aber der Text ist klar geschrieben.",
    "我无法评价，但是这段文字写得很清楚。",
    "Ich kann nicht sagen, dass mir der Text gefällt; er ist zu lang.",
    "Der Autor kann nicht helfen, die Leser zu überzeugen.",
])
def test_a_decline_that_turns_to_the_text_is_a_comment(reply):
    assert parse_free_text(reply, None) == (reply, "parsed")
