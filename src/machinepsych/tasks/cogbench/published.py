"""Published CogBench results (Lv et al., 2024, Tables 2 and 3): GPT-4 with each method on the
released CogBench data, for comparison only (other data, other participants)."""
from __future__ import annotations

# method -> (a avg, a 5th, a 10th, v avg, v 5th, v 10th)
AUTHENTICITY = {"CoT": (0.182, 0.192, 0.091, 0.153, 0.302, 0.131),
                "ReAct*": (0.236, 0.144, 0.270, 0.212, 0.241, 0.227),
                "Reflexion*": (0.302, 0.327, 0.244, 0.329, 0.352, 0.373),
                "CogGPT": (0.536, 0.415, 0.597, 0.532, 0.496, 0.611)}
RATIONALITY = {"CoT": (2.925, 2.883, 3.167, 3.058, 3.767, 3.083),
               "ReAct*": (3.415, 3.483, 3.483, 3.535, 3.800, 3.800),
               "Reflexion*": (3.658, 3.917, 3.533, 3.888, 3.967, 3.917),
               "CogGPT": (4.118, 4.117, 4.300, 4.145, 4.183, 4.317)}


def rows(table: dict, benchmark: str) -> dict[str, dict[str, float]]:
    """{method: {"avg", "5th", "10th"}} for benchmark "a" or "v"."""
    off = 0 if benchmark == "a" else 3
    return {m: dict(zip(("avg", "5th", "10th"), v[off:off + 3])) for m, v in table.items()}
