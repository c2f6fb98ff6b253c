"""The ``cogbench`` battery: CogBench's design (Tables 2-3), both information flows (articles
``cogbench-a``, short videos ``cogbench-v``) under the four methods the paper compares."""
from __future__ import annotations

from machinepsych.core.spec import Battery, BatteryItem

BATTERY = Battery(
    id="cogbench", title="CogBench: articles and short videos, CoT, ReAct, Reflexion and CogGPT",
    items=(BatteryItem("cogbench-a"), BatteryItem("cogbench-v")),
    strategies=("cot", "react", "reflexion", "coggpt"),
    description="Authenticity and Rationality of a persona's opinions over 10 iterations of each flow.",
)
