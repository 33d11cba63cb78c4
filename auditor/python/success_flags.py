"""Where a loop reads a call's success flag (for `auditor.python.loop_flow`).

A helper that runs the agent often returns whether it succeeded rather than
its exit status: `return proc.returncode == 0`, or a tuple such as `return
ok, out, kind`. The loop around it reads that flag (`if ok: break`,
`if not run_once(cmd): continue`, `result[0]`), true on success, where a
status would be true on failure.
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from auditor.python.cst_values import integer
from auditor.python.module import PythonModule


def _unwrap(node: cst.BaseExpression | None) -> cst.BaseExpression | None:
    return node.expression if isinstance(node, cst.Await) else node


def _names(node: cst.Assign | cst.AnnAssign) -> list[str]:
    targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
    return [t.value for t in targets if isinstance(t, cst.Name)]


class SuccessFlags:
    """The success flag of one call inside a loop, and the names bound to it."""

    def __init__(
        self,
        module: PythonModule,
        call: cst.CSTNode,
        results: set[str],
        flag: int | None,
        assignments: Sequence[cst.Assign | cst.AnnAssign],
    ) -> None:
        """`results`: names bound to the call's value; `flag`: -1 the value is the flag,
        N item N of a returned tuple is, None the call returns no flag."""
        self.module, self.call, self.results, self.flag = module, call, results, flag
        self.names: set[str] = set()
        for _ in range(2):  # twice: `result = run(…)`, then `ok = result[0]`
            self.names |= {name for node in assignments for name in self._bound(node)}

    def _is_value(self, node: cst.BaseExpression | None) -> bool:
        """Whether an expression is the call's value (the call, or a name bound to it)."""
        node = _unwrap(node)
        return node is self.call or (isinstance(node, cst.Name) and node.value in self.results)

    def _bound(self, node: cst.Assign | cst.AnnAssign) -> list[str]:
        """The names an assignment binds to the flag."""
        flag, value = self.flag, node.value
        if flag is None or value is None:
            return []
        if not self._is_value(value):
            return _names(node) if self.is_success(value) else []
        if flag < 0:
            return _names(node)
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else []
        return [
            item.value.value
            for target in targets
            if isinstance(target, cst.Tuple | cst.List) and flag < len(target.elements)
            for item in [target.elements[flag]]
            if isinstance(item.value, cst.Name)
        ]

    def is_success(self, node: cst.BaseExpression | None) -> bool:
        """Whether an expression is the call's success flag: the value of a call that
        returns one, a name bound to it, or the item of its tuple (`result[0]`)."""
        flag, node = self.flag, _unwrap(node)
        if flag is None or node is None:
            return False
        if isinstance(node, cst.Name) and node.value in self.names:
            return True
        if flag < 0:
            return self._is_value(node)
        if isinstance(node, cst.Subscript) and self._is_value(node.value):
            index = node.slice[0].slice if len(node.slice) == 1 else None
            return isinstance(index, cst.Index) and integer(self.module, index.value) == flag
        return False
