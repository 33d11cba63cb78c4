"""Whether a hand-written loop re-runs a call after it fails, decided call by call.

From the outcomes of one iteration per way the call can end
(`auditor.python.runner.loop_flow`): the loop re-runs the call when a failure can
lead to another iteration while a success can leave the loop, or a failure goes
round by a way of its own (see `loop_retries`).
"""

from __future__ import annotations

import ast
import functools
import itertools

from auditor.exit_codes import retried_failures
from auditor.python.model.ast_values import class_names, dotted_name
from auditor.python.model.endings import call_stops
from auditor.python.model.module import PythonModule
from auditor.python.runner.error_conditions import handler_errors
from auditor.python.runner.error_tests import (
    RetriedErrors,
    class_errors,
    describe,
    module_facts,
    union,
)
from auditor.python.runner.loop_flow import (
    CHOSEN,
    COUNTED,
    DECIDED,
    MARKS,
    REQUEUED,
    STEERED,
    SUCCESS,
    SURE,
    UNDER,
    LoopWalk,
    Scenario,
)
from auditor.python.runner.loop_parts import Loop, attempt_counter, consecutive_counter
from auditor.python.runner.retry_types import (
    FAILURE_VALUES,
    FIELDS,
    CallFailure,
    Retry,
)
from auditor.python.runner.steps import StepCatalog, default_steps
from auditor.python.unit import PythonUnit


def _place(handler: ast.ExceptHandler | None) -> tuple[int, int]:
    return (handler.lineno, handler.col_offset) if handler is not None else (0, 0)


def _handler_text(module: PythonModule, handler: ast.ExceptHandler) -> str:
    if handler.type is None:
        return "a bare `except`"
    start, end = module.span(handler.type)
    caught = " ".join(module.source.text[start:end].split())
    if isinstance(handler.type, ast.Tuple) and not caught.startswith("("):
        caught = f"({caught})"  # the tuple's parentheses are not part of its span
    return f"`except {caught}`"


def loop_retries(
    unit: PythonUnit,
    loop: Loop,
    call: ast.AST,
    failure: CallFailure,
    steps: StepCatalog | None = None,
) -> Retry | None:
    """How a loop re-runs `call` after it fails, or None if a failure never leads to
    another iteration, or neither a success nor a failure ever leaves (a schedule, not a
    retry). A loop that a success never leaves but failures do (a cap on consecutive
    failures) goes round again for the failed run: a retry."""
    flow = LoopWalk(unit, loop, call, failure, steps or default_steps())
    if flow.asks_user():
        return None  # the user decides each time whether it runs again
    success = flow.iterate(SUCCESS)
    failures = flow.scenarios()
    outcomes = [(scenario, flow.iterate(scenario)) for scenario in failures]
    capped = any("leave" in outcome and not s.raises for s, outcome in outcomes)
    # failures told apart by their exit codes: some jump round out of a branch of their
    # own (`if rc == 124: continue`) while others leave (`break`, `raise`): those are
    # retried, even where a success goes round too (the next run redoes the work the
    # failed one left); going round the way a success does is no retry
    returned = [outcome for s, outcome in outcomes if not s.raises and not s.transient]
    apart = any(
        DECIDED in one and "leave" in other and set(one) != set(other)
        for one, other in itertools.permutations(returned, 2)
    )
    # a failure whose item goes back on the queue the loop takes work from, where a
    # success's does not: the queue runs it again
    requeued = any(REQUEUED in o for _, o in outcomes) and REQUEUED not in success
    if (
        "leave" not in success
        and not (capped and consecutive_counter(loop))
        and not apart
        and not requeued
    ):
        return None
    retried: list[tuple[Scenario, set[ast.ExceptHandler | None]]] = []
    counted = _counts_attempts(loop, call)  # `for attempt in range(n)`, `while n < 3`
    # a success goes round only past a service loop's pause (`if stop.wait(60): break`):
    # a failure that jumps round and may stop the same way is polled again, not retried
    paused = bool(flow.success_unsure) and all(flow.paced(t) for t in flow.success_unsure)
    success_via = success.get("next", set())
    for scenario, outcome in outcomes:
        # a failure goes round where a success does not; or by a jump out of a branch of its
        # own in a loop that a success goes round only under a test of what it gave (an
        # attempt per iteration, and a retry of some answers: `if not valid(out): continue`)
        if requeued and REQUEUED in outcome:
            retried.append((scenario, outcome[REQUEUED]))
        elif "next" in outcome and (set(outcome) - MARKS != set(success) - MARKS):
            retried.append((scenario, outcome["next"]))
        elif SURE in outcome and SURE not in success and CHOSEN in success:
            # a failure goes round whatever it said, while a success leaves from a branch
            # of its own and goes round only under a test of what it gave (`if
            # result.success:`, then `if not valid(result): log(…)`, else `return`)
            retried.append((scenario, outcome[SURE]))
        elif counted and scenario.raises and _round_only(outcome, success_via):
            # round through an `except` clause, in an attempt loop a success may leave (a
            # verdict on its output decides whether it goes round too)
            retried.append((scenario, outcome["next"]))
        elif DECIDED in outcome and (
            (SURE not in success and not (paused and "leave" in outcome)) or COUNTED in outcome
        ):
            retried.append((scenario, outcome[DECIDED]))
        elif UNDER in outcome and STEERED in outcome and not scenario.transient:
            retried.append((scenario, outcome[UNDER]))
        elif apart and DECIDED in outcome and not scenario.raises and not scenario.transient:
            retried.append((scenario, outcome[DECIDED]))
    if not retried:
        return None
    # in the order of the scenarios, then of the source (a set of nodes has no order)
    handlers = list(
        dict.fromkeys(h for _, vias in retried for h in sorted(vias, key=_place) if h is not None)
    )
    clauses = {h: _clause_errors(flow, h) for h in handlers}
    vias = {h for _, through in retried for h in through}
    if handlers and None not in vias and all(_not_started(flow, clauses[h][0]) for h in handlers):
        return None  # each goes round only when the program never started: nothing ran
    errors = union(found for found, _ in clauses.values())
    wide = [h for h in handlers if flow.wide(h) and not clauses[h][1]]
    by_status = [s for s in failures if not s.raises and not s.transient]
    any_exit = bool(by_status) and all(any(s is r for r, _ in retried) for s in by_status)
    sure = all(SURE in outcome for s, outcome in outcomes if s in by_status)
    any_exit = any_exit and sure
    if wide or handlers:
        shown = (wide or handlers)[0]
        reason = f"after {_handler_text(flow.module, shown)}"
        if clauses[shown][1]:
            reason += f", for {describe(clauses[shown][0])}"
    elif any_exit:
        reason = _any_failure(flow)
    elif not sure and flow.unsure:
        reason = flow.under(flow.unsure)
    else:
        reason = "on " + retried_failures(
            [(s.code, s.transient) for s, _ in retried], flow.literals, "any other non-zero exit"
        )
    reason = _any_failure(flow) if any_exit and not wide else reason
    transient_only = all(s.transient for s, _ in retried) and not wide and not any_exit
    return Retry(bool(wide) or any_exit, transient_only, reason, errors)


def _round_only(
    outcome: dict[str, set[ast.ExceptHandler | None]], success_via: set[ast.ExceptHandler | None]
) -> bool:
    """Whether a failure goes round through an `except` clause that a success does not
    pass, and from which it cannot leave: not a clause that falls through to the rest of
    the iteration, where the test that lets a success leave lets the failure leave too
    (`except Exception: log(…)`, then `if is_complete(): return`): both go the same way."""
    handlers = outcome.get("next", set()) - {None} - success_via
    return bool(handlers - outcome.get("leave", set()))


def _counts_attempts(loop: Loop, call: ast.AST) -> bool:
    """Whether a loop counts attempts at the same call: a counter that neither the call
    reads (`run(prompts[i])`) nor a `range(len(items))` walks items with."""
    counter = attempt_counter(loop)
    if counter is None:
        return False
    iterated = loop.iter if isinstance(loop, ast.For | ast.AsyncFor) else None
    if isinstance(iterated, ast.Call) and any(
        isinstance(n, ast.Call) and dotted_name(n.func) == "len" for n in ast.walk(iterated)
    ):
        return False
    return not any(isinstance(n, ast.Name) and n.id == counter for n in ast.walk(call))


def _any_failure(flow: LoopWalk) -> str:
    """How a loop that re-runs after every failure reads the failure, for messages: the
    fields of the result that its tests and comparisons read, of those that tell the
    failure, or else the callback's verdict on the run that it reads (`success_check(run)`)."""
    flag = flow.failure.flag
    verdict = flow.verdict_call()
    rejects = f"whenever `{verdict}` rejects the run"
    if isinstance(flag, str):
        fields = [f.partition("=")[0].partition(FAILURE_VALUES)[0] for f in flag.split(FIELDS)]
        tests: list[ast.expr] = [
            n.test for n in ast.walk(flow.loop) if isinstance(n, ast.If | ast.While | ast.IfExp)
        ]
        tests += [n for n in ast.walk(flow.loop) if isinstance(n, ast.Compare)]
        nodes = [n for test in tests for n in ast.walk(test) if isinstance(n, ast.expr)]
        read = [f for f in fields if any(flow.flags.reads_field(n, f) for n in nodes)]
        if verdict is not None and not read:
            return rejects
        if "" in fields:  # the value itself: a word (`"fail"`)
            words = flag.partition(FAILURE_VALUES)[2].split("|") if FAILURE_VALUES in flag else []
            shown = " or ".join(f"`{w}`" for w in words if w)
            return f"whenever it returns {shown}" if shown else "whenever its result says it failed"
        named = " or ".join(f"`{field}`" for field in read or fields)
        return f"whenever the result's {named} says it failed"
    if verdict is not None:
        return rejects
    return "whenever it reports a failure" if flag is not None else "on any non-zero exit"


def _not_started(flow: LoopWalk, errors: RetriedErrors) -> bool:
    """Whether a clause goes round only for failures that say the program never started
    (`"Cannot find module" in str(e)`, `ENOENT`, `except BlockingIOError`:
    `StepCatalog.never_started`)."""
    return flow.steps.never_started(errors.tests)


def _clause_errors(flow: LoopWalk, handler: ast.ExceptHandler) -> tuple[RetriedErrors, bool]:
    """What an `except` clause retries, and whether its body narrows what it catches
    (`if "overloaded" not in str(e): raise`)."""
    blanket = flow.steps.blanket_exceptions
    caught = class_errors(class_names(handler.type) if handler.type else [], blanket)
    facts = module_facts(flow.module.tree)
    stops = functools.partial(call_stops, flow.module, stopping=facts.stopping)
    found = handler_errors(handler, facts, blanket, stops=stops)
    return (caught, False) if found is None else (found, found != caught)
