"""Classes of misreadings the blind reply set replies_blind34 found (first measured 97.0% meant,
0.2% wrong, 2.8% invalid; replies in the styles of reasoning models and agent scaffolds): each is
checked on replies other than the corpus lines, with the reading a careful person takes (None:
unreadable, never guessed)."""
from __future__ import annotations

import pytest

from tests.support.replies import CARDS, MA1, P3, read, vf

ODD = {"sentences": ["Tea is brewed from leaves.", "Rivers carry sediment.", "Green tea is not oxidised."]}
VZ1 = vf("VZ1", "rows", 4, ["T", "F"])
CS = vf("CS1", "word", 1, [])
PETS = {"topic": "Pets", "benchmark": "v",
        "statements": [{"id": str(k), "text": f"Statement number {k}."} for k in range(1, 4)]}

# (CARDS: the card sorted is 3 red stars; option 2 is its shape, 3 its colour, 4 its number)


# ----------------------------------------------------------------------------- an agent scaffold's final answer
SCAFFOLDS = [
    # the comment is what follows "Final Answer:", without the scaffold's steps
    ("oddball", ODD, "Thought: I should keep it short.\nFinal Answer: The sentence about rivers does not belong here.",
     "The sentence about rivers does not belong here."),
    ("oddball", ODD, "Thought: the user wants comments.\nAction: write_comment\nAction Input: tea\nObservation: ok\n"
     "Final Answer: A tidy overview of tea.\nThe river line is out of place.", "A tidy overview of tea.\nThe river line is out of place."),
    ("oddball", ODD, "Thought 1: read the passage.\nObservation 1: one sentence is off topic.\nfinal answer: Nice passage, odd river bit.",
     "Nice passage, odd river bit."),
    # a scaffold whose final answer is empty answers nothing (its thoughts are reasoning)
    ("oddball", ODD, "Thought: I will say the river sentence is odd.\nFinal Answer:", None),
    # in the choice formats the Final Answer line is the commitment: an answer object in a thought is reasoning
    ("wcst", CARDS, 'Thought: {"answer": 2} would match the shape.\nAction: check_rule\nObservation: colour is likelier\nFinal Answer: 3', 3),
    ("visfactor-p3", P3, 'Thought: \\boxed{B} looked right at first.\nFinal Answer: D', "D"),
    ("visfactor-ma1", MA1, 'Thought: {"answer": 45} would fit.\nAction: recall\nObservation: the dog was paired with 77\nFinal Answer: 77', 77),
    ("wcst", CARDS, "Thought: card 2 has the shape.\nAction: select_card\nAction Input: 2\nFinal Answer:", None),
]
# what stays as it was: "Final Answer:" without a scaffold's step before it is a label in the text
SCAFFOLDS_KEPT = [
    ("oddball", ODD, "Final Answer: The passage is fine.", "Final Answer: The passage is fine."),
    ("oddball", ODD, "My thought: rivers are off topic. Final answer: an odd river line.",
     "My thought: rivers are off topic. Final answer: an odd river line."),
    ("wcst", CARDS, "Final Answer: 3", 3),
    ("wcst", CARDS, "Thought: Card 4 matches the number.\nAction: select_card\nAction Input: 4", 4),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", SCAFFOLDS + SCAFFOLDS_KEPT)
def test_an_agent_scaffold_answers_what_follows_its_final_answer(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- tool and function calls
def call(arguments: str, name: str = "submit_answer") -> str:
    return '{"name": "%s", "arguments": %s}' % (name, arguments)


CALLS = [
    # arguments as a JSON string (OpenAI's function calls): decoded once, in every format
    ("wcst", CARDS, call('"{\\"card\\": 3}"', "select_card"), 3),
    ("visfactor-ma1", MA1, call('"{\\"answer\\": 77}"'), 77),
    ("visfactor-p3", P3, call('"{\\"answer\\": \\"B\\"}"'), "B"),
    ("visfactor-cs1", CS, call('"{\\"answer\\": \\"kettle\\"}"'), "kettle"),
    ("visfactor-vz1", VZ1, call('"{\\"answer\\": [\\"T\\", \\"T\\", \\"F\\", \\"F\\"]}"'), ["T", "T", "F", "F"]),
    # (with a second, unread argument naming another option: the words alone would be two answers)
    ("wpt", {}, call('"{\\"forecast\\": \\"sunny\\", \\"today\\": \\"rainy\\"}"', "submit_forecast"), "sunny"),
    ("dcigt", {}, call('"{\\"deck\\": \\"CCC\\", \\"last\\": \\"AAA\\"}"', "draw"), "CCC"),
    # in OpenAI's wrapper, and with Anthropic's "input" and Llama's "parameters"
    ("wcst", CARDS, '{"type": "function", "function": {"name": "choose", "arguments": "{\\"selection\\": 4}"}}', 4),
    ("wcst", CARDS, '{"type": "tool_use", "name": "select_card", "input": {"card": 4}}', 4),
    # a questionnaire's ratings in a string, as in an object
    ("cogbench-v", PETS, call('"{\\"1\\": 4, \\"2\\": 2, \\"3\\": 5}"', "submit_ratings"), {"1": 4, "2": 2, "3": 5}),
    ("cogbench-v", PETS, call('"{\\"ratings\\": {\\"1\\": 4, \\"2\\": 2, \\"3\\": 5}}"', "submit_ratings"), {"1": 4, "2": 2, "3": 5}),
    # the one argument named for the action (the answer's kind or a synonym), in <tool_call> tags or not
    ("wcst", CARDS, "<tool_call>\n" + call('{"card": 3}', "select_card") + "\n</tool_call>", 3),
    ("mbt", {}, call('{"arm": "left"}', "pull_arm"), "left"),
    ("prlt", {}, "<tool_call>\n" + call('{"side": "right"}', "pull") + "\n</tool_call>", "right"),
    ("visfactor-cs1", CS, call('{"word": "kettle"}'), "kettle"),
    # (beside an argument of another name holding another option: only the argument's name tells the answer)
    ("wpt", {}, call('{"prediction": "rainy", "today": "sunny"}'), "rainy"),
    ("visfactor-ma1", MA1, call('{"guess": 45, "runner_up": 77}'), 45),
    ("visfactor-p3", P3, call('{"letter": "C", "runner_up": "B"}'), "C"),
    ("wcst", CARDS, call('{"card": 2, "reason": "same shape"}', "select_card"), 2),
    # what stays unread: two answer arguments that disagree, an argument naming no answer, one out of range,
    # a hedge, a string that is no object, a key given twice in the string
    ("wcst", CARDS, call('{"card": 2, "selection": 3}', "select_card"), None),
    ("wcst", CARDS, call('"{\\"card\\": 2, \\"choice\\": 3}"', "select_card"), None),
    ("mbt", {}, call('{"arm": "left", "choice": "right"}', "pull"), None),
    ("wcst", CARDS, call('"{\\"answer\\": 2, \\"answer\\": 3}"'), None),
    ("wcst", CARDS, call('{"rule": "colour"}', "select_card"), None),
    ("wcst", CARDS, "<tool_call>\n" + call('{"card": 9}', "select_card") + "\n</tool_call>", None),
    ("mbt", {}, call('{"arm": "middle"}', "pull"), None),
    ("prlt", {}, call('{"arm": "left or right"}', "pull"), None),
    ("visfactor-cs1", CS, call('"{\\"answer\\": \\"kettle or teapot\\"}"'), None),
    ("visfactor-vz1", VZ1, call('"{\\"answer\\": [\\"T\\", \\"T\\", \\"F\\"]}"'), None),
    # a call is read as an answer object is: the conclusion right before it must agree, a hedge after it is a hedge
    ("wcst", CARDS, "So card 3. " + call('{"card": 3}', "select_card"), 3),
    ("wcst", CARDS, "So card 2. " + call('{"card": 3}', "select_card"), None),
    ("wcst", CARDS, call('{"card": 3}', "select_card") + " (or card 2)", None),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", CALLS)
def test_a_tool_call_gives_its_answer_argument(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- a reasoning block never closed
UNCLOSED = [
    # a block that ends, finished, on an explicit commitment: that commitment is the answer
    ("wcst", CARDS, "<think>\nCard 4 has three figures, the number. Card 3 is red, the colour. Answer: 3.", 3),
    ("wcst", CARDS, "<think>\nShape is the usual first rule; that is card 2. I'll go with card 2.", 2),
    ("visfactor-p3", P3, "<think>\nA and C look alike, but only C has the notch. C it is.", "C"),
    ("prlt", {}, "<think>\nThe left arm paid nothing twice in a row. I'll switch to the right arm.", "right"),
    ("mbt", {}, "<think>\nLeft has paid three times out of four. Keep going with left.", "left"),
    ("wpt", {}, "<think>\nDevice 1 came before rain twice. My prediction is rainy.", "rainy"),
    # ("keep (going) with" decides, as "stick with" does, outside a block too)
    ("mbt", {}, "Keep going with right.", "right"), ("prlt", {}, "Keep with the left arm.", "left"),
    # a bare answer ending the block right after a self-correction
    ("visfactor-ma1", MA1, "<think>\nThe dog was beside 45, I think. No wait, that was the cat. 77.", 77),
    ("wcst", CARDS, "<think>\nNumber points to card 4. Hmm, actually, colour is the usual start. Card 3.", 3),
    # what stays unread: a block that stops mid-sentence, describes, conditions, hedges, asks, negates, or reasons on
    ("wcst", CARDS, "<think>\nColour would be card 3. Let me go with", None),
    ("wcst", CARDS, "<think>\nCard 2 has the shape. Card 3 has the colour.", None),
    ("wcst", CARDS, "<think>\nI'll go with card 2 if the rule is shape.", None),
    ("wcst", CARDS, "<think>\nMaybe I'll go with card 3.", None),
    ("wcst", CARDS, "<think>\nShould I pick card 2 or card 3?", None),
    ("wcst", CARDS, "<think>\nI won't pick card 2.", None),
    ("wcst", CARDS, "<think>\nAnswer: 2. Now let me check the number rule as well.", None),
    ("wcst", CARDS, "<think>\nI'll go with card 2. Actually, let me look at the colours again.", None),
    ("wcst", CARDS, "<think>\nI'll go with card 2. Actually, maybe 3.", None),
    ("wcst", CARDS, "<think>\nShape gives 2, colour 3. Selection: 2 or 3.", None),
    # a decision verb that leads elsewhere than to an answer ending the sentence: an option only mentioned
    ("wcst", CARDS, "<think>\nColour gives card 4. Let me take a look at card 3.", None),
    ("wcst", CARDS, "<think>\nColour gives card 4. I'll take a closer look at card 3.", None),
    ("wcst", CARDS, "<think>\nColour gives card 4. Let's go with card 3 and see what the feedback says.", None),
    ("wcst", CARDS, "<think>\nColour gives card 4. I'll go back to card 2.", None),
    ("wcst", CARDS, "<think>\nColour gives card 4. I'll say more about card 3.", None),
    # a comment or a questionnaire is never read from a block never closed
    ("oddball", ODD, "<think>\nThe river sentence is odd. I'll go with a short comment.", None),
    ("cogbench-v", PETS, "<think>\nStatement 1: 4. Statement 2: 2. Statement 3: I'll go with 5.", None),
    # a terse answer, and a block that closes, read as before
    ("wcst", CARDS, "3", 3),
    ("wcst", CARDS, "<think>\nColour gives 3.\n</think>\n3", 3),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", UNCLOSED)
def test_a_reasoning_block_never_closed_answers_only_the_commitment_it_ends_on(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- LaTeX text commands
LATEX_TEXT = [
    # an answer label or decision written in \text{...} inside math: the command and its braces are markup
    ("wcst", CARDS, r"Shape matches, so the answer is $\text{Selection: } 2$.", 2),
    ("visfactor-p3", P3, r"The hidden figure is $\text{Answer: } D$.", "D"),
    ("visfactor-ma1", MA1, r"It was paired with $\text{Selection: } 45$.", 45),
    ("visfactor-cs1", CS, r"$\text{Answer: } kettle$", "kettle"),
    ("visfactor-cs1", CS, r"$\textbf{Answer:}\ \text{kettle}$", "kettle"),
    ("visfactor-p3", P3, r"$\text{I choose } \text{C}$", "C"),
    ("mbt", {}, r"$\text{Pull: } \text{right}$", "right"),
    # read as before: the text alone, a box, a hedge, an answer out of range
    ("wcst", CARDS, r"$\text{card } 3$", 3),
    ("wcst", CARDS, r"$\boxed{\text{card } 3}$", 3),
    ("wcst", CARDS, r"$\text{Selection: } 3 \text{ or } 4$", None),
    ("wcst", CARDS, r"$\text{Card 2 has the shape, card 3 the colour}$", None),
    ("wcst", CARDS, r"$\text{Selection: } 9$", None),
    ("visfactor-cs1", CS, r"$\text{Answer: } \text{kettle or teapot}$", None),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", LATEX_TEXT)
def test_an_answer_in_a_latex_text_command_is_read_without_the_command(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant


# ----------------------------------------------------------------------------- LaTeX tables
LATEX_TABLES = [
    # a LaTeX array or tabular is read as a markdown table is: a rating column beside the statement numbers
    ("cogbench-v", PETS, r"$$\begin{array}{c|c} \text{Statement} & \text{Rating} \\ \hline 1 & 4 \\ 2 & 2 \\ 3 & 5 \end{array}$$",
     {"1": 4, "2": 2, "3": 5}),
    ("cogbench-v", PETS, "\\begin{tabular}{|c|c|l|}\n\\hline\n\\textbf{Statement} & \\textbf{Rating} & \\textbf{Why} \\\\\n\\hline\n"
     "1 & 4 & pets are good company \\\\\n2 & 2 & too much work \\\\\n3 & 5 & yes \\\\\n\\hline\n\\end{tabular}", {"1": 4, "2": 2, "3": 5}),
    ("cogbench-v", PETS, r"\begin{array}{cc} \# & \text{Score} \\ 1 & 3 \\ 2 & 3 \\ 3 & 1 \end{array}", {"1": 3, "2": 3, "3": 1}),
    # a rating off the scale or hedged leaves its statement unread
    ("cogbench-v", PETS, r"\begin{array}{cc} \text{Statement} & \text{Rating} \\ 1 & 4 \\ 2 & 7 \\ 3 & 5 \end{array}", {"1": 4, "2": None, "3": 5}),
    ("cogbench-v", PETS, r"\begin{array}{cc} \text{Statement} & \text{Rating} \\ 1 & 4 \\ 2 & 2 \\ 3 & 3 or 4 \end{array}",
     {"1": 4, "2": 2, "3": None}),
    # as a markdown table: without a rating column, or never closed, no ratings
    ("cogbench-v", PETS, r"\begin{array}{cc} 1 & 4 \\ 2 & 2 \\ 3 & 5 \end{array}", None),
    ("cogbench-v", PETS, r"\begin{array}{cc} \text{Statement} & \text{Rating} \\ 1 & 4 \\ 2 & 2", None),
    # in the other formats too: one option marked in a table, rows by number
    ("wcst", CARDS, r"\begin{tabular}{cc} Card & Match \\ 1 & ✗ \\ 2 & ✗ \\ 3 & ✓ \\ 4 & ✗ \end{tabular}", 3),
    ("visfactor-vz1", VZ1, r"\begin{tabular}{cc} Row & Answer \\ 1 & T \\ 2 & F \\ 3 & T \\ 4 & T \end{tabular}", ["T", "F", "T", "T"]),
]


@pytest.mark.parametrize("test,stimulus,reply,meant", LATEX_TABLES)
def test_a_latex_table_is_read_as_a_markdown_table(test, stimulus, reply, meant):
    assert read(test, stimulus, reply) == meant
