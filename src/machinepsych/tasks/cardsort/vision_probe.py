"""WCST visual feature-recognition probe (``docs/cardsort.md#wcst-vision-probe``).

Each of the 64 WCST trial images is shown in its own single-turn question: how many cards
are there, and what is on each (number, colour, shape), in the format
``Number of cards: [n], Card Label: [number, color, shape], ...``. Cards are listed in
reading order: the top row left to right, then the bottom card. The images are those of
``wcst --input image`` for the same seed (same deck order and key positions).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import numpy as np
from pydantic import Field

from machinepsych.core.env import Environment, Params
from machinepsych.core.parsing import fallback_status
from machinepsych.parsing.cut_lists import cut_inside_next_item
from machinepsych.parsing.probe_cards import normalize_probe, probe_unsure
from machinepsych.parsing.probe_repeats import replace_repeats
from machinepsych.core.spaces import Choice, ListOf, Record, Space
from machinepsych.core.spec import Agent, AgentView, AnswerFormat, HumanForm, Metric, Scorer, TaskSpec, TextBox, percent
from machinepsych.core.types import ImagePart, Observation, ParseStatus, TextPart

from .cards import COLORS, NUMBERS, SHAPES, Card
from .spec import CardSortSpec
from .wcst64 import draw_wcst64_layout
from .layouts import vision_probe

if TYPE_CHECKING:  # pandas loads with the first score, not with the test
    import pandas as pd

CITATION = ("Hao, G., Alexandre, F., & Yu, S. (2024). Visual large language models exhibit human-level cognitive "
            "flexibility in the Wisconsin Card Sorting Test")
N_CARDS = 5
MAX_CARDS = 10
FEATURES = ("color", "shape", "number")
CARD_SPACE = Record((("number", Choice(NUMBERS)), ("color", Choice(COLORS)), ("shape", Choice(SHAPES))))
QUESTION = (
    "Look at the image. First say how many cards you see. Then describe every card, going along the top row from "
    "left to right and then the bottom card: the number of figures on it, their colour and their shape. Use exactly "
    "this format: Number of cards: [n], Card Label: [number, color, shape], Card Label: [number, color, shape], ..."
)
# people answer in the text box; the format above is the models' (and is parsed for people too)
PERSON_QUESTION = (
    "Look at the image. Type how many cards you see, then describe every card, going along the top row from left "
    "to right and then the bottom card: the number of figures on it, their colour and their shape."
)
# an example answer that is not the answer to any picture (every picture shows five cards)
TYPED_EXAMPLE = "3; 2 blue triangles, 1 yellow star, 4 red crosses"
DESCRIPTION = (
    "You will be shown pictures of playing cards, one picture per question. Each card carries 1 to 4 figures; a "
    "figure is a triangle, a star, a cross or a circle, coloured red, green, yellow or blue."
)
MODEL_FORMAT = "Answer each question on its own, in the format it asks for."
PERSON_FORMAT = ("Type how many cards you see, then each card as number, colour and shape, going along the top row "
                 f"from left to right and then the bottom card, for example \"{TYPED_EXAMPLE}\".")


class ProbeParams(Params):
    n_trials: int = Field(64, ge=1, le=640, description="images (trials) per session")
    shuffle_key_positions: bool = Field(True, description="key cards in a random left-to-right order per session")


class VisionProbe(Environment):
    Params = ProbeParams

    @property
    def n_trials(self) -> int:
        return self.params.n_trials

    @property
    def action_space(self) -> Record:
        return Record((("count", Choice(tuple(range(0, MAX_CARDS + 1)))), ("cards", ListOf(CARD_SPACE, MAX_CARDS))))

    def instructions(self) -> str:
        return DESCRIPTION

    def model_text(self) -> str:
        return f"{DESCRIPTION} {MODEL_FORMAT}"

    def _setup(self) -> None:
        # the same draws as WCST64._setup -> the same images for the same seed
        self.deck, self.keys = draw_wcst64_layout(self.rng, self.params.n_trials, self.params.shuffle_key_positions)

    def _cards(self) -> list[Card]:
        return list(self.keys) + [self.deck[self.trial]]

    def _observe(self, feedback: str | None) -> Observation:
        from .render import trial_png

        png = trial_png(tuple(self.keys), self.deck[self.trial])
        # the cards listed here are exactly what the picture shows
        stim = {"cards": [c.to_json() for c in self._cards()], "n_cards": N_CARDS}
        return Observation(self.trial, stim, (ImagePart(png, alt="five cards"), TextPart(QUESTION, audience="model"),
                                              TextPart(PERSON_QUESTION, audience="person")), feedback)

    def _score(self, action: Any):
        truth = self._cards()
        count = None if action is None else int(action["count"])
        reported = [] if action is None else list(action["cards"])
        feats: dict[str, list[bool]] = {"color": [], "shape": [], "number": []}
        for j, card in enumerate(truth):
            rep = reported[j] if j < len(reported) else None
            for f in feats:
                feats[f].append(rep is not None and rep[f] == card.get(f))
        count_ok = count == N_CARDS
        ok = count_ok and all(all(v) for v in feats.values())
        return self.outcome(ok, None, count=count, count_correct=count_ok,
                            overcount=max(0, (count or 0) - N_CARDS), color_correct=feats["color"],
                            shape_correct=feats["shape"], number_correct=feats["number"])


# ----------------------------------------------------------------------------- replies
NUMWORD = {"one": 1, "two": 2, "three": 3, "four": 4, "single": 1}
# the count's label in English and in the lexicon's other languages ("Anzahl der Karten", "Número de cartas", "Nombre de
# cartes", "Numero di carte", "卡片数量", "カードの枚数"), and its number as a digit or a word of those languages
COUNT_LABEL = (r"(?:number\s+of\s+cards|(?:die\s+)?anzahl\s+(?:der\s+)?karten|kartenanzahl|n[úu]mero\s+de\s+(?:cartas|tarjetas|naipes)"
               r"|nombre\s+de\s+cartes|numero\s+(?:di|delle)\s+carte|(?:卡片|卡牌|牌)(?:的)?(?:数量|數量|张数|張數|数)|カード(?:の)?(?:枚数|数)|카드\s*(?:의\s*)?(?:수|개수|장\s*수))")
COUNT_WORDS = r"one|two|three|four|five|six|seven|eins|zwei|drei|vier|f[üu]nf|sechs|sieben|uno|dos|tres|cuatro|cinco|seis|siete|un|deux|trois|quatre|cinq|sept|due|tre|quattro|cinque|sei|sette|[一二三四五六七]"
COUNT_RE = re.compile(COUNT_LABEL + r"\s*(?:[:=：]|ist|est|es|è|是|は)?\s*\**\s*[\[【]?\s*(\d+|" + COUNT_WORDS + r")(?![^\W\d_])", re.I)
SHAPE_RE = r"(triangle|star|cross|plus|circle)(?:es|s)?(?:\s+signs?)?"
CARD_RE = re.compile(rf"\[\s*(\d|one|two|three|four|single)\s*,\s*(red|green|yellow|blue)\s*,\s*{SHAPE_RE}\s*\]", re.I)
# a second count offered after the count ("5 or 6", "5 oder 6", "5-6")
_COUNT_EITHER = re.compile(r"\s*\]?\s*(?:or|oder|o|ou|或者?|か|또는|[-–/])\s*\[?\s*(?:\d|" + COUNT_WORDS + r")(?![^\W\d_])", re.I)
WORDS = {"five": 5, "six": 6, "seven": 7, **NUMWORD,
         **{w: k for k, ws in enumerate((("eins", "uno", "un", "一"), ("zwei", "dos", "deux", "due", "二"), ("drei", "tres", "trois", "tre", "三"),
                                         ("vier", "cuatro", "quatre", "quattro", "四"), ("fünf", "funf", "cinco", "cinq", "cinque", "五"),
                                         ("sechs", "seis", "six", "sei", "六"), ("sieben", "siete", "sept", "sette", "七")), 1) for w in ws}}


def _card(num: str, color: str, shape: str) -> dict:
    num, shape = num.lower(), shape.lower()
    return {"number": int(num) if num.isdigit() else NUMWORD[num], "color": color.lower(),
            "shape": "cross" if shape == "plus" else shape}


def parse_probe(reply: str, obs: Observation | None = None) -> tuple[dict | None, ParseStatus]:
    """``Number of cards: [n], Card Label: [number, color, shape], ...`` -> {count, cards}."""
    text = normalize_probe(reply or "")  # the list in other forms (:mod:`machinepsych.parsing.probe_cards`)
    m = list(COUNT_RE.finditer(text))
    if not m:
        return None, fallback_status(text)
    if _COUNT_EITHER.match(text, m[-1].end()):  # "Number of cards: 5 or 6": two counts, none given
        return None, "invalid"
    if probe_unsure(text, m[-1].start(), CARD_RE):  # "Card 5: [1 or 2, yellow, triangle]", "Card 5 might be ..."
        return None, "invalid"
    raw = m[-1].group(1).lower()
    count = int(raw) if raw.isdigit() else WORDS[raw]
    found = list(CARD_RE.finditer(text, m[-1].start()))
    if found and cut_inside_next_item(text[found[-1].end():]):
        return None, "invalid"  # "..., Card 5: [1, red,": cut off inside a card (:mod:`machinepsych.parsing.cut_lists`)
    found = replace_repeats(text, found, count)  # a card named again or corrected replaces it (probe_repeats)
    cards = [_card(c.group(1), c.group(2), c.group(3)) for c in found]
    cards = [c for c in cards if c["number"] in NUMBERS][:MAX_CARDS]
    if not cards or count > MAX_CARDS:
        return None, "invalid"
    return {"count": count, "cards": cards}, "parsed"


def format_probe(action: dict) -> str:
    cards = ", ".join(f"Card Label: [{c['number']}, {c['color']}, {c['shape']}]" for c in action["cards"])
    return f"Number of cards: [{action['count']}], {cards}"


TYPED_COUNT = re.compile(r"^\D*?(\d+|one|two|three|four|five|six|seven)\b", re.I)
# a typed card: number (optional for one figure: "red triangle"), colour, shape (plural marked)
TYPED_CARD = re.compile(r"\[?\s*\b(?:(\d|one|two|three|four|single|an?)\s*,?\s*)?(red|green|yellow|blue)\s*,?\s*"
                        r"(triangle|star|cross|plus|circle)(es|s)?(\s+signs?)?\b\s*\]?", re.I)


def _typed_card(m: re.Match) -> dict | None:
    """One typed card; a card without its number is one figure ("red triangle"), unless the
    shape is plural ("red triangles"), which says nothing of how many: None."""
    num = (m.group(1) or "").lower()
    plural = bool(m.group(4)) or (m.group(5) or "").strip().lower() == "signs"
    if not num and plural:
        return None
    return _card("1" if num in ("", "a", "an") else num, m.group(2), m.group(3))


def parse_typed(text: str, obs: Observation | None = None) -> tuple[dict | None, ParseStatus]:
    """What a person types: the reply format above, or simply ``5; 1 red triangle, 2 green
    stars, ...`` (the count first, then the cards in reading order; "a red star" and "red
    star" are one figure; "red stars" without a number is refused, so the page asks again)."""
    action, status = parse_probe(text, obs)
    if status == "parsed":
        return action, status
    text = text or ""
    found = list(CARD_RE.finditer(text))
    if found and cut_inside_next_item(text[found[-1].end():]):
        return None, "invalid"
    m = TYPED_COUNT.match(text)
    if not m:
        return None, fallback_status(text)
    raw = m.group(1).lower()
    count = int(raw) if raw.isdigit() else WORDS[raw]
    cards = [_typed_card(c) for c in TYPED_CARD.finditer(text[m.end():])]
    if None in cards:  # a card whose number of figures cannot be told: ask again rather than guess
        return None, "invalid"
    cards = [c for c in cards if c["number"] in NUMBERS][:MAX_CARDS]
    if not cards or count > MAX_CARDS:
        return None, "invalid"
    return {"count": count, "cards": cards}, "parsed"


def form(obs: Observation, space: Space) -> HumanForm:
    return TextBox(hint="how many cards, then each card as number, colour and shape (top row left to right, "
                        "then the bottom card)",
                   example=TYPED_EXAMPLE)


# ----------------------------------------------------------------------------- scores
def probe_measures(count: list, count_ok: list, feats: dict[str, list[list[bool]]]) -> dict[str, float]:
    """ACC_count = 100·#(count = 5)/n; ACC_f = 100·#(feature f right)/(5n) per card slot;
    overcount penalty P = 100·Σ 0.5·max(0, count - 5)/n; overall = (ACC_count + 5·Σ_f ACC_f - P)/16."""
    n = len(count)
    out = {"acc_count": 100 * sum(map(bool, count_ok)) / n}
    for f, per_img in feats.items():
        out[f"acc_{f}"] = 100 * sum(sum(map(bool, r)) for r in per_img) / (n * 5)
    out["overcount_penalty"] = 100 * sum(0.5 * max(0, (c or 0) - 5) for c in count) / n
    out["overall"] = (out["acc_count"] + 5 * sum(out[f"acc_{f}"] for f in feats) - out["overcount_penalty"]) / 16
    return out


def score_probe(trials: pd.DataFrame, params: ProbeParams) -> dict[str, float | None]:
    import pandas as pd

    if trials.empty:
        return {"overall": None}
    counts = [None if pd.isna(c) else int(c) for c in trials["count"]]
    feats = {f: [list(v) for v in trials[f"{f}_correct"]] for f in FEATURES}
    return probe_measures(counts, list(trials["count_correct"]), feats)


SCORER = Scorer(score_probe, (
    # the overcount penalty (up to 250 with 10 cards reported) can take the overall score below 0
    Metric("overall", "overall feature recognition", "%", (None, 100.0)),
    percent("acc_count", "card count right"),
    percent("acc_color", "colours right (per card)"),
    percent("acc_shape", "shapes right (per card)"),
    percent("acc_number", "numbers of figures right (per card)"),
    Metric("overcount_penalty", "overcount penalty", "%", (0.0, None), higher_is_better=False),
), primary="overall")


def simulate(params: ProbeParams, S: int, rng: np.random.Generator, responses: str = "uniform") -> dict[str, np.ndarray]:
    """Uniformly random valid answers without rendering: the count is uniform on 0..10, the
    number of cards listed uniform on 1..10 and each listed feature uniform over its 4
    values, so a card slot j < 5 is right on a feature with probability 1/4 when listed."""
    n = int(params.n_trials)
    count = rng.integers(0, MAX_CARDS + 1, size=(S, n))
    listed = rng.integers(1, MAX_CARDS + 1, size=(S, n))
    present = np.arange(N_CARDS)[None, None, :] < listed[:, :, None]
    out = {"acc_count": 100.0 * (count == N_CARDS).mean(axis=1)}
    for f in FEATURES:
        right = present & (rng.integers(0, 4, size=(S, n, N_CARDS)) == 0)
        out[f"acc_{f}"] = 100.0 * right.sum(axis=(1, 2)) / (n * N_CARDS)
    out["overcount_penalty"] = 100.0 * (0.5 * np.maximum(0, count - N_CARDS)).sum(axis=1) / n
    out["overall"] = (out["acc_count"] + 5 * sum(out[f"acc_{f}"] for f in FEATURES) - out["overcount_penalty"]) / 16
    return out


# ----------------------------------------------------------------------------- agents, figure
def ideal(view: AgentView) -> Any:
    """Reports the cards the picture shows (the stimulus lists exactly those): 100%."""
    cards = view.observation.stimulus["cards"]
    return {"count": len(cards), "cards": [dict(c) for c in cards]}


def probe_figure(trials: pd.DataFrame, scores: pd.DataFrame, spec: TaskSpec) -> list:
    cols = [c for c in ("acc_count", "acc_color", "acc_shape", "acc_number", "overall") if c in scores]
    if not cols:
        return []
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    df = scores if "condition" in scores else scores.assign(condition="all")
    table = df.groupby("condition")[cols].mean().T
    table.index = [spec.scorer.metric(c).label for c in table.index]
    fig, ax = plt.subplots(figsize=(6.5, 3.8))
    table.plot.bar(ax=ax)
    ax.set_ylim(0, 100)
    ax.set_ylabel("accuracy (%)", fontsize=10)
    ax.tick_params(labelsize=9)
    ax.set_xticklabels(table.index, rotation=30, ha="right", fontsize=9)
    ax.legend(fontsize=9)
    ax.set_title("WCST vision probe: feature recognition", fontsize=11)
    return [("WCST vision probe: feature recognition", fig)]


SPEC = CardSortSpec(
    id="wcst-vision-probe", version=1, family="vision-probe", title="WCST visual feature-recognition probe",
    env_class=VisionProbe,
    answer=AnswerFormat(parse=parse_probe, format=format_probe, form=form, model_instruction=MODEL_FORMAT,
                        person_instruction=PERSON_FORMAT, parse_typed=parse_typed),
    scorer=SCORER, citation=CITATION, presets={"default": {}}, default_sessions=1, feedback_mode="inline",
    conversation="single", agents={"ideal": Agent(ideal, "reports the cards the picture shows (100%)")},
    chance=simulate, figures=(probe_figure,), docs="docs/cardsort.md#wcst-vision-probe", layouts=(vision_probe,),
)
