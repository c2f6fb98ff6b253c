"""Import every generator module so that ``core.GENERATORS`` is filled."""
from __future__ import annotations

import importlib

MODULES = ("gen_closure", "gen_speed", "gen_vz1", "gen_vz2", "gen_spatial", "gen_ss2", "gen_ss3", "gen_cube", "gen_other", "gen_memory")
for _m in MODULES:
    importlib.import_module(f"{__package__}.{_m}")
