"""The ``rule-switching`` battery: WCST-64, Kennedy & Nowak's WCST and the Letter-Number
Test, the three rule-switching tests with built-in rule agents (``machinepsych demo`` runs
it offline on every agent; ``docs/cardsort.md``)."""
from __future__ import annotations

from machinepsych.core.spec import Battery, BatteryItem

BATTERY = Battery(
    id="rule-switching", title="Rule switching: WCST-64, Kennedy & Nowak WCST, Letter-Number Test",
    items=(BatteryItem("wcst"), BatteryItem("wcst-kennedy"), BatteryItem("lnt")),
    description="Find the hidden rule from feedback and follow it when it changes without warning.",
)

# Kennedy & Nowak's design: each switching test beside its single-rule components, 8
# evaluations each, so the report can set the switching accuracy against the worst-case bound
# P_w computed from the components (the "Kennedy & Nowak: switching vs components" layout).
KENNEDY = Battery(
    id="kennedy-nowak", title="Kennedy & Nowak: WCST and Letter-Number Test, switching and components",
    items=tuple(BatteryItem(t, sessions=8) for t in ("wcst-kennedy", "wcst-shape", "wcst-color", "wcst-number",
                                                      "lnt", "lnt-letter", "lnt-number")),
    description="Switching accuracy against the components' accuracies and the worst-case bound P_w = n/(n+t-1).",
)

# The WCST-64 study (Hao, Alexandre & Yu 2024) as it ran: the 2x2 of input (text, image) and
# strategy (direct, CoT), the three role-played impairments and the task without the
# exclusivity sentence (both CoT with text input), 10 repetitions each; and the vision probe
# (Table 2) on the image input's pictures.
WCST64 = Battery(
    id="wcst64", title="WCST-64 study: input x strategy, personas, exclusivity ablation, vision probe",
    items=(BatteryItem("wcst", sessions=10, params={"input": "text"}, strategies=("direct", "cot")),
           BatteryItem("wcst", sessions=10, params={"input": "image"}, strategies=("direct", "cot")),
           BatteryItem("wcst", sessions=10, params={"input": "text"}, strategies=("cot",),
                       personas=("goal_maint", "inhib_ctrl", "adapt_upd")),
           BatteryItem("wcst", "no-exclusivity", sessions=10, params={"input": "text"}, strategies=("cot",)),
           BatteryItem("wcst-vision-probe", strategies=("direct",))),
    description="Tables 1-4 of the WCST-64 study in one run (docs/published.md#the-five-designs).",
)
