"""Cognitive-model fits: the issue's recovery targets on every test with models, and fitting speed.

For every test that declares models (or those named), ``fit --recover``'s computation at the
design length this script names for the test (``DESIGNS``; the test's default where none is
named, and ``--default`` measures every test at its default): per parameter its recovery r
(learning rates against the target r >= 0.8; a weak one is tried at the design doubled up to
``--max-factor`` times, or at the longest the test allows, and the length reaching 0.8 named,
which meets its target; where the design cannot be lengthened the benchmark says so and names the
number of sessions per participant, fitted jointly, at which it reaches 0.8: of 2, 3, 4, 6 or 8
seeded sessions of one simulated participant, up to ``--max-sessions``, the smallest where the
Spearman-Brown curve fitted to every count simulated (1 to ``--max-sessions`` sessions, batches
of twice ``--n`` participants, added up to 10 while the count is near its edge) clears 0.8 with
95% confidence (bootstrap over participants), which meets its target; and, where fewer, the count at which the curve itself reads 0.8),
the diagonal of the model-recovery confusion matrix for the
random, win-stay lose-shift, perseveration and learning models (target >= 0.9; on a design that
cannot be lengthened, met at the sessions per participant named where it is below 0.9 at one), and the share
of the built-in agents' sessions classified as their model (target >= 0.9). Classification is
by BIC and counts a model's family (a model that extends another is of its family: sessions
won by ``random-bias`` count as random, by ``rw-pn`` or ``rw-persev`` as rw, by ``vpp`` as
pvl-delta; the strict shares, and what took the others, are printed beside). Then the speed: 100 simulated sessions x 4 models fitted,
in seconds of wall time, measured in this process (target < 60 s).

    .venv/bin/python benchmarks/fitting.py [--n 40] [--tests prlt wcst ...] [--default] [--max-sessions 8] [--json]
"""
from __future__ import annotations

import argparse
import json
import time

import numpy as np

from machinepsych.fitting.fit import fit_sessions
from machinepsych.fitting.recover import TARGET_R, TARGET_SHARE, recover
from machinepsych.fitting.runs import tests_with_models
from machinepsych.fitting.simulate import draw_params, simulate_session
from machinepsych.tasks.catalog import get_task

# the random, win-stay lose-shift, perseveration and learning models of each kind of test
FOCUS = ("random", "wsls", "perseveration", "rw", "rule-wsls", "rule-persev", "slm", "pvl-delta", "rw-cue",
         "model-free", "model-based")  # two-step's learners (its hybrid mixes them: printed, not a target)
# the design length (the value of the test's declared length parameter) the targets are measured at;
# IGT at its default (100 trials; its VPP fits, 8 parameters, are the slowest).
# wcst-shape (and -color, -number) sorts by one rule throughout: it declares only the models it
# can identify (random, random-bias, rule-wsls) and the benchmark prints why the others are left out.
# wcst-reflection (90) and wcst-128 (128) are at the longest design they allow: not lengthened; what
# they do not recover at one session per participant is tried with 2, 3, 4, 6 and 8 (fitted jointly).
# wcst-kennedy at 200 trials (its default is 25): its SLM's r, 0.84 at 100 trials in the
# benchmark's 30 sessions, was 0.78 in 60 others (benchmarks/slm_recovery.py), 0.87 at 200.
# bandit-pairs at 144 trials (twice its default 72): at 72 its perseveration sessions with a weak
# stickiness (pi near 0.4, the last machine on offer on about half the trials) are won by random
# (85% recovered, 40 sessions) and rw-pn's rates are recovered below 0.8; at 144, 97%.
DESIGNS = {"prlt": 160, "mbt": 160, "wpt": 100, "dcigt": 100, "wcst": 128, "wcst-kennedy": 200,
           "wcst-shape": 100, "wcst-reflection": 90, "bandit-pairs": 144}
SKIP = ("wcst-color", "wcst-number")  # the same design as wcst-shape, another first rule


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


def _per_participant(res: dict, kind: str, key: str) -> int | None:
    """The sessions per participant at which a weak rate (``kind`` "rates") or model ("models")
    is recovered, on a design that cannot be lengthened (None: not named)."""
    pp = res.get("per_participant") or {}
    count = pp.get(kind, {}).get(key)
    return count if isinstance(count, int) else None


def targets(res: dict) -> list[str]:
    """The targets a test's recovery misses (empty: all met). A learning rate whose r's 95%
    lower bound is below 0.8 at the design (the bar ``recover`` judges every design on) meets its target where a longer design the benchmark names recovers it, or, on a
    design that cannot be lengthened, a number of sessions per participant it names (as must a
    rate read at 0.8 there that a second sample does not confirm); a model
    below 90% likewise at the sessions per participant named."""
    d, miss = res["design"], []
    unconfirmed = {k for k, v in (res.get("confirmed") or {}).items() if not v["passed"]}
    for m, ps in d["parameters"].items():
        for p, v in ps.items():
            if v["kind"] == "learning rate" and (v["lo"] is None or v["lo"] < TARGET_R or f"{m}.{p}" in unconfirmed) \
                    and not isinstance(res["needs"].get(f"{m}.{p}"), int) \
                    and _per_participant(res, "rates", f"{m}.{p}") is None:
                miss.append(f"{m}.{p} r = {v['r'] if v['r'] is None else round(v['r'], 2)}")
    for m, share in d["by_family"].items():
        if m in FOCUS and share < TARGET_SHARE and _per_participant(res, "models", m) is None:
            miss.append(f"model recovery {m} {100 * share:.0f}%")
    for a, v in d["agents"].items():
        if v["share"] < TARGET_SHARE:
            miss.append(f"agent:{a} {100 * v['share']:.0f}%")
    return miss


def _longer_r(res: dict, length: int, model: str, param: str) -> float:
    d = next(d for d in res["longer"] if d["length"] == length)
    r = d["parameters"][model][param]["r"]
    return float("nan") if r is None else r


def _tried(res: dict, count: int) -> dict:
    return next(t for t in res["per_participant"]["tried"] if t["sessions"] == count)


def _sessions_note(res: dict, m: str, p: str) -> str:
    """How many sessions per participant recover a weak rate on a design that cannot be
    lengthened: the curve fitted to every count simulated, and each count's own r."""
    pp = res["per_participant"]
    count, reach = _per_participant(res, "rates", f"{m}.{p}"), (pp.get("reaches") or {}).get(f"{m}.{p}")
    curve = pp["pooled"].get(f"{m}.{p}")
    if curve is None:
        return f"  ({res['fixed']}; no more sessions per participant tried)"
    seen = "; ".join(f"{k}: r = {_num(v['r'])} (lower bound {_num(v['lo'])}, its own sample {_num(v['observed'])})"
                     for k, v in curve["counts"].items())
    fitted = (f"Spearman-Brown curve over {curve['n']} participants ({curve['batches']} batches"
              + ("; still near its edge at the most the search adds" if curve.get("capped") else "")
              + f"), one session's reliability {_num(curve['rho1'])} (95% lower bound {_num(curve['rho1_lo'])})")
    reads = f"r reads 0.8 from {reach}, " if reach is not None and (count is None or reach < count) else ""
    named = (f"r >= 0.8 with 95% confidence at {count} sessions per participant fitted jointly" if count is not None
             else "r >= 0.8 with 95% confidence not reached")
    return f"  ({res['fixed']}; {reads}{named}; {fitted}; {seen})"


def _num(v) -> str:
    return "-" if v is None else f"{v:.2f}"


def show(test: str, res: dict) -> None:
    d = res["design"]
    print(f"\n{test} (length {d['length']}, default {res['default_length']}; {d['n']} sessions per model; "
          f"{res['seconds']} s)")
    pp = res.get("per_participant")
    for m, ps in d["parameters"].items():
        for p, v in ps.items():
            r = "-" if v["r"] is None else f"{v['r']:.2f}"
            need = res["needs"].get(f"{m}.{p}", "")
            tail = f"  (r >= 0.8 at length {need}: r = {_longer_r(res, need, m, p):.2f})" if isinstance(need, int) else (
                _sessions_note(res, m, p) if need is None and pp and f"{m}.{p}" in pp["rates"] else
                f"  ({res['fixed']})" if need is None and res["fixed"] else
                f"  (r >= 0.8 not reached up to length {res['longer'][-1]['length']}: r = "
                f"{_longer_r(res, res['longer'][-1]['length'], m, p):.2f})" if need is None and res["longer"] else
                f"  (r >= 0.8 not reached; no longer design tried, --max-factor {res['max_factor']})" if need is None else "")
            print(f"  {m:14s} {p:10s} {v['kind']:26s} r = {r} (95% lower bound {_num(v['lo'])}){tail}")
    for m, why in res["not_identifiable"].items():
        print(f"  {m:14s} not fitted: {why}")
    print("  model recovery (diagonal by family; strictly, and the models that won the others):")
    for m, share in d["by_family"].items():
        others = ", ".join(f"{f} {100 * v:.0f}%" for f, v in d["confusion"][m].items() if v and f != m)
        count = _per_participant(res, "models", m)
        more = "" if not pp or m not in pp["models"] else (
            f"; {100 * _tried(res, count)['by_family'][m]:.0f}% with {count} sessions per participant fitted jointly"
            if count else f"; below 90% up to {pp['tried'][-1]['sessions']} sessions per participant")
        print(f"    {m:14s} {100 * share:3.0f}%  (strictly {100 * d['confusion'][m][m]:.0f}%" +
              (f"; {others}" if others else "") + more + ")")
    for a, v in d["agents"].items():
        strict = v["won"][v["expected"]]
        print(f"  agent:{a} classified as {v['expected']}: {100 * v['share']:.0f}%"
              + ("" if strict == v["share"] else f" ({100 * strict:.0f}% strictly)"))
    miss = targets(res)
    print("  targets: " + ("all met" if not miss else "NOT met: " + "; ".join(miss)))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=40, help="simulated sessions per model")
    ap.add_argument("--tests", nargs="*", default=None)
    ap.add_argument("--default", action="store_true", help="every test at its default design")
    ap.add_argument("--no-speed", action="store_true")
    ap.add_argument("--max-factor", type=int, default=8,
                    help="a weak learning rate is tried at the design doubled up to this many times its length")
    ap.add_argument("--max-sessions", type=int, default=8,
                    help="where a design cannot be lengthened, try up to this many sessions per participant")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    tests = args.tests or [t for t in tests_with_models() if t not in SKIP]
    results = {}
    for test in tests:
        spec = get_task(test)
        length = None if args.default else DESIGNS.get(test)
        overrides = {spec.fit.length: length} if length and spec.fit.length else None
        t0 = time.perf_counter()
        res = recover(spec, args.n, overrides=overrides, max_factor=args.max_factor,
                      max_sessions=args.max_sessions)
        res["seconds"] = round(time.perf_counter() - t0, 1)
        res["max_factor"] = args.max_factor
        res["default_length"] = getattr(spec.resolve(), spec.fit.length) if spec.fit.length else None
        res["not_identifiable"] = dict(spec.fit.not_identifiable)
        res["targets_missed"] = targets(res)
        results[test] = res
        if not args.json:
            show(test, res)
    if not args.no_speed:
        sp = speed()
        results["speed"] = sp
        if not args.json:
            print(f"\nspeed: {sp['sessions']} sessions x {sp['models']} models ({sp['test']}, {sp['trials']} trials) "
                  f"fitted in {sp['seconds']} s (target < 60 s)")
    if args.json:
        print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
