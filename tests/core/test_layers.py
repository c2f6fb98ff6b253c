"""The package's shape: looking up one test imports only its own family, the import graph
between packages is acyclic and follows the layer order
core, parsing, published <- tasks <- participants/models/prompting <- runner/storage <- analysis/web <- cli/integrations,
and no generic layer imports a test family: what a family contributes to them (a file scorer,
an annotation task, pooled scores, figures ...) it declares on its TaskSpec, and the generic
code reaches it through the spec looked up in the catalog."""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "machinepsych"
# a package may import only packages of its own layer or lower ones
LAYER = {"core": 0, "parsing": 0, "published": 0, "tasks": 1, "models": 2, "prompting": 2, "participants": 3, "storage": 3, "runner": 4,
         "analysis": 5, "web": 6, "cli": 7, "integrations": 7}
FAMILIES = ("cardsort", "cogbench", "igt", "reflection", "visfactor")


def _imports() -> dict[str, set[str]]:
    """{module: {imported machinepsych modules}} from the source (absolute and relative)."""
    out: dict[str, set[str]] = {}
    for f in SRC.rglob("*.py"):
        parts = list(f.relative_to(SRC.parent).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        if is_pkg:
            parts = parts[:-1]
        mod = ".".join(parts)
        found = out.setdefault(mod, set())
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = parts if is_pkg else parts[:-1]
                    base = base[: len(base) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                    names = [target] + [f"{target}.{a.name}" for a in node.names]
                else:
                    names = [node.module or ""]
                found.update(n for n in names if n.startswith("machinepsych"))
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith("machinepsych"))
    return out


def _package(mod: str) -> str:
    parts = mod.split(".")
    return parts[1] if len(parts) > 1 else ""


# a family's paper layouts (``tasks/<family>/layout(s).py``, declared on its TaskSpec.layouts)
# are the family's contribution to the report: built from the analysis layer's table kit, which
# they import inside their functions only, so looking a test up never loads the analysis layer
# (test_looking_up_a_test_imports_only_its_family checks it)
LAYOUT_KIT = ("machinepsych.analysis.layouts", "machinepsych.analysis.published")


def _is_layout_module(mod: str) -> bool:
    parts = mod.split(".")
    return len(parts) == 4 and parts[1] == "tasks" and parts[2] in FAMILIES and parts[3] in ("layout", "layouts")


def _lazy_only(mod: str) -> bool:
    """Whether the module imports the layout kit only inside functions."""
    path = SRC.joinpath(*mod.split(".")[1:]).with_suffix(".py")
    tree = ast.parse(path.read_text())
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("machinepsych.analysis"):
            return False
    return True


def _allowed(mod: str, target: str) -> bool:
    return _is_layout_module(mod) and target.startswith(LAYOUT_KIT) and _lazy_only(mod)


def package_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for mod, targets in _imports().items():
        a = _package(mod)
        for t in targets:
            if _allowed(mod, t):
                continue
            b = _package(t)
            if a in LAYER and b in LAYER and a != b:
                graph.setdefault(a, set()).add(b)
    return graph


def test_every_package_has_a_layer():
    packages = {p.name for p in SRC.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert packages <= set(LAYER), f"packages without a layer: {packages - set(LAYER)}"


def test_package_imports_follow_the_layer_order_and_have_no_cycle():
    graph = package_graph()
    back = sorted(f"{a} -> {b}" for a, bs in graph.items() for b in bs if LAYER[b] > LAYER[a])
    assert not back, f"imports against the layer order: {back}"
    seen: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        if seen.get(node) == 1:
            raise AssertionError(f"import cycle: {' -> '.join(path + [node])}")
        if seen.get(node) == 2:
            return
        seen[node] = 1
        for nxt in sorted(graph.get(node, ())):
            visit(nxt, path + [node])
        seen[node] = 2

    for node in sorted(graph):
        visit(node, [])


def test_a_test_package_imports_no_other_family_and_no_higher_layer():
    for mod, targets in _imports().items():
        if not mod.startswith("machinepsych.tasks."):
            continue
        family = mod.split(".")[2]
        for t in targets:
            parts = t.split(".")
            if parts[1] == "tasks" and len(parts) > 2 and parts[2] in FAMILIES:
                assert parts[2] == family, f"{mod} imports another family: {t}"
            if _allowed(mod, t):
                continue
            assert LAYER.get(parts[1], 0) <= LAYER["tasks"], f"{mod} imports a higher layer: {t}"


@pytest.mark.parametrize("test_id, own", [("wcst", "cardsort"), ("prlt", "reflection"), ("visfactor-vz2", "visfactor")])
def test_looking_up_a_test_imports_only_its_family(test_id, own):
    code = ("import sys, json; from machinepsych.tasks import get_task; get_task(%r); "
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('machinepsych'))))" % test_id)
    mods = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    others = [m for m in mods if any(m.startswith(f"machinepsych.tasks.{f}") for f in FAMILIES if f != own)]
    assert not others, f"get_task({test_id!r}) imported other families: {others}"
    higher = [m for m in mods if _package(m) in LAYER and LAYER[_package(m)] > LAYER["tasks"]]
    assert not higher, f"get_task({test_id!r}) imported higher layers: {higher}"
    assert any(m.startswith(f"machinepsych.tasks.{own}") for m in mods)


# generic layers: every package but the tests' own (``tasks``)
GENERIC = tuple(sorted(p for p in LAYER if p != "tasks"))
# imports of a family by a generic layer that predate this rule, each to be moved behind the
# family's TaskSpec; the test fails when one is gone, so this list only shrinks
KNOWN: set[tuple[str, str]] = set()  # (empty: the paper layouts moved behind TaskSpec.layouts)


def family_imports(imports: dict[str, set[str]]) -> set[tuple[str, str]]:
    """(generic module, family package) for every import of a test family by a generic layer."""
    found = set()
    for mod, targets in imports.items():
        if _package(mod) not in GENERIC:
            continue
        for t in targets:
            parts = t.split(".")
            if len(parts) > 2 and parts[1] == "tasks" and parts[2] in FAMILIES:
                found.add((mod, ".".join(parts[:3])))
    return found


def test_no_generic_layer_imports_a_test_family():
    found = family_imports(_imports())
    new = sorted(f"{m} imports {f}" for m, f in found - KNOWN)
    assert not new, ("generic layers must reach a family through its TaskSpec (file_scorer, annotation, pooled, "
                     f"figures ...), not import it: {new}")
    gone = sorted(f"{m} -> {f}" for m, f in KNOWN - found)
    assert not gone, f"no longer imported, remove from KNOWN: {gone}"


def test_the_family_rule_catches_a_generic_import():
    # a CLI or web module importing CogBench (absolute or relative) is caught; the catalog and
    # the family's own modules are not
    fake = {"machinepsych.cli.score": {"machinepsych.tasks.cogbench.score"},
            "machinepsych.web.annotate": {"machinepsych.tasks.cogbench", "machinepsych.tasks.catalog"},
            "machinepsych.runner.session": {"machinepsych.tasks.catalog"},
            "machinepsych.tasks.cogbench.files": {"machinepsych.tasks.cogbench.score"}}
    assert family_imports(fake) == {("machinepsych.cli.score", "machinepsych.tasks.cogbench"),
                                    ("machinepsych.web.annotate", "machinepsych.tasks.cogbench")}
