"""What a dict holds at a constant key (`_config["EDITOR_CMD"]`): the values its dict
literals give that key, followed through the names, copies and functions of one module.

A configuration dict is the common case: `DEFAULTS = {"EXEC_CMD": "aider", "EDITOR":
"code"}`, copied by a loader (`config = DEFAULTS.copy()`, `return config`), read by key
at module level (`EDITOR = _config["EDITOR"]`). A read of one key holds that key's
values only, not every value of the dict. What the key is given by a store of the same
key (`config["EDITOR"] = "vim"`) counts too; an update from elsewhere
(`config.update(user_config)`) gives values unknown here, which name no program.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from auditor.python.model.ast_values import Function, dotted_name, statements

_COPIES = frozenset({"copy", "deepcopy", "dict"})  # `d.copy()`, `copy.deepcopy(d)`, `dict(d)`
_MAX_DEPTH = 6


def keyed_values(node: ast.Subscript, scope: ast.AST, module: ast.Module) -> list[ast.expr] | None:
    """The expressions the dict read by `node` holds at its constant string key, or None
    when the key is not a constant or the dict is not built from dict literals known here
    (`scope`: the function, or the module, the read is in)."""
    key = node.slice
    if not isinstance(key, ast.Constant) or not isinstance(key.value, str):
        return None
    return _Items(module, key.value).values(node.value, scope, 0)


class _Items:
    """The values of one key, through the dicts of one module."""

    def __init__(self, module: ast.Module, key: str) -> None:
        self.module = module
        self.key = key
        self.functions = {s.name: s for s in module.body if isinstance(s, Function)}

    def values(self, node: ast.expr, scope: ast.AST, depth: int) -> list[ast.expr] | None:
        if depth > _MAX_DEPTH:
            return None
        if isinstance(node, ast.Dict):
            if any(k is None for k in node.keys):  # `{**base, …}`: not known here
                return None
            return [v for k, v in zip(node.keys, node.values, strict=True) if self._is_key(k)]
        if isinstance(node, ast.Name):
            return self._name(node.id, scope, depth)
        if not isinstance(node, ast.Call):
            return None
        name = dotted_name(node.func) or ""
        last = name.rsplit(".", 1)[-1]
        if isinstance(node.func, ast.Attribute) and last == "copy" and not node.args:
            return self.values(node.func.value, scope, depth + 1)  # `DEFAULTS.copy()`
        if last in _COPIES and len(node.args) == 1 and not node.keywords:
            return self.values(node.args[0], scope, depth + 1)  # `dict(DEFAULTS)`
        function = self.functions.get(name)
        if function is None:
            return None
        returned = [
            s.value for s in statements(function, definitions=False) if isinstance(s, ast.Return)
        ]
        return self._all(returned, function, depth)

    def _name(self, name: str, scope: ast.AST, depth: int) -> list[ast.expr] | None:
        """What a name's dicts hold at the key: those bound to it in `scope` (the module's,
        when `scope` binds it nowhere), and the values stores of the key give it."""
        for where in (scope, self.module) if scope is not self.module else (self.module,):
            bound, stored = self._bindings(name, where)
            if bound:
                found = self._all(bound, where, depth)
                return None if found is None else found + stored
            if stored or _is_parameter(name, where):
                return None
        return None

    def _bindings(self, name: str, scope: ast.AST) -> tuple[list[ast.expr], list[ast.expr]]:
        """The values assigned to a name in a scope, and those stored at the key."""
        bound: list[ast.expr] = []
        stored: list[ast.expr] = []
        for statement in statements(scope, definitions=False):
            if not isinstance(statement, ast.Assign | ast.AnnAssign) or statement.value is None:
                continue
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                if isinstance(target, ast.Name) and target.id == name:
                    bound.append(statement.value)
                elif (
                    isinstance(target, ast.Subscript)
                    and isinstance(target.value, ast.Name)
                    and target.value.id == name
                    and self._is_key(target.slice)
                ):
                    stored.append(statement.value)
        return bound, stored

    def _all(
        self, found: Sequence[ast.expr | None], scope: ast.AST, depth: int
    ) -> list[ast.expr] | None:
        values: list[ast.expr] = []
        for value in found:
            held = self.values(value, scope, depth + 1) if value is not None else None
            if held is None:
                return None
            values += held
        return values

    def _is_key(self, node: ast.expr | None) -> bool:
        return isinstance(node, ast.Constant) and node.value == self.key


def _is_parameter(name: str, scope: ast.AST) -> bool:
    if not isinstance(scope, Function):
        return False
    arguments = scope.args
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    return any(a.arg == name for a in every) or name in (
        a.arg for a in (arguments.vararg, arguments.kwarg) if a is not None
    )
