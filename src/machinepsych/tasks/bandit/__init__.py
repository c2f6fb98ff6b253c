"""Bandit tests (``docs/bandits.md``): a two-armed bandit with fixed win probabilities, a
probabilistic reversal learning task, four-armed bandits with drifting payoffs (points, or gains
and losses), and a bandit offering two of four machines per trial; the variants of hBayesDM's and
cpm-toolbox's example data, which ``machinepsych import-people`` reads (docs/people-data.md)."""
from __future__ import annotations

from machinepsych.core.spec import UNIFORM_POLICY, ChancePolicy, TaskSpec

from . import people
from .agents import agents
from .answer import ANSWER, PAIRS_ANSWER
from .chance import ALWAYS_A, ALWAYS_A_PRL, simulator
from .env import Arms, Drift, GainLoss, Pairs, Reversal, TwoArm
from .models import fit
from .score import scorer

DOCS = "docs/bandits.md"
EREV = ("Erev, I., Ert, E., Roth, A. E., et al. (2010). A choice prediction competition: choices from experience "
        "and from description. Journal of Behavioral Decision Making, 23, 15-47")
DEN_OUDEN = ("den Ouden, H. E. M., Daw, N. D., Fernandez, G., Elshout, J. A., Rijpkema, M., Hoogman, M., Franke, B., "
             "& Cools, R. (2013). Dissociable effects of dopamine and serotonin on reversal learning. Neuron, 80, "
             "1090-1100")
DAW = ("Daw, N. D., O'Doherty, J. P., Dayan, P., Seymour, B., & Dolan, R. J. (2006). Cortical substrates for "
       "exploratory decisions in humans. Nature, 441, 876-879")
SEYMOUR = ("Seymour, B., Daw, N. D., Roiser, J. P., Dayan, P., & Dolan, R. (2012). Serotonin selectively "
           "modulates reward value in human decision-making. Journal of Neuroscience, 32, 5833-5842")
CPM = ("Dome, L., Hezemans, F., Wagner, B. J., Webb, A., Carrera, M., & Hauser, T. cpm-toolbox: a toolbox for "
       "computational psychiatry and psychology (version 0.26.0), https://cpm-toolbox.net")


def _spec(id: str, title: str, env_class: type[Arms], citation: str, table, scale: float = 1.0,
          points: bool = False, primary: str = "optimal", q0: float = 0.0, constant: ChancePolicy | None = None) -> TaskSpec:
    """``q0``: where the models' learnt values start, the midpoint of the scaled outcomes (0 for
    +-1, 0.5 for 0/1 or points / 100); ``agent:rw`` starts there too, the model it plays."""
    K = env_class.Params.ARMS
    return TaskSpec(id=id, version=1, family="bandit", title=title, env_class=env_class, answer=PAIRS_ANSWER if env_class is Pairs else ANSWER,
                    scorer=scorer(K, primary), citation=citation, default_sessions=1, feedback_mode="inline",
                    agents=agents(scale, q0), chance=simulator(env_class), docs=f"{DOCS}#{id}",
                    fit=fit(K, scale, points, q0, pairs=env_class is Pairs), people=table,
                    chance_policies=(UNIFORM_POLICY, constant) if constant else (UNIFORM_POLICY,))


TWO_ARM = _spec("bandit2arm", "Two-armed bandit (fixed win probabilities)", TwoArm, EREV, people.TWO_ARM, constant=ALWAYS_A)
PRL = _spec("prl", "Probabilistic reversal learning (two machines)", Reversal, DEN_OUDEN, people.REVERSAL,
            constant=ALWAYS_A_PRL)
FOUR_ARM = _spec("bandit4arm", "Four-armed bandit, drifting points (Daw et al., 2006)", Drift, DAW, people.DRIFT,
                 scale=0.01, points=True, primary="reward", q0=0.5)
FOUR_ARM_GL = _spec("bandit4arm-gl", "Four-armed bandit, drifting gains and losses (Seymour et al., 2012)",
                    GainLoss, SEYMOUR, people.DRIFT, primary="reward")
PAIRS = _spec("bandit-pairs", "Bandit of four machines offered in pairs (cpm-toolbox)", Pairs, CPM, people.PAIRS,
              q0=0.5, constant=ALWAYS_A)
