"""Cognitive-model fits: recovery on every test with models, and fitting speed.

For every test that declares models (or those named), ``fit --recover``'s computation at the
test's default design: per learning-rate parameter its recovery r (and the design length at
which it reaches 0.8 where the default is too short), the other parameters' r, the diagonal of
the model-recovery confusion matrix, and the share of the built-in agents' sessions classified
as their model. Then the speed: 100 simulated sessions x 4 models fitted, in seconds of wall
time, measured in this process.

    .venv/bin/python benchmarks/fitting.py [--n 40] [--tests prlt wcst ...] [--json]
"""
from __future__ import annotations

import argparse
import json
import time

import numpy as np

from machinepsych.fitting.fit import fit_sessions
from machinepsych.fitting.recover import recover
from machinepsych.fitting.runs import tests_with_models
from machinepsych.fitting.simulate import draw_params, simulate_session
from machinepsych.tasks.catalog import get_task

FOCUS = ("random", "wsls", "perseveration", "rw", "rule-wsls", "rule-persev")


def speed(test: str = "prlt", sessions: int = 100) -> dict:
    spec = get_task(test)
    params = spec.resolve(overrides={"trials": 100}) if test == "prlt" else spec.resolve()
    models = [spec.fit.model(m) for m in ("random", "wsls", "perseveration", "rw")]
    rng = np.random.default_rng(0)
    rw = spec.fit.model("rw")
    datas = [simulate_session(spec, params, rw, draw_params(rw, rng), i, rng)[0] for i in range(sessions)]
    t0 = time.perf_counter()
    for m in models:
        fit_sessions(m, datas)
    return {"test": test, "sessions": sessions, "trials": datas[0].n_trials, "models": len(models),
            "seconds": round(time.perf_counter() - t0, 2)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=40, help="simulated sessions per model")
    ap.add_argument("--tests", nargs="*", default=None)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    tests = args.tests or [t for t in tests_with_models() if t not in ("wcst-color", "wcst-number")]
    results = {}
    for test in tests:
        t0 = time.perf_counter()
        res = recover(get_task(test), args.n)
        res["seconds"] = round(time.perf_counter() - t0, 1)
        results[test] = res
        if not args.json:
            d = res["design"]
            print(f"\n{test} (length {d['length']}, {d['n']} sessions per model, {res['seconds']} s)")
            for m, ps in d["parameters"].items():
                for p, v in ps.items():
                    r = "-" if v["r"] is None else f"{v['r']:.2f}"
                    need = res["needs"].get(f"{m}.{p}", "ok" if v["kind"] == "learning rate" else "")
                    tail = f"  (r >= 0.8 at length {need})" if isinstance(need, int) else (
                        "  (not reached within 8x)" if need is None else "")
                    print(f"  {m:14s} {p:10s} {v['kind']:26s} r = {r}{tail}")
            diag = {m: d["confusion"][m][m] for m in d["confusion"]}
            print("  model recovery (diagonal): " + ", ".join(f"{m} {100 * v:.0f}%" for m, v in diag.items()))
            for a, v in d["agents"].items():
                print(f"  agent:{a} classified as {v['expected']}: {100 * v['share']:.0f}%")
    sp = speed()
    results["speed"] = sp
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(f"\nspeed: {sp['sessions']} sessions x {sp['models']} models ({sp['test']}, {sp['trials']} trials) "
              f"fitted in {sp['seconds']} s")


if __name__ == "__main__":
    main()
