"""The retry layers of one module's loops, for the call graph: a hand-written loop that
goes round after catching a failure of its `try` and leaves on success, one that goes
round on a failed result a call returns, and a clause that calls its function again.
A loop over a library's retrying object is `LibraryLayers`'."""

from __future__ import annotations

import ast
from typing import Any

from auditor.python.model.ast_values import (
    Function,
    class_names,
    dotted_name,
    is_transport,
    module_statements,
    parameter_defaults,
    statements,
    walk,
)
from auditor.python.model.class_attributes import class_attributes
from auditor.python.model.imports import Imports
from auditor.python.runner.error_conditions import handler_errors, reaching_errors
from auditor.python.runner.error_tests import ErrorTest, RetriedErrors, class_errors, union
from auditor.python.runner.function_facts import FunctionFacts, LayerRef
from auditor.python.runner.library_layers import LibraryLayers, layer_pairs
from auditor.python.runner.loop_parts import (
    delay_schedule,
    leaves_after,
    leaves_outside_handlers,
    raised_round,
    reads_user_input,
    repetition,
    success_leaves,
    walks_indices,
)
from auditor.python.runner.second_attempts import (
    SECOND_ATTEMPT,
    reads_any,
    second_attempts,
    set_names,
    target_names,
)
from auditor.python.runner.steps import StepCatalog
from auditor.python.runner.value_refs import literal_int

# Calls that read a line the user types: a loop asking them each turn runs new work.


class LoopLayers(LibraryLayers):
    """The layers of one module's hand-written retry loops and recursions, beside those
    of its libraries' objects."""

    def __init__(
        self, tree: ast.Module, imports: Imports, steps: StepCatalog, blanket: frozenset[str]
    ) -> None:
        super().__init__(tree, imports, steps, blanket)
        self._prompting: frozenset[str] | None = None  # see `_reads_input`

    def _reads_input(self, loop: ast.While) -> bool:
        """Whether a loop's body asks its user for input (`input()`, `Prompt.ask(…)`), also
        through a function of the module that does."""
        if self._prompting is None:
            self._prompting = frozenset(
                node.name
                for node in module_statements(self.tree)
                if isinstance(node, Function) and any(map(_prompts, walk(node)))
            )
        prompting = self._prompting
        nodes = [node for statement in loop.body for node in walk(statement)]
        # `input("Press Enter to retry…")` as a statement of its own: a pause, whose
        # answer sends nothing new
        paused = {id(n.value) for n in nodes if isinstance(n, ast.Expr)}
        return any(
            id(node) not in paused
            and (
                _prompts(node)
                or (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id in prompting
                )
            )
            for node in nodes
        )

    def loop_layer(
        self, loop: ast.For | ast.AsyncFor | ast.While, function: FunctionFacts, outer: LayerRef
    ) -> LayerRef:
        """The layer a loop is: `for attempt in Retrying(…)`, or a hand-written loop that
        goes on after catching a failure of its `try` and leaves on success. A `while`
        loop that reads what to do from its user each turn (a chat prompt) is none: after
        a failure it sends what the user types next, new work (a prompt that only pauses,
        `input("Press Enter to retry")`, reads nothing to do)."""
        if isinstance(loop, ast.While) and self._reads_input(loop):
            return None
        if isinstance(loop, ast.For | ast.AsyncFor):
            found = self.library_of(loop.iter)
            if found is not None and found[0].form == "loop":
                return self.library_layer(loop, found, "loop")
            iterated = loop.iter  # `retryer = make(…)`, then `for attempt in retryer:`
            if isinstance(iterated, ast.Name):
                iterated = function.held_value(iterated.id) or iterated
                found = self.library_of(iterated) if isinstance(iterated, ast.Call) else None
                if found is not None and found[0].form == "loop":  # `r = Retrying(…)`
                    return self.library_layer(loop, found, "loop")
            returned = self.returned_retrier(iterated)
            if returned is not None:
                return self.returned_layer(loop, *returned, outer)
            if (passed := self.iterated_retrier(loop, function, outer)) is not None:
                return passed
            counted = repetition(loop.iter, function.held_value) is not None
            if (not counted or walks_indices(loop)) and not delay_schedule(loop):
                return None
        inside = [n for s in loop.body for n in (s, *statements(s, definitions=False))]
        tries = [n for n in inside if isinstance(n, ast.Try | ast.TryStar)]
        assigned = isinstance(loop, ast.While) and _test_assigned(loop, inside)
        leaves = assigned or leaves_outside_handlers(loop.body)
        for node in tries if leaves else ():
            if not assigned and not success_leaves(loop, node):
                continue  # its failures reach every way out its successes do: new work
            names: list[str] = []
            narrowed: list[list[str]] = []
            left: list[str] = []  # the classes of the clauses before that leave the loop
            falls_on = not leaves_after(loop.body, node)
            for handler in node.handlers:
                # what it goes round for: none (it leaves on every way), the failures a
                # test in it picks (`if "rate" in str(e): continue`), or what it catches
                going = handler_errors(handler, self.ast_facts(), self.blanket, falls_on=falls_on)
                if going is None:
                    left += self._handler_classes(handler, function)
                    continue
                if going.every and left and not names:  # every failure but theirs
                    narrowed += [["except", name] for name in left]
                    continue
                narrows = (t.kind != "class" or is_transport(t.value) for t in going.tests)
                if not going.every and any(narrows):
                    narrowed += layer_pairs(going)
                else:
                    names += self._handler_classes(handler, function) or ["?"]
            if names or narrowed:
                caught = class_errors(names, self.blanket) if names else None
                every = caught is not None and caught.every  # no pairs: every failure
                tests = caught.tests if caught is not None else ()
                pairs = [] if every else [_given(t, function) for t in tests] + narrowed
                layer = self.add_layer(loop, "retry loop", _loop_attempts(loop), pairs)
                self._bound_by_parameter(layer, loop, function)
                function.retry_tries[id(node)] = layer
        if leaves:  # (beside the layer of its `try`s, for the failures a callee returns)
            self._value_layer(loop, inside, function)
        return None

    def _bound_by_parameter(
        self, layer: int, loop: ast.For | ast.AsyncFor | ast.While, function: Any
    ) -> None:
        """Where a loop's attempts are a parameter of its function, maybe plus a number
        (`range(max_retries + 1)`), that parameter and number: each call gives the
        attempts (`retry_reach` reads them where the loop runs)."""
        if self.layers[layer]["attempts"] is not None:
            return
        bound = _loop_bound(loop)
        if bound is not None and bound[0] in function.params:
            self.layers[layer]["bound"] = list(bound)

    def _value_layer(
        self, loop: ast.For | ast.AsyncFor | ast.While, inside: list[ast.AST], function: Any
    ) -> None:
        """A loop that goes round on a failed *result* (`r = ask(p)`, then `if r["ok"]:
        break`): a retry of the failures the called function turns into values (its
        `except Exception: return {"ok": False}`), registered on the call that gives it."""
        raising = raised_round(loop)  # `if r.error: raise …` that the loop's `try` retries
        leaving = [
            node
            for node in inside
            if isinstance(node, ast.If)
            and (leaves_outside_handlers(node.body) or _retries_failed(node) or id(node) in raising)
        ]
        tested = {n.id for test in leaving for n in walk(test.test) if isinstance(n, ast.Name)}
        # a marker whose presence in the result leaves the loop (`if "Error: " in r: return
        # r`): a failure returned with it is not sent again (`CallGraph` reads the texts
        # the function under the loop returns where it catches a failure)
        markers = sorted(
            {
                m
                for test in leaving
                if leaves_outside_handlers(test.body)
                for m in _markers(test.test)
            }
        )
        for node in inside:
            value = node.value if isinstance(node, ast.Assign) else None
            value = value.value if isinstance(value, ast.Await) else value
            if not isinstance(value, ast.Call) or not isinstance(node, ast.Assign):
                continue
            # the names it binds, each item of a tuple it unpacks too (`ok, text = ask(p)`)
            names = [n.id for t in node.targets for n in target_names(t)]
            # a value the loop acts on is a step's, unless the first test of what this call
            # gave sends the loop round at once when it failed (`if not ok: continue`,
            # `if decision is None: continue`): then a failed call is made again
            acted = not _retried_at_once(inside, leaving, node, names) and any(
                _acted_on(loop, node, name, tested) for name in names
            )
            if any(name in tested for name in names) and not _fed_back(loop, value) and not acted:
                label = "retry loop on a returned failure"
                layer = self.add_layer(loop, label, _loop_attempts(loop), [])
                self._bound_by_parameter(layer, loop, function)
                self.layers[layer]["value"] = True
                if markers:
                    self.layers[layer]["leaves_on"] = markers
                function.value_calls[id(value)] = layer

    def recursion_layers(self, node: Function, function: FunctionFacts) -> None:
        """A `try` whose clause catches a failure and calls the function again
        (`except APIError: time.sleep(30); return self._run_single(prompt)`): a retry."""
        for candidate in function.tries:
            again = [h for h in candidate.handlers if _calls_itself(h, node)]
            if again:
                layer = self.add_layer(
                    candidate,
                    "retry by recursion",
                    None,
                    layer_pairs(self._caught(again, function)),
                )
                function.retry_tries[id(candidate)] = layer
                continue
            # `except RateLimitError: sleep(1); reply = client.create(**kw)`: the calls they
            # make again are a second attempt of the `try`'s
            repeating = {id(h): _repeated_calls(h, candidate) for h in candidate.handlers}
            handlers = [h for h in candidate.handlers if repeating[id(h)]]
            if handlers:
                facts = self.ast_facts()
                reached = union(
                    [
                        reaching_errors(h, repeating[id(h)], facts, self._caught([h], function))
                        for h in handlers
                    ]
                )
                layer = self.add_layer(candidate, "retry in `except`", 2, layer_pairs(reached))
                for handler in handlers:
                    function.retry_calls.update((id(c), layer) for c in repeating[id(handler)])

    def second_attempts(self, node: Function, function: FunctionFacts) -> None:
        """Register each call made again as written where the first test of what it gave
        says it failed (`second_attempts`): a retry of the failures its function returns as
        values (the graph says whether it returns any)."""
        for call, test, same in second_attempts(node):
            # (made again with other arguments, it is another request: a failover)
            if same and id(call) not in function.value_calls:
                layer = self.add_layer(test, SECOND_ATTEMPT, 2, [])
                self.layers[layer]["value"] = True
                function.value_calls[id(call)] = layer

    def _caught(self, handlers: list[ast.ExceptHandler], function: FunctionFacts) -> RetriedErrors:
        """The error tests of the classes some `except` clauses catch."""
        names = [n for h in handlers for n in self._handler_classes(h, function)]
        return class_errors(names, self.blanket)

    def _handler_classes(self, handler: ast.ExceptHandler, function: FunctionFacts) -> list[str]:
        """The classes an `except` catches: names, tuples, and a tuple given as a module
        constant or a parameter's default (`except errors:` with `errors=(A, B)`)."""
        node = handler.type
        if isinstance(node, ast.Name) and isinstance(function.defaults.get(node.id), list):
            facts = self.ast_facts()  # a default naming a module constant: its classes
            given: list[str] = function.defaults[node.id]
            named = [each for name in given for each in facts.exceptions.get(name, [name])]
            return [facts.renamed.get(name, name) for name in named]
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
            and function.cls is not None
        ):
            stored = self._stored_classes(function.cls, node.attr)
            if stored:
                return stored
        return self.ast_facts().classes(node) if node is not None else []

    def _stored_classes(self, cls: str, attribute: str) -> list[str]:
        """The classes the class (or a base of the module) stores in `self.ATTR` (`except
        self.retry_on:` with `self.retry_on = retry_on` and `retry_on=(ProviderError,)`):
        a literal, or a parameter's default; none when a store is anything else."""
        attributes = class_attributes(self.tree)
        found: list[str] = []
        for stored in attributes.assigned(attribute, attributes.lineage(cls)):
            value = stored.value
            if stored.method is not None and isinstance(value, ast.Name):
                value = parameter_defaults(stored.method).get(value.id, value)
            names = self.ast_facts().classes(value)
            if not names or "?" in names:
                return []
            found += names
        return found


def _prompts(node: ast.AST) -> bool:
    """Whether a node is a call that reads a line its user types (`input()`,
    `sys.stdin.readline()`, rich's `Prompt.ask`, click's `prompt`)."""
    if not isinstance(node, ast.Call):
        return False
    return reads_user_input([dotted_name(node.func) or ""])


def _markers(test: ast.expr) -> list[str]:
    """The strings a test looks for in a value (`"Error: " in r`, `r.startswith("Error")`)."""
    found = []
    for node in walk(test):
        if (
            isinstance(node, ast.Compare)
            and len(node.ops) == 1
            and isinstance(node.ops[0], ast.In)
            and isinstance(node.left, ast.Constant)
            and isinstance(node.left.value, str)
        ):
            found.append(node.left.value)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "startswith"
            and len(node.args) == 1
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append(node.args[0].value)
    return [marker for marker in found if marker]


def _retried_at_once(
    inside: list[ast.AST], leaving: list[ast.If], assign: ast.Assign, names: list[str]
) -> bool:
    """Whether the first test after `assign` (in the loop's order, `inside`) of a name it
    binds, before that name is bound again, is a leaving branch that goes round at once on
    a failure (`_retries_failed`)."""
    branches = {id(branch) for branch in leaving}
    after = False
    for node in inside:
        if node is assign:
            after = True
            continue
        if not after:
            continue
        if isinstance(node, ast.Assign) and any(
            n.id in names for t in node.targets for n in target_names(t)
        ):
            return False  # bound again before any test of it
        if isinstance(node, ast.If) and any(
            isinstance(n, ast.Name) and n.id in names for n in walk(node.test)
        ):
            return id(node) in branches and _retries_failed(node)
    return False


def _retries_failed(branch: ast.If) -> bool:
    """Whether an `if` sends its loop round at once (`continue`) when a value is a
    failure: an exception (`isinstance(r, Exception)`, what `except … as e: return e`
    gives), None or false (`if r is None`, `if not r`). In a loop that leaves another
    way, that test decides between another attempt and leaving; a test of anything
    else (`if r.needs_review: continue`) is a judgement of a result, not its failure."""
    if not branch.body or not isinstance(branch.body[-1], ast.Continue):
        return False
    test = branch.test
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return isinstance(test.operand, ast.Name)
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        right = test.comparators[0]
        return (
            isinstance(test.left, ast.Name)
            and isinstance(test.ops[0], ast.Is)
            and isinstance(right, ast.Constant)
            and right.value is None
        )
    if not (isinstance(test, ast.Call) and dotted_name(test.func) == "isinstance"):
        return False
    if len(test.args) != 2 or not isinstance(test.args[0], ast.Name):
        return False
    return all(name.endswith(("Exception", "Error")) for name in class_names(test.args[1]))


def _test_assigned(loop: ast.While, inside: list[ast.AST]) -> bool:
    """Whether the loop goes round until a `try` sets a name its test waits on (`while
    answer is None:` … `try: answer = response.text`): it leaves when that succeeds."""
    test = loop.test
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand  # `while not answer:`
    elif isinstance(test, ast.Compare) and len(test.ops) == 1:
        none = isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None
        test = test.left if none and isinstance(test.ops[0], ast.Is | ast.Eq) else test
    if not isinstance(test, ast.Name):
        return False
    tried = [
        n
        for t in inside
        if isinstance(t, ast.Try | ast.TryStar)
        for s in t.body
        for n in (s, *statements(s, definitions=False))
    ]
    return any(
        isinstance(n, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == test.id for t in n.targets)
        and not any(isinstance(v, ast.Name) and v.id == test.id for v in ast.walk(n.value))
        for n in tried
    )


# methods that add to a container in place (`messages.append(reply)`)
_GROWING = frozenset({"append", "extend", "insert", "add", "update", "appendleft"})


def _acted_on(
    loop: ast.For | ast.AsyncFor | ast.While, assign: ast.Assign, name: str, tested: set[str]
) -> bool:
    """Whether every turn of the loop does work with the value a call gave `name` (a
    statement after the assignment, outside any branch, hands it or a field of it to a
    call that neither logs it nor keeps it: `_execute_action(page, decision)`): the
    loop takes the value for a result to act on, its turns are steps of a piece of work
    (an agent deciding and acting), not attempts at a request that failed. A call whose
    result the loop tests to leave (`tested`: `data = extract(answer)`, then `if data:
    return data`) reads the value, as parsing does."""
    after = False
    for statement in loop.body:
        if statement is assign:
            after = True
            continue
        if not after:
            continue
        bodies = [statement] if not isinstance(statement, ast.Try) else statement.body
        for part in bodies:
            if isinstance(part, ast.If | ast.For | ast.AsyncFor | ast.While | ast.Match):
                continue
            if isinstance(part, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id in tested for t in part.targets
            ):
                continue  # (a reading whose result decides whether to go round)
            for call in (n for n in walk(part) if isinstance(n, ast.Call)):
                callee = dotted_name(call.func) or ""
                last = callee.rsplit(".", 1)[-1]
                kept = last in _GROWING or last in _REPORTING or last in _READING
                if kept or callee.startswith(_REPORTERS):
                    continue
                given = [*call.args, *(k.value for k in call.keywords)]
                if any(_rooted_at(value, name) for value in given):
                    return True
    return False


# Calls that only report or show a value (`print(r)`, `logger.info(…)`, `log_event(r)`)
_REPORTING = frozenset({"print", "debug", "info", "warning", "warn", "error", "exception"})
_REPORTERS = ("log", "logger.", "logging.", "console.", "rich.")
# Calls that read a value without acting on it (parse, validate, measure, match): a retry
# loop tests its reply with them (`json.loads(reply)` in a `try`, then `continue`)
_READING = frozenset(
    {
        *("loads", "load", "dumps", "parse", "parse_obj", "parse_raw", "literal_eval"),
        *("model_validate", "model_validate_json", "validate", "int", "float", "str"),
        *("len", "bool", "isinstance", "search", "match", "fullmatch", "findall", "strip"),
    }
)


def _rooted_at(node: ast.expr, name: str) -> bool:
    """Whether an expression is the name or a field of it (`decision`, `decision.action`)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name) and node.id == name


def _fed_back(loop: ast.For | ast.AsyncFor | ast.While, call: ast.Call) -> bool:
    """Whether the loop adds to a container it gives the call (`state.messages.append(…)`,
    `history.extend(…)`, with `state` or `history` an argument): each round sends a longer
    conversation, a turn loop's next turn, not the failed request again. (A prompt
    rewritten after a failure, `prompt += "answer with JSON only"`, is that request
    again.)"""
    given = [a.value if isinstance(a, ast.Starred) else a for a in call.args]
    given += [k.value for k in call.keywords]
    roots = {name for value in given if (name := dotted_name(value)) and name != "self"}
    if not roots:
        return False
    for node in walk(loop):
        grown = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            grown = node.func.value if node.func.attr in _GROWING else None
        name = dotted_name(grown) if grown is not None else None
        if name and any(name == root or name.startswith(f"{root}.") for root in roots):
            return True
    return False


def _loop_bound(loop: ast.For | ast.AsyncFor | ast.While) -> tuple[str, int] | None:
    """The name a loop's attempts are read from, and the number added to it: `range(n)`,
    `range(1, n + 1)`, `while attempt < n`."""
    bound: ast.expr | None = None
    if isinstance(loop, ast.For | ast.AsyncFor) and isinstance(loop.iter, ast.Call):
        arguments = loop.iter.args
        named = isinstance(loop.iter.func, ast.Name) and loop.iter.func.id == "range"
        if named and len(arguments) in (1, 2):
            start = literal_int(arguments[0]) if len(arguments) == 2 else 0
            bound = arguments[-1] if start in (0, 1) else None
            plus = -1 if start == 1 else 0
    elif isinstance(loop, ast.While) and isinstance(loop.test, ast.Compare):
        comparison = loop.test
        strict = len(comparison.ops) == 1 and isinstance(comparison.ops[0], ast.Lt | ast.LtE)
        bound = comparison.comparators[0] if strict else None
        plus = int(isinstance(comparison.ops[0], ast.LtE))
    if isinstance(bound, ast.BinOp) and isinstance(bound.op, ast.Add):
        added = literal_int(bound.right)
        bound, plus = (bound.left, plus + added) if added is not None else (None, plus)
    return (bound.id, plus) if isinstance(bound, ast.Name) else None


def _loop_attempts(loop: ast.For | ast.AsyncFor | ast.While) -> int | None:
    if isinstance(loop, ast.For | ast.AsyncFor) and isinstance(loop.iter, ast.Call):
        arguments = loop.iter.args
        return (
            literal_int(arguments[-1] if len(arguments) == 1 else arguments[1])
            if arguments
            else None
        )
    test = loop.test if isinstance(loop, ast.While) else None
    if isinstance(test, ast.Compare) and len(test.comparators) == 1:
        return literal_int(test.comparators[0])
    return None


def _given(test: ErrorTest, function: FunctionFacts) -> list[str]:
    """A test as a layer's pair; a class named by a parameter (`except retryable:` in
    `call_with_retries(call, retryable)`; one with a tuple default is read as its classes
    already) is a `param` test, for each call of the function to give
    (`retry_reach.bind_errors`)."""
    given = test.kind == "class" and test.value in function.params
    return ["param" if given else test.kind, test.value]


def _repeated_calls(handler: ast.ExceptHandler, attempt: ast.Try | ast.TryStar) -> list[ast.Call]:
    """The calls of a `try` whose value an `except` clause makes again as written, for the
    same name (`stream = litellm.completion(**kwargs)` in both) or to return it: a second
    attempt of each. A call made again for nothing (`store.save(state)`, recording how it
    went) is no attempt."""
    again = _attempts(handler.body)
    if not again:
        return []
    # (a name it sets first is another request: `model = FALLBACK`, a failover or repair)
    changed = set_names(handler.body)
    return [
        call
        for key, call in _attempts(attempt.body).items()
        if key in again and not reads_any(call, changed)
    ]


def _attempts(body: list[ast.stmt]) -> dict[str, ast.Call]:
    """The calls a block gives a name or returns, by what they give and how they are
    written."""
    found: dict[str, ast.Call] = {}
    for statement in body:
        for node in walk(statement):
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target, value = ast.dump(node.targets[0]), node.value
            elif isinstance(node, ast.Return) and node.value is not None:
                target, value = "return", node.value
            else:
                continue
            value = value.value if isinstance(value, ast.Await) else value
            if isinstance(value, ast.Call):
                found.setdefault(f"{target} {ast.dump(value)}", value)
    return found


def _calls_itself(handler: ast.ExceptHandler, function: Function) -> bool:
    """Whether an `except` clause calls the function it is in (`f(…)`, `self.f(…)`,
    `cls.f(…)`). The same method on another object (`self._fallback.complete(…)`) is a
    delegation to a failover, not this call again."""
    for statement in handler.body:
        for node in walk(statement):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if isinstance(func, ast.Name) and func.id == function.name:
                return True
            if (
                isinstance(func, ast.Attribute)
                and func.attr == function.name
                and isinstance(func.value, ast.Name)
                and func.value.id in ("self", "cls")
            ):
                return True
    return False
