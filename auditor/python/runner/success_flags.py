"""Where a loop reads a call's success flag (for `auditor.python.runner.loop_flow`).

A helper that runs the agent often returns whether it succeeded rather than
its exit status: `return proc.returncode == 0`, or a tuple such as `return
ok, out, kind`. The loop around it reads that flag (`if ok: break`,
`if not run_once(cmd): continue`, `result[0]`), true on success, where a
status would be true on failure.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import TYPE_CHECKING

from auditor.python.model.ast_values import shown_value
from auditor.python.model.expr_values import integer
from auditor.python.model.module import PythonModule
from auditor.python.runner.loop_parts import is_none_test
from auditor.python.runner.retry_types import FAILURE_VALUES, FIELDS

if TYPE_CHECKING:
    from auditor.python.runner.retry_types import SuccessFlag


def _unwrap(node: ast.expr | None) -> ast.expr | None:
    return node.value if isinstance(node, ast.Await) else node


def _names(node: ast.Assign | ast.AnnAssign) -> list[str]:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    return [t.id for t in targets if isinstance(t, ast.Name)]


def _unstarred(node: ast.expr) -> ast.expr:
    return node.value if isinstance(node, ast.Starred) else node


class SuccessFlags:
    """The success flag of one call inside a loop, and the names bound to it."""

    def __init__(
        self,
        module: PythonModule,
        call: ast.AST,
        results: set[str],
        flag: SuccessFlag | None,
        assignments: Sequence[ast.Assign | ast.AnnAssign],
    ) -> None:
        """`results`: names bound to the call's value; `flag`: -1 the value is the flag,
        N item N of a returned tuple is, None the call returns no flag."""
        self.module, self.call, self.results, self.flag = module, call, results, flag
        self.names: set[str] = set()
        for _ in range(2):  # twice: `result = run(…)`, then `ok = result[0]`
            self.names |= {name for node in assignments for name in self._bound(node)}

    def is_value(self, node: ast.expr | None) -> bool:
        """Whether an expression is the call's value (the call, or a name bound to it)."""
        node = _unwrap(node)
        return node is self.call or (isinstance(node, ast.Name) and node.id in self.results)

    def reads_field(self, node: ast.expr, field: str) -> bool:
        """Whether an expression reads a field of the call's value: `result.success`, or
        an item of a returned dict, `result["success"]`, `result.get("success")`; field
        "" is the value itself (a word that says how the run went: `"ok"`, `"fail"`)."""
        if not field:
            return self.is_value(node)
        if isinstance(node, ast.Attribute):
            return node.attr == field and self.is_value(node.value)
        if isinstance(node, ast.Subscript):
            key = node.slice
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and node.args
        ):
            key, node = node.args[0], node.func
        else:
            return False
        named = isinstance(key, ast.Constant) and key.value == field
        return named and self.is_value(node.value)

    def _bound(self, node: ast.Assign | ast.AnnAssign) -> list[str]:
        """The names an assignment binds to the flag."""
        flag, value = self.flag, node.value
        if flag is None or value is None:
            return []
        if not self.is_value(value):
            return _names(node) if self.is_success(value) else []
        if isinstance(flag, str):
            return []  # the object itself: its attribute is the flag
        if flag < 0:
            return _names(node)
        targets = node.targets if isinstance(node, ast.Assign) else []
        return [
            item.id
            for target in targets
            if isinstance(target, ast.Tuple | ast.List) and flag < len(target.elts)
            for item in [_unstarred(target.elts[flag])]
            if isinstance(item, ast.Name)
        ]

    def is_success(self, node: ast.expr | None) -> bool:
        """Whether an expression is the call's success flag: the value of a call that
        returns one, a name bound to it, the item of its tuple (`result[0]`), or the
        attribute of its result object (`result.success`, `result.status == Status.OK`)."""
        flag, node = self.flag, _unwrap(node)
        if flag is None or node is None:
            return False
        if isinstance(node, ast.Name) and node.id in self.names:
            return True
        if isinstance(flag, str):
            return any(self._field_test(node, field) is True for field in flag.split(FIELDS))
        if flag < 0:
            return self.is_value(node) or self._none_test(node) is False
        if isinstance(node, ast.Subscript) and self.is_value(node.value):
            return integer(self.module, node.slice) == flag
        return False

    def is_failure(self, node: ast.expr | None) -> bool:
        """Whether an expression is true exactly when the call failed, by its result
        object (`result.status != Status.OK`, `result.error is not None`, `result.error`),
        or by the value of a call that gives one only when it succeeded (`result is
        None`)."""
        flag, node = self.flag, _unwrap(node)
        if isinstance(flag, int) and flag < 0 and node is not None:
            return self._none_test(node) is True
        return (
            isinstance(flag, str)
            and node is not None
            and any(self._field_test(node, field) is False for field in flag.split(FIELDS))
        )

    def _none_test(self, node: ast.expr) -> bool | None:
        """For the call's value, which is None when it failed (a flag of its own, `-1`):
        True for `value is None` (`== None`), False for `value is not None`; None for
        any other expression."""
        if not (isinstance(node, ast.Compare) and is_none_test(node)):
            return None
        left = node.left
        value = node.comparators[0] if isinstance(left, ast.Constant) else left
        if not self.is_value(value):
            return None
        return isinstance(node.ops[0], ast.Is | ast.Eq)

    def _bool_test(self, node: ast.Compare, flag: str) -> bool | None:
        """`result.success == True` (`is False`, `!= True`) of a field true on success, or
        `result.is_error is False` of one false on success."""
        field, equals, value = flag.partition(FAILURE_VALUES)[0].partition("=")
        left, right = node.left, node.comparators[0]
        if equals and value not in ("True", "False"):
            return None
        if not self.reads_field(left, field):
            return None
        assert isinstance(right, ast.Constant)
        on_success = value != "False"  # the field's value when the run succeeded
        operator = node.ops[0]
        if isinstance(operator, ast.Eq | ast.Is):
            return bool(right.value) == on_success
        if isinstance(operator, ast.NotEq | ast.IsNot):
            return bool(right.value) != on_success
        return None

    def failure_values_verdict(self, node: ast.expr, ok: bool) -> tuple[bool, bool | None]:
        """For a field that takes some values only when the run failed (and then no
        other), whether `node` tests it, and if so what it is when the run succeeded
        (`ok`) or failed: `result.code in (A, B)` holds on every failure when A and B
        are all its failure values, on none when it names none of them; on a success
        it is false when it names failure values only; else not known."""
        flag = self.flag
        if not isinstance(flag, str):
            return False, None
        for field in flag.split(FIELDS):
            named, negated = self._named_values(node, field)
            if named is not None:
                return True, self._named_verdict(named, negated, field, ok)
        return False, None

    @staticmethod
    def _named_verdict(named: set[str], negated: bool, flag: str, ok: bool) -> bool | None:
        """Whether a test naming `named` values of a field (see `failure_values_verdict`)
        holds when the run succeeded (`ok`) or failed."""
        given, _, failed = flag.partition(FAILURE_VALUES)
        failing = set(failed.split("|"))
        succeeding = set(given.partition("=")[2].split("|"))  # `status='ok'`: exactly these
        if ok:
            by_success = True if succeeding <= named else False if not named & succeeding else None
            holds = False if named <= failing else by_success
        else:
            holds = True if failing <= named else False if not named & failing else None
        return None if holds is None else holds != negated

    def success_values(self, node: ast.expr) -> tuple[set[str], bool, frozenset[str]] | None:
        """For a test of a field whose values on success and on failure are all known
        (`result.status == Status.MORE`), the values it names, whether it is negated, and
        every value a success may give the field; None for any other test."""
        flag = self.flag
        if not isinstance(flag, str):
            return None
        for field in flag.split(FIELDS):
            given = field.partition(FAILURE_VALUES)[0].partition("=")[2]
            named, negated = self._named_values(node, field)
            if named is not None and "|" in given:
                return named, negated, frozenset(given.split("|"))
        return None

    def _named_values(self, node: ast.expr, flag: object) -> tuple[set[str] | None, bool]:
        """The values a test compares the flag's field with (`==`, `in`), and whether it is
        negated (`!=`, `not in`); None when it is no such test."""
        if not (isinstance(flag, str) and FAILURE_VALUES in flag):
            return None, False
        field = flag.partition(FAILURE_VALUES)[0].partition("=")[0]
        if not (isinstance(node, ast.Compare) and len(node.ops) == 1):
            return None, False
        left, right, operator = node.left, node.comparators[0], node.ops[0]
        if not self.reads_field(left, field):
            return None, False
        items = right.elts if isinstance(right, ast.List | ast.Tuple | ast.Set) else [right]
        named = {shown_value(item) for item in items}
        if None in named or not isinstance(
            operator, ast.Eq | ast.Is | ast.In | ast.NotEq | ast.IsNot | ast.NotIn
        ):
            return None, False
        return {n for n in named if n is not None}, isinstance(
            operator, ast.NotEq | ast.IsNot | ast.NotIn
        )

    def _field_test(self, node: ast.expr, flag: str) -> bool | None:
        """True when `node` holds on success, False on failure, by the result's field."""
        if FAILURE_VALUES in flag:
            named, negated = self._named_values(node, flag)
            if named is not None:  # exactly on failure (or on success) only when both are known
                on_failure = self._named_verdict(named, negated, flag, False)
                on_success = self._named_verdict(named, negated, flag, True)
                known = on_failure is not None and on_success is not None
                return (not on_failure) if known and on_failure != on_success else None
            flag = flag.partition(FAILURE_VALUES)[0]
            if "=" not in flag:
                return None
        field, equals, value = flag.partition("=")
        if self.reads_field(node, field):
            if not equals or value == "True":  # `result.success`
                return True
            # `result.error`: set on failure; `result.exit_code`: non-zero on failure;
            # `result.is_error`: true on failure
            return False if value in ("None", "0", "False") else None
        if not (isinstance(node, ast.Compare) and len(node.ops) == 1):
            return None
        left, right = node.left, node.comparators[0]
        if isinstance(right, ast.Constant) and isinstance(right.value, bool):
            return self._bool_test(node, flag)  # `result.success == True`
        if not equals:
            return None
        if not self.reads_field(left, field):
            return None
        if shown_value(right) != value:  # `result.error is None`, `result.exit_code == 0`
            return None
        operator = node.ops[0]
        if isinstance(operator, ast.Eq | ast.Is):
            return True
        return False if isinstance(operator, ast.NotEq | ast.IsNot) else None
