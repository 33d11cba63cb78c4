"""Layering of `auditor/` and `rules/`: no import circles, no private names across modules.

Every import that runs counts, at module level or inside a function (a lazy
import still ties the two modules together); one under `if TYPE_CHECKING:`
never runs and does not count. A name with a leading underscore belongs to its
module alone (dunders such as `__version__` are public).
"""

from __future__ import annotations

import ast
import itertools
import re
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("auditor", "rules")


class Import(NamedTuple):
    """One runtime import of a module of the walked packages."""

    importer: str
    target: str  # the module it loads: `from package import module` loads the module
    line: int
    name: str | None  # the name `from … import name` takes; None for `import a.b`

    @property
    def private(self) -> bool:
        """Whether it takes another module's underscore name (dunders are public)."""
        name = self.name or ""
        dunder = name.startswith("__") and name.endswith("__")
        return name.startswith("_") and not dunder and self.target != self.importer


def modules(root: Path, packages: tuple[str, ...]) -> dict[str, Path]:
    """Every module of `packages` under `root`, by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def runtime_import_nodes(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements of a tree that can run: all but those under `if TYPE_CHECKING:`."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)  # the `else:` of `if TYPE_CHECKING:` does run
        else:
            stack.extend(ast.iter_child_nodes(node))


def imports_of(name: str, path: Path, known: dict[str, Path]) -> Iterator[Import]:
    """The runtime imports of module `name` (at `path`) that reach modules in `known`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in runtime_import_nodes(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _known_prefix(alias.name, known)
                if target is not None:
                    yield Import(name, target, node.lineno, None)
            continue
        if node.level:
            parts = package.split(".")
            base = parts[: len(parts) - node.level + 1]
            origin = ".".join([*base, node.module] if node.module else base)
        else:
            origin = node.module or ""
        for alias in node.names:
            submodule = f"{origin}.{alias.name}"
            if submodule in known:  # `from package import module`
                yield Import(name, submodule, node.lineno, alias.name)
            elif origin in known:
                yield Import(name, origin, node.lineno, alias.name)


def _known_prefix(dotted: str, known: dict[str, Path]) -> str | None:
    """`import a.b.c` runs `a.b.c`: the longest prefix that is a known module."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in known:
            return ".".join(parts[:end])
    return None


def import_graph(root: Path, packages: tuple[str, ...]) -> dict[str, dict[str, int]]:
    """Module -> modules it imports at runtime -> the line of the first such import."""
    known = modules(root, packages)
    graph: dict[str, dict[str, int]] = {name: {} for name in known}
    for name, path in known.items():
        for edge in imports_of(name, path, known):
            if edge.target != name:
                graph[name].setdefault(edge.target, edge.line)
    return graph


def private_imports(root: Path, packages: tuple[str, ...]) -> list[Import]:
    """Imports that take an underscore name from another module."""
    known = modules(root, packages)
    return [
        edge
        for name, path in known.items()
        for edge in imports_of(name, path, known)
        if edge.private
    ]


def strongly_connected(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or not (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group: list[str] = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
    return sorted(groups)


def cycle_path(graph: dict[str, dict[str, int]], group: list[str]) -> list[str]:
    """A shortest import path from the group's first module back to itself."""
    members = set(group)
    start = group[0]
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for node in frontier:
            for successor in sorted(graph[node]):
                if successor == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if successor in members and successor not in came_from:
                    came_from[successor] = node
                    following.append(successor)
        frontier = following
    raise AssertionError(f"no cycle through {start}")  # a group of two or more always has one


def describe_circles(graph: dict[str, dict[str, int]]) -> list[str]:
    """One line per circle: its path, each step with the line of the import."""
    described = []
    for group in strongly_connected(graph):
        path = cycle_path(graph, group)
        steps = " -> ".join(f"{a} (line {graph[a][b]})" for a, b in itertools.pairwise(path))
        described.append(f"{steps} -> {path[-1]}  [circle of {len(group)}: {', '.join(group)}]")
    return described


def assert_no_circles(root: Path, packages: tuple[str, ...]) -> None:
    """Fail with every circle's path when modules of `packages` import each other."""
    circles = describe_circles(import_graph(root, packages))
    assert not circles, "import circles (runtime imports):\n" + "\n".join(circles)


def assert_no_private_imports(root: Path, packages: tuple[str, ...]) -> None:
    """Fail with each import that takes another module's underscore name."""
    found = [
        f"{edge.importer} (line {edge.line}) imports {edge.name} from {edge.target}"
        for edge in private_imports(root, packages)
    ]
    assert not found, "private names imported across modules:\n" + "\n".join(found)


def test_no_import_circles() -> None:
    assert_no_circles(REPO_ROOT, PACKAGES)


def test_no_private_name_is_imported_from_another_module() -> None:
    assert_no_private_imports(REPO_ROOT, PACKAGES)


# The Python front end flows one way: the model knows nothing of runner facts, of the
# unit rules get or of the rules; the runner facts read the unit (a file with its
# project and catalogues) and the rules' data files, never a rule.
_PYTHON_LAYERS = (
    ("auditor.python.model", ("auditor.python.runner", "auditor.python.unit", "rules")),
    ("auditor.python.runner", ("rules.",)),
)


def test_the_python_model_sits_below_the_runner_facts() -> None:
    known = modules(REPO_ROOT, PACKAGES)
    upward = [
        f"{found.importer}:{found.line} imports {found.target}"
        for name, path in known.items()
        for layer, above in _PYTHON_LAYERS
        if name == layer or name.startswith(layer + ".")
        for found in imports_of(name, path, known)
        if any(found.target == a or found.target.startswith(a.rstrip(".") + ".") for a in above)
    ]
    assert not upward, "imports against the data flow:\n" + "\n".join(upward)


def _write_package(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


def test_the_walker_finds_a_circle_through_a_lazy_import(tmp_path: Path) -> None:
    _write_package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/sub/__init__.py": "",
            "pkg/low.py": """\
                from typing import TYPE_CHECKING

                if TYPE_CHECKING:
                    from pkg import high  # never runs: no edge
                else:
                    import json


                def later():
                    from .sub import mid  # `from package import module`, relative
                    return mid
                """,
            "pkg/sub/mid.py": "from ..high import VALUE\n",
            "pkg/high.py": "import pkg.low\nVALUE = 1\n",
        },
    )
    graph = import_graph(tmp_path, ("pkg",))
    assert graph["pkg.low"] == {"pkg.sub.mid": 10}
    assert graph["pkg.sub.mid"] == {"pkg.high": 1}
    assert graph["pkg.high"] == {"pkg.low": 1}
    path = "pkg.high (line 1) -> pkg.low (line 10) -> pkg.sub.mid (line 1) -> pkg.high"
    with pytest.raises(AssertionError, match=re.escape(path)):
        assert_no_circles(tmp_path, ("pkg",))


def test_the_walker_ignores_type_checking_imports(tmp_path: Path) -> None:
    _write_package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "import pkg.b\n",
            "pkg/b.py": """\
                import typing

                if typing.TYPE_CHECKING:
                    import pkg.a
                """,
        },
    )
    graph = import_graph(tmp_path, ("pkg",))
    assert graph["pkg.b"] == {}
    assert describe_circles(graph) == []


def test_the_walker_finds_private_names_taken_from_another_module(tmp_path: Path) -> None:
    _write_package(
        tmp_path,
        {
            "pkg/__init__.py": "__version__ = '1'\n",
            "pkg/a.py": "_HIDDEN = 1\nSHOWN = 2\n",
            "pkg/b.py": """\
                from pkg import __version__
                from pkg.a import SHOWN


                def f():
                    from .a import _HIDDEN
                    return _HIDDEN
                """,
        },
    )
    (edge,) = private_imports(tmp_path, ("pkg",))
    assert edge == ("pkg.b", "pkg.a", 6, "_HIDDEN")
    with pytest.raises(
        AssertionError, match=re.escape("pkg.b (line 6) imports _HIDDEN from pkg.a")
    ):
        assert_no_private_imports(tmp_path, ("pkg",))


def test_no_run_tries_to_import_libcst(tmp_path: Path) -> None:
    """Python is read with `ast` and fixed with text edits: auditing, `--diff` and `--fix`
    over the whole corpus (every rule) never try to import libcst, installed or not."""
    import shutil

    corpus = tmp_path / "corpus"
    shutil.copytree(Path(__file__).parent.parent / "corpus", corpus)
    program = (
        "import sys\n"
        "class Refuse:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'libcst':\n"
        "            raise ImportError('libcst imported: ' + name)\n"
        "sys.meta_path.insert(0, Refuse())\n"
        "from auditor.cli import run\n"
        "base = ['check', '--isolated', '--no-cache', '--select', 'ALL', '--jobs', '1']\n"
        f"print('exit', run([*base, '-f', 'json', {str(corpus)!r}]))\n"
        f"print('exit', run([*base, '--diff', '--unsafe-fixes', {str(corpus)!r}]))\n"
        f"print('exit', run([*base, '--fix', '--unsafe-fixes', {str(corpus)!r}]))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=False
    )
    assert "libcst imported" not in result.stdout + result.stderr
    exits = [line for line in result.stdout.splitlines() if line.startswith("exit ")]
    assert exits == ["exit 1"] * 3, result.stderr[-2000:]
    assert re.search(r"fixed [1-9][0-9]* findings", result.stderr), result.stderr[-2000:]
    assert '"fix": {' in result.stdout  # Python fixes were computed and shown
