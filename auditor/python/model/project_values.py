"""What the project call graph says of one module's values, for its resolvers
(`PythonModule.project`, the `ProjectValues` protocol): the argvs and program names a
parameter or a call may hold, the functions a call may run, where a command is written."""

from __future__ import annotations

import ast
from typing import Any

from auditor.project import ProjectIndex
from auditor.python.model.ast_values import import_origin
from auditor.python.model.call_graph import ARGV_SEPARATOR, CallGraph, call_graph
from auditor.python.model.imports import Imports
from auditor.python.model.module import Predicate


class ModuleValues:
    """The call graph's values for one module's resolver (`PythonModule.project`)."""

    def __init__(self, graph: CallGraph, module: str, imports: Imports) -> None:
        self.graph, self.module, self.imports = graph, module, imports
        self._calls: dict[str, dict[tuple[int, int], int]] = {}

    def parameter_argvs(self, function: str, name: str) -> list[list[str]]:
        """The argv lists the callers pass parameter `name` of `function`."""
        return self._argvs(f"{self.module}.{function}", ("param", name))

    def callees(self, function: str, line: int, column: int) -> list[tuple[str, str]]:
        """The functions of the tree (module, qualname) a call of `function` may run."""
        number = self._number(f"{self.module}.{function}", line, column)
        if number is None:
            return []
        found = self.graph.callees(f"{self.module}.{function}", number)
        return [(self.graph.functions[f].module, self.graph.functions[f].qualname) for f in found]

    def runs_own(self, function: str, line: int, column: int, qualname: str) -> bool:
        """Whether the call at `line`:`column` of `function` may run this module's
        function `qualname`."""
        return (self.module, qualname) in self.callees(function, line, column)

    def predicate(self, function: str, line: int, column: int) -> Predicate | None:
        """The predicate of another module the call at `line`:`column` of `function` runs,
        when the graph says it runs that one only."""
        number = self._number(f"{self.module}.{function}", line, column)
        found = (
            self.graph.callees(f"{self.module}.{function}", number) if number is not None else []
        )
        if len(found) != 1 or self.graph.functions[found[0]].module == self.module:
            return None
        callee = self.graph.functions[found[0]]
        expression = callee.facts.get("predicate")
        if not isinstance(expression, str):
            return None
        parameters = tuple(callee.facts.get("params", ()))
        if "." in callee.qualname and parameters[:1] in (("self",), ("cls",)):
            parameters = parameters[1:]
        return Predicate(parameters, expression)

    def stops(self, function: str, line: int, column: int) -> bool:
        """Whether the call at `line`:`column` of `function` runs only functions of the
        tree that never return (their facts' `stops`)."""
        number = self._number(f"{self.module}.{function}", line, column)
        found = (
            self.graph.callees(f"{self.module}.{function}", number) if number is not None else []
        )
        return bool(found) and all(self.graph.functions[f].facts.get("stops") for f in found)

    def _number(self, fid: str, line: int, column: int) -> int | None:
        if fid not in self.graph.functions:
            return None
        if fid not in self._calls:
            calls = self.graph.functions[fid].facts.get("calls", ())
            self._calls[fid] = {(c.line, c.column): number for number, c in enumerate(calls)}
        return self._calls[fid].get((line, column))

    def field_texts(self, attribute: str, annotation: str | None = None) -> list[str]:
        """The program names the tree's classes give an attribute (`claude_path`) of an
        object of class `annotation` (qualified), or of unknown class when None."""
        tokens = self.graph.field_values(attribute, annotation or "")
        return sorted({str(t[2]) for t in tokens})

    def parameter_names(self, function: str, name: str) -> list[str]:
        """The qualified names (of classes, functions) the callers pass parameter `name` of
        `function`."""
        fid = f"{self.module}.{function}"
        return self.graph.given_names(fid, name) if fid in self.graph.functions else []

    def parameter_number(self, function: str, name: str) -> int | None:
        """The largest number the callers give parameter `name` of `function`, if known."""
        fid = f"{self.module}.{function}"
        return self.graph.parameter_number(fid, name) if fid in self.graph.functions else None

    def parameter_texts(self, function: str, name: str) -> list[str]:
        """The program names the callers pass parameter `name` of `function`."""
        fid = f"{self.module}.{function}"
        if fid not in self.graph.functions:
            return []
        tokens = self.graph.evaluate(fid, ("param", name))
        return sorted({str(t[2]) for t in tokens if t[1] in ("text", "command")})

    def global_texts(self, dotted: str) -> list[str]:
        """The program names and agent command strings a module-level name of another
        module, read here through an import (`config.CODEX_CMD`), holds."""
        if dotted.split(".", 1)[0] not in self.imports.names:
            return []
        qualified = self.imports.qualify(dotted)
        return sorted({str(t[2]) for t in self.graph.global_texts(qualified, self.module)})

    def parameter_origins(self, function: str, name: str) -> list[tuple[str, int, int]]:
        """Where the argv lists the callers pass parameter `name` of `function` are
        written: (path, line, 0-based column)."""
        fid = f"{self.module}.{function}"
        if fid not in self.graph.functions:
            return []
        tokens = self.graph.evaluate(fid, ("param", name))
        found = []
        for origin, site, _ in sorted(tokens):
            path, _, at = origin.rpartition("@")
            if site == "argv" and path:
                line, column = map(int, at.split(":"))
                found.append((path, line, column))
        return found

    def call_argvs(self, function: str, line: int, column: int) -> list[list[str]]:
        """The argv lists the call at `line`:`column` of `function` returns."""
        fid = f"{self.module}.{function}"
        number = self._number(fid, line, column)
        return [] if number is None else self._argvs(fid, ("result", number, -1))

    def _argvs(self, fid: str, ref: tuple[Any, ...]) -> list[list[str]]:
        if fid not in self.graph.functions:
            return []
        tokens = self.graph.evaluate(fid, ref)
        words = sorted({str(t[2]) for t in tokens if t[1] == "argv"})
        return [w.split(ARGV_SEPARATOR) for w in words]


def module_values(index: ProjectIndex, path: str, tree: ast.Module) -> ModuleValues | None:
    """What the call graph gives the values of the module at `path`, parsed as `tree`
    (None: not indexed)."""
    graph = call_graph(index)
    module = graph.modules_by_path.get(path)
    if module is None:
        return None
    return ModuleValues(graph, module, Imports(tree, module, import_origin(module, path)))
