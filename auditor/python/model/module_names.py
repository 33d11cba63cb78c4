"""Which of the tree's modules a dotted module name, as an import writes it, stands for.

The index names a module by its package directories (`module_name`): a module of a
namespace package (a folder without `__init__.py`, PEP 420) or of a checkout whose
import root is a folder above it is named by less than its imports write
(`helpers` for `from app.handlers.openai.helpers import …`). A name the index does
not hold stands for the modules whose file path ends with it, else for those whose
name ends with it or it ends with theirs; lookups through one table, memoised, for
the call graph and every analysis that reads another module's summary.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import PurePosixPath

from auditor.project import PythonSummary


class ModuleNames:
    """The modules of one project index, looked up by the names imports give them."""

    def __init__(self, python: Mapping[str, PythonSummary]) -> None:
        self.python = python
        self._known: dict[str, list[str]] = {}
        self._paths: list[tuple[tuple[str, ...], str]] | None = None

    def named(self, module: str, reader: str | None = None) -> list[str]:
        """The tree's modules `module` may stand for: itself when the index has it, else
        those whose file path ends with its parts, else those whose name ends with it or
        that it ends with; of several, those nearest the file at path `reader` (the module
        that imports it: `nearest_paths`)."""
        known = self._known.get(module)
        if known is None:
            known = self._known[module] = self._lookup(module)
        if len(known) > 1 and reader is not None:
            nearest = nearest_paths(reader, {name: self.python[name].path for name in known})
            return [module] if module in nearest else nearest  # of namesakes as near: its own
        return known[:1] if module in self.python else known

    def summary(self, module: str, reader: str | None = None) -> tuple[str, PythonSummary] | None:
        """The one module `module` stands for, as the file at path `reader` imports it,
        and its summary (None: none, or several)."""
        named = self.named(module, reader)
        return (named[0], self.python[named[0]]) if len(named) == 1 else None

    def _lookup(self, module: str) -> list[str]:
        """The modules `module` may stand for: the one of that name first, with the others
        whose path ends with its parts (a namesake in another project of the tree)."""
        if not module:
            return []
        if self._paths is None:
            self._paths = [(path_names(s.path), name) for name, s in self.python.items()]
        wanted = tuple(module.split("."))
        by_path = [name for parts, name in self._paths if parts[-len(wanted) :] == wanted]
        if module in self.python:
            return [module, *(name for name in by_path if name != module)]
        return by_path or [
            name
            for name in self.python
            if name.endswith(f".{module}") or module.endswith(f".{name}")
        ]


def path_names(path: str) -> tuple[str, ...]:
    """The dotted parts a module's display path gives it (`a/b/c.py`: a, b, c)."""
    parts = PurePosixPath(path.replace("\\", "/"))
    names = (*parts.parent.parts, parts.stem)
    return names[:-1] if names[-1] == "__init__" else names


_TABLES: dict[int, ModuleNames] = {}


def module_names(python: Mapping[str, PythonSummary]) -> ModuleNames:
    """The lookup table of an index's modules, built once per index."""
    held = _TABLES.get(id(python))
    if held is None or held.python is not python:
        _TABLES.clear()
        held = _TABLES[id(python)] = ModuleNames(python)
    return held


def nearest_paths(here: str, paths: Mapping[str, str]) -> list[str]:
    """The names whose files (`paths`: name -> display path) share the most leading
    folders with the file at `here`: of namesakes, the one a script beside it imports."""
    mine = _folders(here)
    shared = {name: _common(mine, _folders(path)) for name, path in paths.items()}
    best = max(shared.values(), default=0)
    return [name for name, count in shared.items() if count == best]


def _folders(path: str) -> tuple[str, ...]:
    return tuple(path.replace("\\", "/").split("/")[:-1])


def _common(first: tuple[str, ...], second: tuple[str, ...]) -> int:
    """How many leading folders two paths share."""
    count = 0
    for a, b in zip(first, second, strict=False):
        if a != b:
            break
        count += 1
    return count
