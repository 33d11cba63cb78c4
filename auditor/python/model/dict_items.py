"""What a dict holds at a constant key (`_config["EDITOR_CMD"]`): the values its dict
literals give that key, followed through the names, copies and functions of one module.

A configuration dict is the common case: `DEFAULTS = {"EXEC_CMD": "aider", "EDITOR":
"code"}`, copied by a loader (`config = DEFAULTS.copy()`, `return config`), read by key
at module level (`EDITOR = _config["EDITOR"]`). A read of one key holds that key's
values only, not every value of the dict. What the key is given by a store of the same
key (`config["EDITOR"] = "vim"`) counts too; an update from elsewhere
(`config.update(user_config)`) gives values unknown here, which name no program.

The names each scope binds are listed once per module (`_tables`), so every read is a
few look-ups, however many a module has.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Sequence

from auditor.python.model.ast_values import (
    Function,
    dotted_name,
    parameter_names,
    statements,
    typed_dicts,
)
from auditor.python.model.mapping_keys import literal_items

_COPIES = frozenset({"copy", "deepcopy", "dict"})  # `d.copy()`, `copy.deepcopy(d)`, `dict(d)`
_MAX_DEPTH = 6

# A scope's bindings: name -> the values assigned to it, and name -> key -> the values
# stored at that key (`config["EDITOR"] = …`).
_Bindings = tuple[dict[str, list[ast.expr]], dict[str, dict[str, list[ast.expr]]]]


def keyed_values(node: ast.Subscript, scope: ast.AST, module: ast.Module) -> list[ast.expr] | None:
    """The expressions the dict read by `node` holds at its constant string key, or None
    when the key is not a constant or the dict is not built from dict literals known here
    (`scope`: the function, or the module, the read is in)."""
    key = node.slice
    if not isinstance(key, ast.Constant) or not isinstance(key.value, str):
        return None
    return _Items(_tables(module), key.value).values(node.value, scope, 0)


class _Tables:
    """A module's top-level functions, and the bindings of each of its scopes, listed
    when first asked."""

    def __init__(self, module: ast.Module) -> None:
        self.module = module
        self.functions = {s.name: s for s in module.body if isinstance(s, Function)}
        self._scopes: dict[int, _Bindings] = {}

    def bindings(self, scope: ast.AST) -> _Bindings:
        found = self._scopes.get(id(scope))
        if found is None:
            found = self._scopes[id(scope)] = _bindings(scope)
        return found


@functools.lru_cache(maxsize=2)  # the module being read
def _tables(module: ast.Module) -> _Tables:
    return _Tables(module)


def _bindings(scope: ast.AST) -> _Bindings:
    """The values a scope's own statements assign to names, and store at constant keys."""
    bound: dict[str, list[ast.expr]] = {}
    stored: dict[str, dict[str, list[ast.expr]]] = {}
    for statement in statements(scope, definitions=False):
        if not isinstance(statement, ast.Assign | ast.AnnAssign) or statement.value is None:
            continue
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        for target in targets:
            if isinstance(target, ast.Name):
                bound.setdefault(target.id, []).append(statement.value)
            elif (
                isinstance(target, ast.Subscript)
                and isinstance(target.value, ast.Name)
                and isinstance(target.slice, ast.Constant)
                and isinstance(target.slice.value, str)
            ):
                keys = stored.setdefault(target.value.id, {})
                keys.setdefault(target.slice.value, []).append(statement.value)
    return bound, stored


class _Items:
    """The values of one key, through the dicts of one module."""

    def __init__(self, tables: _Tables, key: str) -> None:
        self.tables = tables
        self.key = key

    def values(self, node: ast.expr | None, scope: ast.AST, depth: int) -> list[ast.expr] | None:
        """The expressions the dict `node` holds at the key (in `scope`), or None when
        that dict is not built from dict literals known here."""
        if node is None or depth > _MAX_DEPTH:
            return None
        if isinstance(node, ast.Dict):
            if any(k is None for k in node.keys):  # `{**base, …}`: not known here
                return None
            return [
                v
                for k, v in zip(node.keys, node.values, strict=True)
                if isinstance(k, ast.Constant) and k.value == self.key
            ]
        if isinstance(node, ast.Name):
            return self._name(node.id, scope, depth)
        if not isinstance(node, ast.Call):
            return None
        name = dotted_name(node.func) or ""
        last = name.rsplit(".", 1)[-1]
        items = literal_items(node, typed_dicts(self.tables.module))
        if items is not None:  # `dict(llm=model)`, a TypedDict's `Config(llm=model)`
            return [value for key, value in items if key == self.key]
        if isinstance(node.func, ast.Attribute) and last == "copy" and not node.args:
            return self.values(node.func.value, scope, depth + 1)  # `DEFAULTS.copy()`
        if last in _COPIES and len(node.args) == 1 and not node.keywords:
            return self.values(node.args[0], scope, depth + 1)  # `dict(DEFAULTS)`
        function = self.tables.functions.get(name)
        if function is None:
            return None
        returned = [
            s.value for s in statements(function, definitions=False) if isinstance(s, ast.Return)
        ]
        return self._all(returned, function, depth)

    def _name(self, name: str, scope: ast.AST, depth: int) -> list[ast.expr] | None:
        """What a name's dicts hold at the key: those bound to it in `scope` (the module's,
        when `scope` binds it nowhere), and the values stores of the key give it."""
        module = self.tables.module
        for where in (scope, module) if scope is not module else (module,):
            bound, stored = self.tables.bindings(where)
            given = stored.get(name, {})
            if name in bound:
                found = self._all(bound[name], where, depth)
                return None if found is None else found + given.get(self.key, [])
            if given or (isinstance(where, Function) and name in parameter_names(where)):
                return None
        return None

    def _all(
        self, found: Sequence[ast.expr | None], scope: ast.AST, depth: int
    ) -> list[ast.expr] | None:
        values: list[ast.expr] = []
        for value in found:
            held = self.values(value, scope, depth + 1)
            if held is None:
                return None
            values += held
        return values
