"""Toy tests for the web app's generic forms, declared through the public API only:

* ``toy-recall``: a word is studied for one second on its own page, then typed from memory
  (a :class:`TextBox` read by a parser for people; study phase with ``study_seconds``);
* ``toy-survey``: an article studied until Continue, then a :class:`Questionnaire` of three
  statements rated 1-5 with a reason each (read by ``parse_form``);
* ``toy-rating``: a 1-7 :class:`Likert` scale.
Each keeps its answer key in ``hidden`` and a model-only line in its parts, which a person
must never receive."""
from __future__ import annotations

import json

from pydantic import Field

from machinepsych.core import (AnswerFormat, Choice, Environment, FreeText, Likert, Observation, Params,
                               Questionnaire, Record, Scorer, Statement, TaskSpec, TextBox, TextPart, percent)

WORDS = ("garden", "river", "candle", "violin", "harbour", "meadow")
MODEL_ONLY = "Reply as JSON for the parser: {\"answer\": ...}"
SECRET = "SECRET-KEY-"


class ToyParams(Params):
    trials: int = Field(3, ge=1, le=20)


class _Toy(Environment):
    Params = ToyParams

    @property
    def n_trials(self):
        return self.params.trials

    def _setup(self):
        self.items = [WORDS[int(i)] for i in self.rng.integers(len(WORDS), size=self.params.trials)]

    def _score(self, action):
        key = self.items[self.trial]
        return self.outcome(action == key if isinstance(action, str) else None, f"Recorded ({self.trial + 1}).",
                            key=key)


class Recall(_Toy):
    action_space = FreeText()

    def instructions(self):
        return "Each trial shows a word for one second. Then type it from memory."

    def _observe(self, feedback):
        word = self.items[self.trial]
        return Observation(self.trial, {"n": self.trial}, (TextPart("Which word did you study?"),
                                                          TextPart(MODEL_ONLY, audience="model")), feedback,
                           hidden={"gold": SECRET + word}, study=(TextPart(f"Study this word: {word}"),),
                           study_seconds=1.0)

    def _score(self, action):
        key = self.items[self.trial]
        return self.outcome(action == key, "Correct." if action == key else "Wrong.", key=key)


STATEMENTS = (Statement("clear", "The article is clear."), Statement("fair", "The article is fair."),
              Statement("new", "The article told me something new."))
SURVEY_SPACE = Record(tuple((s.id, Choice((1, 2, 3, 4, 5))) for s in STATEMENTS))


class Survey(_Toy):
    action_space = SURVEY_SPACE

    def instructions(self):
        return "Read each article, then rate the statements about it."

    def _observe(self, feedback):
        return Observation(self.trial, {"n": self.trial}, (TextPart("Rate each statement about the article."),
                                                          TextPart(MODEL_ONLY, audience="model")), feedback,
                           hidden={"gold": SECRET + "survey"},
                           study=(TextPart(f"Article {self.trial + 1}: the {self.items[self.trial]} was restored."),))

    def _score(self, action):
        return self.outcome(None, None, key="none")


class Rating(_Toy):
    action_space = Choice(tuple(range(1, 8)))

    def instructions(self):
        return "Rate how pleasant each word is."

    def _observe(self, feedback):
        return Observation(self.trial, {"n": self.trial}, (TextPart(f"How pleasant is '{self.items[self.trial]}'?"),
                                                          TextPart(MODEL_ONLY, audience="model")), feedback,
                           hidden={"gold": SECRET + "rating"})

    def _score(self, action):
        return self.outcome(None, "Thank you.", key="none")


def _word(text, obs):
    words = text.strip().lower().split()
    return (words[0], "parsed") if len(words) == 1 else (None, "invalid" if words else "empty")


def _json(text, obs):
    try:
        return json.loads(text), "parsed"
    except ValueError:
        return None, "invalid"


def _survey_form(submission, obs):
    return dict(submission["ratings"]), "parsed"


def _score(trials, params):
    return {"answered": 100.0 * (trials["parse_status"] == "parsed").mean()}


SCORER = Scorer(_score, (percent("answered", "answered"),), "answered")
RECALL = TaskSpec(
    id="toy-recall", version=1, family="toy", title="Toy recall", env_class=Recall, scorer=SCORER,
    answer=AnswerFormat(parse=_word, format=str, form=lambda obs, space: TextBox("Type the word.", "garden"),
                        model_instruction="Answer with the word only.", person_instruction="Type the word and press Enter.",
                        parse_typed=_word))
SURVEY = TaskSpec(
    id="toy-survey", version=1, family="toy", title="Toy survey", env_class=Survey, scorer=SCORER,
    answer=AnswerFormat(parse=_json, format=lambda a: json.dumps(a, sort_keys=True),
                        form=lambda obs, space: Questionnaire(STATEMENTS, 1, 5, ("disagree", "agree"), "Why?"),
                        model_instruction="Answer as JSON.", person_instruction="Choose one number per statement.",
                        parse_form=_survey_form))
RATING = TaskSpec(
    id="toy-rating", version=1, family="toy", title="Toy rating", env_class=Rating, scorer=SCORER,
    answer=AnswerFormat(parse=_json, format=str, form=lambda obs, space: Likert(1, 7, ("unpleasant", "pleasant")),
                        model_instruction="Answer with a number.", person_instruction="Click a number."))
TOYS = {"toy-recall-v1": RECALL, "toy-survey-v1": SURVEY, "toy-rating-v1": RATING}
