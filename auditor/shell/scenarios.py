"""The states of the shell loop dataflow: scenarios, paths and how paths join.

A scenario is one way the agent can end; a path is one state of the walk (where
it has got to, `$?`, the variables it knows) with the set of scenarios it holds
for. Paths in the same state join by uniting their scenario sets; past
`MAX_PATHS` states per outcome, the rest join pointwise (a value they disagree
on becomes unknown), so each block is walked a bounded number of times.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from auditor.flow import MAX_PATHS

NONZERO = -1000  # a non-zero status that the loop compares with nothing
AGENT = "agent"  # the agent's status, whichever scenario holds
NEGATED = "!agent"  # the status of `! agent`
EQUAL = frozenset({"-eq", "==", "="})
UNEQUAL = frozenset({"-ne", "!="})
TEXT_OPERATORS = frozenset({"=", "==", "!="})  # compare words in `[ ]`, `[[ ]]`, `test`
ORDERING = frozenset({"-lt", "-le", "-gt", "-ge", "<", "<=", ">", ">="})  # a bound's


class Text(NamedTuple):
    """A word a variable holds as written (`success=false`, `state="done"`)."""

    text: str


Value = int | str | Text | None  # a number, `AGENT`/`NEGATED`, a word, or None: unknown
Variables = frozenset[tuple[str, Value]]
Scenarios = frozenset[int]  # indices into the walk's scenarios


class Scenario(NamedTuple):
    """One way the agent can end."""

    ok: bool
    code: int  # 0 on success, `NONZERO` for a code nothing compares with
    transient: bool


class Path(NamedTuple):
    """One state of the walk, and the scenarios it holds for."""

    outcome: str
    status: Value  # `$?`
    variables: Variables
    scenarios: Scenarios  # the scenarios this path holds for
    # the first test the run does not decide whose body this path took, as written
    # (`echo "$out" | grep -q 'API Error.*50'`): going round only this way is narrowed
    under: str | None = None
    ran: bool = False  # whether the agent ran on this path, in this iteration


def compare(left: int | None, operator: str, right: int | None) -> bool | None:
    """`left operator right` on known numbers (None when it cannot be told)."""
    if left is None or right is None:
        return None
    if NONZERO in (left, right):  # an unknown non-zero code equals no number compared
        if operator in EQUAL:
            return False
        if operator in UNEQUAL:
            return True
        return True if operator in ("-gt", ">") and left == NONZERO and right <= 0 else None
    if operator in EQUAL:
        return left == right
    if operator in UNEQUAL:
        return left != right
    table = {"lt": left < right, "le": left <= right, "gt": left > right, "ge": left >= right}
    symbols = {"<": "lt", "<=": "le", ">": "gt", ">=": "ge"}
    return table.get(symbols.get(operator, operator.lstrip("-")))


def compare_texts(left: Value, operator: str, right: Value) -> bool | None:
    """`left operator right` where one side is a word (`[ "$success" = false ]`): an
    equality of the words (a number as its digits), else unknown."""
    words = [
        v.text if isinstance(v, Text) else str(v) if isinstance(v, int) else None
        for v in (left, right)
    ]
    if None in words:
        return None
    if operator in EQUAL:
        return words[0] == words[1]
    return words[0] != words[1] if operator in UNEQUAL else None


def mirrored(operator: str) -> str:
    """The operator that compares the same with its operands swapped (`-lt` for `-gt`)."""
    swapped = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}
    swapped |= {"-lt": "-gt", "-gt": "-lt", "-le": "-ge", "-ge": "-le"}
    return swapped.get(operator, operator)


def _join_variables(paths: Sequence[Path]) -> Variables:
    """Variables every path agrees on (the others become unknown)."""
    common = dict(paths[0].variables)
    for path in paths[1:]:
        other = dict(path.variables)
        for name in list(common):
            if other.get(name) != common[name]:
                common[name] = None
        for name in other:
            common.setdefault(name, None)
    return frozenset(common.items())


def join(paths: list[Path]) -> list[Path]:
    """Paths in the same state become one holding all their scenarios; beyond
    `MAX_PATHS` states per outcome, the rest are joined into one (differing values
    become unknown), so a block is walked a bounded number of times."""
    states: dict[tuple[str, Value, Variables, str | None, bool], Scenarios] = {}
    for path in paths:
        if path.scenarios:
            key = (path.outcome, path.status, path.variables, path.under, path.ran)
            states[key] = states.get(key, frozenset()) | path.scenarios
    joined = [Path(o, st, v, sc, u, r) for (o, st, v, u, r), sc in states.items()]
    if len(joined) <= MAX_PATHS:
        return joined
    kept: list[Path] = []
    overflow: dict[str, list[Path]] = {}
    for path in joined:
        if sum(1 for k in kept if k.outcome == path.outcome) < MAX_PATHS - 1:
            kept.append(path)
        else:
            overflow.setdefault(path.outcome, []).append(path)
    for outcome, extra in overflow.items():
        status = extra[0].status if all(p.status == extra[0].status for p in extra) else None
        scenarios = frozenset().union(*(p.scenarios for p in extra))
        under = extra[0].under if all(p.under == extra[0].under for p in extra) else None
        ran = all(p.ran for p in extra)
        kept.append(Path(outcome, status, _join_variables(extra), scenarios, under, ran))
    return kept


def negated(status: Value) -> Value:
    """The status of `! command` when the command's is `status`."""
    if status is None:
        return None
    if status == AGENT:
        return NEGATED
    if isinstance(status, int):
        return int(status == 0)
    return None
