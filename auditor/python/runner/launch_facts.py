"""What the functions of a module do with the processes they launch (stdlib `ast`).

Facts for the project index, read the same way for the module itself and for
the modules that import it:

- a parameter that reaches a process launch (`def run_command(cmd): return
  subprocess.run(cmd)`), and what the function does with that launch's
  status: returns it, reads it, or drops it;
- what a function returns about a process: the launch's own value, an exit
  status, or a success flag, alone or as an item of a tuple (`return ok,
  out, kind`), so a loop around a call of it knows what a failure looks like;
- the bases of each class, qualified through the module's imports, so a
  mixin's `self._execute()` finds the subclasses, here or elsewhere, that
  define `_execute`.

Nothing here imports or runs the audited code.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Iterator

from auditor.project import RAISES, LaunchParameter
from auditor.python.model.ast_values import (
    Function,
    base_names,
    block_of,
    dotted_name,
    import_bindings,
    module_class_fields,
    module_statements,
    parameter_names,
    qualified_import,
    shell_command,
    shown_value,
    top_level_names,
)
from auditor.python.model.value_calls import AWAITED_ARGUMENT
from auditor.python.runner.function_bodies import (
    FunctionBody,
    bool_literal,
    ends_by,
    in_handler,
    inside_kind,
    int_constant,
    is_none,
    is_test,
    leaves,
    parameter_positions,
    status_use,
    traced_parameter,
    within,
)
from auditor.python.runner.retry_types import FAILURE_VALUES, FIELDS
from auditor.python.runner.status_tests import STATUS_METHODS
from auditor.python.runner.steps import PROCESS_CALLS, checked_call

SHELL_STRING_CALLS = frozenset(
    {"os.system", "os.popen", "asyncio.create_subprocess_shell"}
    | {"asyncio.subprocess.create_subprocess_shell"}
)
SPREAD_CALLS = frozenset(
    {"asyncio.create_subprocess_exec", "asyncio.subprocess.create_subprocess_exec"}
    | {"os.execlp", "os.execl"}
)
LAUNCH_CALLS = PROCESS_CALLS | SHELL_STRING_CALLS | SPREAD_CALLS
_STATUS_VALUE = frozenset({"subprocess.call", "os.system"})
_CALL_ROUNDS = 3  # calls followed between a launch and what a function returns of it
_CANDIDATES = 3  # calls whose value a function compares with 0, tried as a run's status
# a comparison with 0 (`rc != 0`): where a function may test a status
_STATUS_TESTS = ("== 0", "!= 0", "==0", "!=0")
# A call whose value is unpacked (`ok, out = run(…)`): a function of another module may
# return the run's success flag first (`return True, out`)
_UNPACKED_CALL = re.compile(
    r"(?m)^[ \t]*([A-Za-z_]\w*)[ \t]*,[^=\n]*=[ \t]*(?:await[ \t]+)?[\w.]+\("
)
_DECIDING_LINE = re.compile(r"\b(?:return|if|elif)\b([^\n]*)")  # what it returns or tests
# Text of a function that may return what became of a process (with its launch words).
_REPORTS = (
    *("returncode", ".wait(", ".poll("),
    *("return True", "return False", "return (True", "return (False"),
)


def module_functions(tree: ast.Module) -> dict[str, Function]:
    """Top-level functions and the methods of top-level classes, by qualified name."""
    found: dict[str, Function] = {}
    for statement in module_statements(tree):
        if isinstance(statement, Function):
            found[statement.name] = statement
        elif isinstance(statement, ast.ClassDef):
            for member in statement.body:
                if isinstance(member, Function):
                    found[f"{statement.name}.{member.name}"] = member
    return found


def _import_statements(tree: ast.Module) -> Iterator[ast.stmt]:
    """The module's statements and those of its functions' and methods' bodies (where
    imports are; nested blocks are not walked: `ast.walk` costs more than it finds)."""
    for statement in module_statements(tree):
        yield statement
        members = statement.body if isinstance(statement, ast.ClassDef) else [statement]
        for member in members:
            if isinstance(member, Function):
                yield from member.body


def import_table(tree: ast.Module, module: str | None) -> dict[str, str]:
    """Names the module's imports bind (at the top or in a function) -> qualified names
    (relative imports too, when the module's own dotted name is known)."""
    found: dict[str, str] = {}
    for node in _import_statements(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            for local, base, name in import_bindings(node, module):
                found[local] = qualified_import(base, name)
    return found


def qualifier(imports: dict[str, str]) -> Callable[[ast.expr], str | None]:
    """The qualified name of a callee through an import table (`sp.run` ->
    `subprocess.run`; an unimported name stays as written)."""

    def qualified(func: ast.expr) -> str | None:
        dotted = dotted_name(func)
        if dotted is None:
            return None
        head, _, rest = dotted.partition(".")
        resolved = imports.get(head, head)
        return f"{resolved}.{rest}" if rest else resolved

    return qualified


def class_bases(tree: ast.Module, module: str | None) -> dict[str, tuple[str, ...]]:
    """Each top-level class's bases, qualified: through the imports, or as a class of this
    module (`module.Name`)."""
    classes = [s for s in module_statements(tree) if isinstance(s, ast.ClassDef)]
    if not any(c.bases for c in classes):
        return {c.name: () for c in classes}
    imports = import_table(tree, module)
    local = {c.name for c in classes}
    found: dict[str, tuple[str, ...]] = {}
    for statement in module_statements(tree):
        if not isinstance(statement, ast.ClassDef):
            continue
        bases: list[str] = []
        for dotted in base_names(statement):
            head, _, rest = dotted.partition(".")
            if head in imports:
                bases.append(f"{imports[head]}.{rest}" if rest else imports[head])
            elif dotted in local and module:
                bases.append(f"{module}.{dotted}")
            else:
                bases.append(dotted)
        found[statement.name] = tuple(bases)
    return found


def compares_with_zero(text: str) -> bool:
    """Whether a module's text compares anything with 0, or unpacks a call's value and
    returns or tests the first name it binds: a function of it may test the exit status
    (or the success flag) a function of another module returns
    (`LaunchFacts.status_verdicts`)."""
    if any(test in text for test in _STATUS_TESTS):
        return True
    unpacked = {match.group(1) for match in _UNPACKED_CALL.finditer(text)}
    return bool(unpacked) and any(
        unpacked.intersection(re.findall(r"\w+", line.group(1)))
        for line in _DECIDING_LINE.finditer(text)
    )


class LaunchFacts:
    """The launch parameters and return kinds of one module's functions."""

    def __init__(
        self,
        tree: ast.Module,
        text: str,
        imports: dict[str, str],
        raising: frozenset[str] = frozenset(),
    ) -> None:
        """`text`: the module's source; `imports`: its `import_table`; `raising`: the
        functions that run an agent step and raise when it fails (an Agent SDK `query`),
        by qualified name: runs as a checked process is."""
        self.qualified = qualifier(imports)
        self._raising = raising
        self.functions = module_functions(tree)
        self._bodies: dict[str, FunctionBody] = {}
        self._returned: dict[str, str] = {}  # what `returns` found so far
        self._by_last: dict[str, list[str]] = {}  # the same, by the functions' last names
        # the callee (its expression's id) assumed to return a run's exit status, while
        # `status_verdicts` asks what a function would return then
        self._assumed: tuple[int, str] | None = None  # (the callee's id, what it returns)
        self._kinding: set[int] = set()  # the values `_kind` is reading (see there)
        self._defaults = _field_defaults(tree)
        self._fields = module_class_fields(tree)
        # the names a constant is written through: the module's own and imported ones
        # (`Status.OK`, `codes.TIMEOUT`), not a function's locals (`proc.stdout`)
        self._roots = frozenset(imports) | top_level_names(tree)
        # Words a function's text holds when it can launch or report on a process (its
        # `ast` is walked only then): the names the launching modules are imported as.
        modules = {name.split(".", 1)[0] for name in LAUNCH_CALLS}
        self._launch_words = {"subprocess", *modules} | {
            local for local, target in imports.items() if target.split(".", 1)[0] in modules
        }
        # (and a call of a raising step by its last name: `query(`, `execute_msg(`)
        self._launch_words |= {f"{name.rsplit('.', 1)[-1]}(" for name in raising}
        lines = text.split("\n")
        self._sources = {
            name: "\n".join(lines[f.lineno - 1 : f.end_lineno])
            for name, f in self.functions.items()
        }

    def _mentions(self, qualname: str, words: Iterable[str]) -> bool:
        source = self._sources.get(qualname, "")
        return any(word in source for word in words)

    def body(self, name: str) -> FunctionBody:
        if name not in self._bodies:
            self._bodies[name] = FunctionBody(self.functions[name])
        return self._bodies[name]

    def _launches(self, body: FunctionBody) -> Iterator[tuple[ast.Call, str]]:
        for node in body.nodes():
            if isinstance(node, ast.Call):
                name = self.qualified(node.func)
                if name in LAUNCH_CALLS:
                    yield node, name

    def parameters(self) -> dict[str, LaunchParameter]:
        """Functions with a parameter that reaches a launch's argv or command string."""
        found: dict[str, LaunchParameter] = {}
        for qualname, function in self.functions.items():
            positions = parameter_positions(function, "." in qualname)
            if not positions or not self._mentions(qualname, self._launch_words):
                continue
            body = self.body(qualname)
            launches = sorted(self._launches(body), key=lambda c: (c[0].lineno, c[0].col_offset))
            for call, name in launches:
                argument, form = _command(call, name)
                traced = (
                    traced_parameter(body, argument, positions, call.lineno) if argument else None
                )
                listed = argument
                if isinstance(listed, ast.Name):  # `cmd = [executable, "-p", …]`, then `run(cmd)`
                    values, _ = body.assignments(listed.id, call.lineno)
                    listed = values[0] if len(values) == 1 else None
                if traced is None and form == "argv" and isinstance(listed, ast.List):
                    # `[executable, "exec", …]`: a caller names the program
                    first = listed.elts[0] if listed.elts else None
                    if isinstance(first, ast.Name):
                        traced = traced_parameter(body, first, positions, call.lineno)
                        form = "program"
                known = found.get(qualname)
                if traced is not None and known is None:
                    status = status_use(body, call, name)
                    position = positions[traced]
                    found[qualname] = LaunchParameter(
                        traced, position, form, name, status, (call.lineno,)
                    )
                elif known is not None and traced == known.name:  # it launches it again
                    found[qualname] = known._replace(lines=(*known.lines, call.lineno))
        return found

    def returns(self) -> dict[str, str]:
        """What functions return about a process they (or a function they call) run:
        those that report on one themselves, then those that return what such a function
        of the module returns, a call further each round (`return ok, out` of
        `code, out = self._run_agent(p)`)."""
        reports: tuple[str, ...] = (*self._launch_words, *_REPORTS)
        pending = [q for q in self.functions if self._mentions(q, reports)]
        for _ in range(_CALL_ROUNDS):
            for qualname in pending:
                kind = self._returned_kind(qualname)
                if kind is not None:
                    self._returned[qualname] = kind
                    self._by_last.setdefault(qualname.rsplit(".", 1)[-1], []).append(kind)
            calls = tuple(f"{q.rsplit('.', 1)[-1]}(" for q in self._returned)
            pending = [
                q for q in self.functions if q not in self._returned and self._mentions(q, calls)
            ]
        return dict(self._returned)

    def _returned_kind(self, qualname: str) -> str | None:
        """What a function returns about a process, by its returns and the branches they
        are in (see `returns`), if one kind."""
        body = self.body(qualname)
        values = [
            n.value for n in body.nodes() if isinstance(n, ast.Return) and n.value is not None
        ]
        kinds = {k for v in values if (k := self._kind(body, v)) is not None}
        kinds = self._status_beside_flag(body, values, _common_fields(kinds))
        # (a call assumed to return the status, `status_verdicts`: it is compared with 0)
        assumed = self._assumed is not None and self._assumed[1].startswith("status")
        if _verdicts(values, kinds) and not (assumed or self._decides_on_status(body)):
            kinds = set()  # `return True, why` on what the output says: a verdict
        branch = self._branch_result(body) if len(kinds) <= 1 else None
        if branch is not None:
            kinds.discard(RAISES)  # a raising call's value, from the `try` around it
            kinds = {_with_field(kinds.pop(), branch) if kinds else branch}
        if not kinds and self._raises(body):
            kinds = {RAISES}
        return kinds.pop() if len(kinds) == 1 else None

    def _status_beside_flag(
        self, body: FunctionBody, values: list[ast.expr], kinds: set[str]
    ) -> set[str]:
        """The exit status's item, where every return is a tuple whose literal bool the
        status beside it contradicts: `return None, "", True` on a timeout beside `return
        proc.returncode, out, False` says `timed_out`, not success (a flag that is true
        with a status of 0, `return True, 0`, is the run's success flag)."""
        flag = next(iter(kinds)) if len(kinds) == 1 else ""
        if not flag.startswith("success@"):
            return kinds
        index = int(flag.split("@", 1)[1])
        tuples = [v for v in values if isinstance(v, ast.Tuple)]
        if len(tuples) < len(values) or len({len(v.elts) for v in tuples}) != 1:
            return kinds
        items = {
            i
            for value in tuples
            for i, item in enumerate(value.elts)
            if i != index and self._kind(body, item) == "status"
        }
        if len(items) != 1:
            return kinds
        item = items.pop()
        for value in tuples:
            said, code = value.elts[index], value.elts[item]
            other = isinstance(said, ast.Constant) and not isinstance(said.value, bool)
            failed = isinstance(code, ast.Constant) and code.value != 0
            if other or (isinstance(said, ast.Constant) and said.value is True and failed):
                return {f"status@{item}"}  # (`return None, "", "timeout"`: no flag either)
        return kinds

    def status_verdicts(self) -> dict[str, tuple[int, int, str, str]]:
        """Functions that would say how a run went if a call they make returned the run's
        exit status (or its success flag first in a tuple), which the module cannot tell
        (a function of another module: `rc = run_exec(p)`, then `if rc != 0: return
        None`; `ok, out = run_claude(p)`, then `return "ok" if ok else "fail"`):
        qualified name -> the call's line and column, what `returns` would hold for the
        function, and what the call is assumed to return. The call graph decides
        (`GraphLaunchers.returns`). After `returns`."""
        found: dict[str, tuple[int, int, str, str]] = {}
        for qualname in self.functions:
            source = self._sources[qualname]
            if qualname in self._returned or not compares_with_zero(source):
                continue
            body = self.body(qualname)
            candidates = [
                *self._status_candidates(body)[:_CANDIDATES],
                *((c, "success@0") for c in self._unpacked_candidates(body)[:_CANDIDATES]),
            ]
            for call, assumed in candidates:
                self._assumed = (id(call.func), assumed)
                try:
                    kind = self._returned_kind(qualname)
                finally:
                    self._assumed = None
                if kind is not None and kind not in (RAISES, "status"):
                    found[qualname] = (call.lineno, call.col_offset, kind, assumed)
                    break
        return found

    def _unpacked_candidates(self, body: FunctionBody) -> list[ast.Call]:
        """The calls of unknown value whose value a function unpacks (`ok, out = await
        run_claude(p)`): of the module's functions, those it imports, and methods."""
        found: list[ast.Call] = []
        # the names its returns and tests read as flags (`if not ok:`, `return "ok" if
        # ok else "fail"`, `return ok, out`): a flag read nowhere so decides nothing
        deciding = {
            name
            for node in body.nodes()
            if isinstance(node, ast.Return | ast.If | ast.IfExp)
            for part in ([node.value] if isinstance(node, ast.Return) else [node.test])
            for name in _flag_names(part)
        }
        for node in body.nodes():
            if not (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Tuple)):
                continue
            first = node.targets[0].elts[0] if node.targets[0].elts else None
            if not (isinstance(first, ast.Name) and first.id in deciding):
                continue
            call = node.value.value if isinstance(node.value, ast.Await) else node.value
            if not isinstance(call, ast.Call) or self._called(call.func) is not None:
                continue
            if isinstance(call.func, ast.Name) and call.func.id not in self._roots:
                continue
            found.append(call)
        return found

    def _status_candidates(self, body: FunctionBody) -> list[tuple[ast.Call, str]]:
        """The calls of unknown value whose value a function compares with 0, itself or
        through the name it is bound to right before the comparison (`rc = run(…)`, `if
        rc != 0:`) or unpacked from it (`_, code = svc.run(…)`: item 1), in source
        order: of the module's functions, those it imports, and methods (not builtins);
        each with what it is assumed to return (`status`, `status@1`)."""
        found: list[tuple[ast.Call, str]] = []
        for node in body.nodes():
            if not (isinstance(node, ast.Compare) and len(node.ops) == 1):
                continue
            left, right = node.left, node.comparators[0]
            if isinstance(left, ast.Constant):
                left, right = right, left
            if not (isinstance(right, ast.Constant) and right.value == 0):
                continue
            values = body.assignments(left.id, node.lineno)[0] if isinstance(left, ast.Name) else []
            unpacked = body.unpacked(left.id, node.lineno) if isinstance(left, ast.Name) else []
            call: ast.expr = values[0] if len(values) == 1 else left
            assumed = "status"
            if not values and len(unpacked) == 1:  # `_, code = svc.run(…)`: item 1
                call, assumed = unpacked[0][0], f"status@{unpacked[0][1]}"
            call = call.value if isinstance(call, ast.Await) else call  # (`await svc.run(…)`)
            if not isinstance(call, ast.Call) or self._called(call.func) is not None:
                continue
            func = call.func
            if isinstance(func, ast.Name) and func.id not in self._roots:
                continue  # a builtin's value (`len(items) == 0`) is no run's status
            found.append((call, assumed))
        return sorted(found, key=lambda found: (found[0].lineno, found[0].col_offset))

    def _raises(self, body: FunctionBody) -> bool:
        """Whether a function's run raises when it fails: an `if` on its failure that
        raises, or a checked run (`check=True`) outside any `try`."""
        for node in body.nodes():
            if (
                isinstance(node, ast.If)
                and isinstance(node.body[-1], ast.Raise)
                and self._kind(body, node.test) == "status"
                and not in_handler(body, node)
            ):
                return True
        return any(not inside_kind(body, run, ast.Try) for run in self._checked_runs(body))

    def _decides_on_status(self, body: FunctionBody) -> bool:
        """Whether a function decides anything on its process's status: it reads a
        `returncode`, waits or polls, runs with `check=True`, or catches the failure a
        checked run raises."""
        for node in body.nodes():
            if isinstance(node, ast.Attribute) and node.attr == "returncode":
                return True
            func = node.func if isinstance(node, ast.Call) else None
            if isinstance(func, ast.Attribute) and func.attr in STATUS_METHODS:
                return True
            if isinstance(node, ast.keyword) and node.arg == "check":
                return True
            if isinstance(node, ast.ExceptHandler) and node.type is not None:
                names = {dotted_name(n) for n in ast.walk(node.type) if isinstance(n, ast.expr)}
                if any(n and n.endswith(_CHECKED_FAILURES) for n in names):
                    return True
        return False

    def _branch_result(self, body: FunctionBody) -> str | None:
        """What a function's returns say by the branch they are in: `success` when only a
        branch where the process succeeded returns a value and the others `None`
        (`if proc.returncode == 0: return json.loads(out)`), `field:NAME=VALUE` when
        the result objects it returns are `Result(status=Status.SUCCESS)` there, and
        those returned elsewhere give `status` other values only."""
        # a return that ends before the process starts says nothing of it (`if dry_run:
        # return …`)
        start = min(self._runs(body), default=(0, 0))
        returns = [
            n
            for n in body.nodes()
            if isinstance(n, ast.Return)
            and (n.end_lineno or n.lineno, n.end_col_offset or 0) > start
        ]
        success = [self._under_success(body, n) for n in returns]
        # `return True` after a run that raises on failure (`check=True`) is a success
        # too, where every other value is returned in a clause that catches its failure
        # (a value returned before it, `if pull_failed: return False`, is of another run)
        runs = self._checked_runs(body) if not all(success) else []
        checked = [
            ok or self._after_checked(body, n, runs) for n, ok in zip(returns, success, strict=True)
        ]
        if checked != success and all(
            ok or n.value is None or is_none(n.value) or in_handler(body, n)
            for n, ok in zip(returns, checked, strict=True)
        ):
            success = checked
        nothing = [n.value is None or is_none(n.value) for n in returns]
        valued = [ok for ok, none in zip(success, nothing, strict=True) if not none]
        if any(nothing) and valued and all(valued):
            return "success"  # a value only where it succeeded: the value says so
        truth = [bool_literal(n.value) for n in returns]
        if truth and all(t is ok for t, ok in zip(truth, success, strict=True)):
            return "success"  # `return True` where it succeeded, `return False` elsewhere
        if not all(success) and all(
            (t is True or is_test(n.value)) if ok else t is False
            for n, t, ok in zip(returns, truth, success, strict=True)
        ):
            # `return False` wherever it failed, a test of what it said where it succeeded
            # (`return "<SUCCESS>" in out`): false after every failure
            return "success"
        on_success: dict[str, set[str | None]] = {}
        otherwise: dict[str, set[str | None]] = {}
        built: list[tuple[bool, dict[str, set[str | None]]]] = []  # objects built by a call
        for node, ok in zip(returns, success, strict=True):
            if isinstance(node.value, ast.Dict):  # `{"success": True, "output": out}`
                given = self._dict_fields(body, node.value)
            elif isinstance(node.value, ast.Call):
                given = self._result_fields(body, node.value)
                built.append((ok, given))
            elif (verdict := self._verdict_words(body, node.value)) is not None:
                # `return "ok" if ok else "fail"`: the value itself (field "") says how
                on_success.setdefault("", set()).add(verdict[0])
                otherwise.setdefault("", set()).add(verdict[1])
                continue
            elif isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                given = {"": {shown_value(node.value)}}  # `return "question"`
            elif isinstance(node.value, ast.Name):  # `result = Result()`, then `result.x = …`
                made, written = self._written_fields(body, node.value)
                for name, shown in made.items():
                    on_success.setdefault(name, set()).update(shown)
                for name, shown in written.items():
                    otherwise.setdefault(name, set()).update(shown)
                continue
            else:
                continue
            into = on_success if ok else otherwise
            for name, shown in given.items():
                into.setdefault(name, set()).update(shown)
        for ok, given in built:  # a field a call leaves at a default not known: any value
            into = on_success if ok else otherwise
            for name in set(on_success) | set(otherwise):
                if name not in given:
                    into.setdefault(name, set()).add(None)
        told: list[str] = []  # each field one value of which tells a success
        for name, values in on_success.items():
            value = next(iter(values)) if len(values) == 1 else None
            if value is None:
                continue  # a field holding what the run said (`output=proc.stdout`)
            if otherwise.get(name) and value not in otherwise[name]:
                told.append(f"{name}={value}{_failing(values, otherwise[name])}")
        if told:  # those whose every failing value is known first (`status='ok'~'error'`)
            return f"field:{FIELDS.join(sorted(told, key=lambda f: FAILURE_VALUES not in f))}"
        for name, values in on_success.items():  # `retry_code=Code.TIMEOUT` on failure only
            if all(v is not None for v in values):
                failing = _failing(values, otherwise.get(name, set()))
                if failing:  # and the values a success gives it (`=A|B`)
                    succeeding = "|".join(sorted(v for v in values if v is not None))
                    return f"field:{name}={succeeding}{failing}"
        for name, values in on_success.items():
            # a flag (`"success": True`) that one value gives only where it succeeded (a
            # success whose output does not parse may give it `False` too): it tells one
            failed = otherwise.get(name, set())
            only = [v for v in values - failed if v in ("True", "False")]
            if len(only) == 1 and failed and None not in failed:
                return f"field:{name}={only[0]}"
        # the flags every failure gives `False` and a success computes (`success=not
        # is_error`) or gives `False` too when the run reported an error: false after every
        # failure, each of them (a test of any reads the run's outcome)
        flags = [
            f"{name}=True"
            for name, values in on_success.items()
            if otherwise.get(name) == {"False"}
            and (other := values - {"False"})
            and other <= {None, "True"}
        ]
        return f"field:{FIELDS.join(sorted(flags))}" if flags else None

    def _verdict_words(self, body: FunctionBody, value: ast.expr | None) -> tuple[str, str] | None:
        """The words a returned `"ok" if ok else "fail"` gives on a success and on a failure
        of the run its test is about (its success flag, or its status); None for another
        value."""
        if not isinstance(value, ast.IfExp):
            return None
        branches = (value.body, value.orelse)
        if not all(isinstance(v, ast.Constant) and isinstance(v.value, str) for v in branches):
            return None
        first, second = (self._field_value(v) for v in branches)
        test = self._kind(body, value.test)
        if test not in ("success", "status") or first is None or second is None:
            return None
        if first == second:
            return None
        return (first, second) if test == "success" else (second, first)

    def _field_value(self, node: ast.expr) -> str | None:
        """A result field's value as written when it is a constant (`True`, `None`,
        `Status.OK`, through a name of the module or an import); None for a value the
        function computed (`proc.stdout`, `not is_error`)."""
        shown = shown_value(node)
        if shown is None or any(mark in shown for mark in _FLAG_MARKS):
            return None  # `"failed; see log"` would not read back out of a flag
        root = shown.split(".", 1)[0]
        literal = isinstance(node, ast.Constant)
        return shown if literal or root in self._roots else None

    def _field_values(self, body: FunctionBody, node: ast.expr) -> set[str | None]:
        """The values a result field may be given, as written (see `_field_value`): of a
        local name, those of its assignments before (`status = Status.DONE if done else
        Status.MORE`, then `Result(status=status)`); None among them for one not known."""
        if isinstance(node, ast.Name):
            assigned, entered = body.assignments(node.id, node.lineno)
            if assigned and not (entered and node.id in parameter_names(body.function)):
                return {v for a in assigned for v in self._field_values(body, a)}
        if isinstance(node, ast.IfExp):
            return self._field_values(body, node.body) | self._field_values(body, node.orelse)
        return {self._field_value(node)}

    def _result_fields(self, body: FunctionBody, value: ast.Call) -> dict[str, set[str | None]]:
        """The fields of the object a returned call makes, as written: its keywords over
        the defaults of the module's class it constructs, directly or through a function
        of the module that only returns one (`def failure(e): return Err(e)`, with
        `success: bool = False` in `Err`)."""
        made = dotted_name(value.func)
        function = self.functions.get(made or "")
        if function is not None:
            only = [n for n in function.body if not isinstance(n, ast.Expr)]
            returned = only[0].value if len(only) == 1 and isinstance(only[0], ast.Return) else None
            made = dotted_name(returned.func) if isinstance(returned, ast.Call) else None
        given = {name: {shown} for name, shown in self._defaults.get(made or "", {}).items()}
        order = self._fields.get(made or "", [])
        # `Response(out, Code.X)`: a dataclass's positional fields (more arguments: none)
        values = [self._field_values(body, argument) for argument in value.args]
        given.update(zip(order, values, strict=False))
        given.update({k.arg: self._field_values(body, k.value) for k in value.keywords if k.arg})
        return given

    def _written_fields(
        self, body: FunctionBody, value: ast.Name
    ) -> tuple[dict[str, set[str | None]], dict[str, set[str | None]]]:
        """The fields of a returned object made by the module's class and then written
        (`result = ClaudeResult()`, then `result.is_error = True` where the run failed):
        for each field that only a failure writes, each time to a constant, its value
        when the run succeeded (what the object was made with) and those the failures
        write; nothing for an object made or written any other way."""
        assigned, entered = body.assignments(value.id, value.lineno)
        calls = [a for a in assigned if isinstance(a, ast.Call)]
        if entered or not calls or len(calls) != len(assigned):
            return {}, {}
        made: dict[str, set[str | None]] = {}
        for call in calls:
            for name, shown in self._result_fields(body, call).items():
                made.setdefault(name, set()).update(shown)
        writes: dict[str, list[tuple[ast.AST, str | None]]] = {}
        for node in body.nodes():
            target = node.targets[0] if isinstance(node, ast.Assign) else None
            if (
                isinstance(target, ast.Attribute)
                and isinstance(target.value, ast.Name)
                and target.value.id == value.id
                and isinstance(node, ast.Assign)
            ):
                writes.setdefault(target.attr, []).append((node, self._field_value(node.value)))
        failing: dict[str, set[str | None]] = {}
        for name, written in writes.items():
            shown = {v for _, v in written}
            if (
                name in made
                and None not in shown
                and not shown & made[name]
                and not any(self._under_success(body, node) for node, _ in written)
                and any(self._under_failure(body, node) for node, _ in written)
                and all(self._after_launch(body, node) for node, _ in written)
            ):
                failing[name] = shown
        return {name: made[name] for name in failing}, failing

    def _after_launch(self, body: FunctionBody, node: ast.AST) -> bool:
        """Whether a statement comes after the function starts its first process (one
        before it, `except OSError` around reading a prompt, says nothing of a run)."""
        starts = [(call.lineno, call.col_offset) for call, _ in self._launches(body)]
        at = (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))
        return bool(starts) and min(starts) < at

    def _under_failure(self, body: FunctionBody, node: ast.AST) -> bool:
        """Whether a statement runs only when a process of the function failed: in the
        branch of an `if` on its status where it failed (`if returncode != 0:`), or in an
        `except` clause of a `try` that starts one."""
        launches = [call for call, _ in self._launches(body)]
        child, parent = node, body.parents.get(node)
        while parent is not None and parent is not body.function:
            if self._status_branch(body, parent, child) is False:
                return True
            if (
                isinstance(parent, ast.Try | ast.TryStar)
                and isinstance(child, ast.ExceptHandler)
                and any(within(body, call, parent.body) for call in launches)
            ):
                return True
            child, parent = parent, body.parents.get(parent)
        return False

    def _dict_fields(self, body: FunctionBody, value: ast.Dict) -> dict[str, set[str | None]]:
        """The items of a returned dict under constant string keys, as written."""
        return {key: self._field_values(body, item) for key, item in _fields_given(value)}

    def _under_success(self, body: FunctionBody, node: ast.AST) -> bool:
        """Whether a statement runs only when the process succeeded: in the body of an
        `if` on its success (`returncode == 0`), or the `else` of one on its failure, or
        after an `if` on the failure of the last process started before it that always
        leaves (`if proc.returncode != 0: return Failed(…)`)."""
        at = (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))
        last = max((p for p in self._runs(body) if p < at), default=None)
        child, parent = node, body.parents.get(node)
        while parent is not None:
            if self._status_branch(body, parent, child) is True:
                return True
            if last is not None and self._after_failure_left(body, parent, child, last):
                return True
            if parent is body.function:
                break
            child, parent = parent, body.parents.get(parent)
        return False

    def _status_branch(self, body: FunctionBody, parent: ast.AST, child: ast.AST) -> bool | None:
        """For `child` of an `if` on the process's status: True in the branch where it
        succeeded (the body of `if returncode == 0`, the `else` of `if returncode != 0`),
        False in the one where it failed; None for anything else."""
        if not isinstance(parent, ast.If):
            return None
        test = self._kind(body, parent.test)
        if test not in ("success", "status"):
            return None
        if child in parent.body:
            return test == "success"
        return test == "status" if child in parent.orelse else None

    def _checked_runs(self, body: FunctionBody) -> list[ast.Call]:
        """The function's runs that raise when they fail (`check=True`, `check_call`, a
        function of the module given `check=True` that returns a run's result)."""
        return [c for c in body.nodes() if isinstance(c, ast.Call) and self.raises_on_failure(c)]

    def _after_checked(self, body: FunctionBody, node: ast.AST, runs: list[ast.Call]) -> bool:
        """Whether `node` is reached only after one of the checked `runs` succeeded: it
        follows one, outside any `except` clause, and every clause after the last before
        it that catches its failure leaves (`return False`)."""
        at = (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))
        end = (getattr(node, "end_lineno", 0) or 0, getattr(node, "end_col_offset", 0) or 0)
        # one it holds runs first too (`return run(…, check=True).stdout`)
        before = [
            call for call in runs if (call.lineno, call.col_offset) < at or ends_by(call, end)
        ]
        if not before or in_handler(body, node):
            return False  # no run before it, or a clause: the run may have failed
        last = max(before, key=lambda call: (call.lineno, call.col_offset))
        child: ast.AST = last
        parent = body.parents.get(last)
        while parent is not None and parent is not body.function:
            if (
                isinstance(parent, ast.Try | ast.TryStar)
                and any(child is statement for statement in parent.body)
                and not within(body, node, parent.body)
                and any(not leaves(handler.body) for handler in parent.handlers)
            ):
                return False  # a failure caught here goes on to `node`
            child, parent = parent, body.parents.get(parent)
        return True

    def raises_on_failure(self, call: ast.Call) -> bool:
        """Whether a call runs a process that raises when it fails."""
        name = self.qualified(call.func)
        if checked_call(name, call) or name in self._raising or self._called(call.func) == RAISES:
            return True
        check = next((k.value for k in call.keywords if k.arg == "check"), None)
        if not (isinstance(check, ast.Constant) and check.value is True):
            return False
        return name in LAUNCH_CALLS or self._called(call.func) == "result"

    def _after_failure_left(
        self, body: FunctionBody, parent: ast.AST, child: ast.AST, launched: tuple[int, int]
    ) -> bool:
        """Whether `child` follows, in its statement list, a statement placed after the
        process started at `launched` (the last before it) that is left, on every path
        that goes on past it, only when the process succeeded (`_passes_on_success`)."""
        held = block_of(parent, child)
        return held is not None and any(
            (s.lineno, s.col_offset) > launched and self._passes_on_success(body, s)
            for s in held[0][: held[1]]
        )

    def _passes_on_success(self, body: FunctionBody, statement: ast.stmt) -> bool:
        """Whether the code after `statement` runs only when the process succeeded: an
        `if` each of whose branches leaves (`return`, `raise`), is taken only on success
        (the body of `if returncode == 0`, the `else` of `if returncode != 0`), or holds
        such a statement itself (`if ok and out: pass / else: if failed: return …`)."""
        if not isinstance(statement, ast.If):
            return False
        test = self._kind(body, statement.test)
        branches = ((statement.body, test == "success"), (statement.orelse, test == "status"))
        return all(
            taken
            or bool(branch and isinstance(branch[-1], ast.Return | ast.Raise))
            or any(self._passes_on_success(body, inner) for inner in branch)
            for branch, taken in branches
        )

    def _result_object(self, body: FunctionBody, value: ast.Call | ast.Dict) -> str | None:
        """`field:NAME` or `field:NAME=VALUE` when a returned object (or dict) records the
        run's success in a field: `RunResult(success=proc.returncode == 0)`,
        `Result(status=Status.OK if proc.returncode == 0 else Status.FAILED)`,
        `Result(error=None if proc.returncode == 0 else proc.stderr)`, `{"returncode":
        proc.returncode, "stdout": out}`; each field that tells it, the first after
        `field:` (`field:success;error=None`)."""
        pairs = _fields_given(value)
        flags: list[str] = []
        for name, given in pairs:
            if isinstance(given, ast.Name):  # `status = …` first, then `Outcome(status=status)`
                assigned, _ = body.assignments(given.id, given.lineno)
                given = assigned[0] if len(assigned) == 1 else given
            kind = self._kind(body, given)
            if kind == "success":
                flags.append(name)
            elif kind == "status" and not any(
                other != name and self._field_value(v) is not None for other, v in pairs
            ):
                # `Result(exit_code=proc.returncode)`: 0 when it succeeded (beside a field
                # set to a constant, `status=Status.OK`, the branches say: `_branch_result`)
                flags.append(f"{name}=0")
            elif isinstance(given, ast.IfExp):
                test = self._kind(body, given.test)
                on_success = given.body if test == "success" else given.orelse
                shown = self._field_value(on_success) if test in ("success", "status") else None
                if shown is not None:
                    flags.append(f"{name}={shown}")
        return f"field:{FIELDS.join(flags)}" if flags else None

    def _kind(self, body: FunctionBody, value: ast.expr) -> str | None:
        """What a returned value is about a process, if it is one of the known kinds (a
        value that leads back to itself, `messages, n = trim(messages=messages)`, none)."""
        if id(value) in self._kinding:
            return None
        self._kinding.add(id(value))
        try:
            return self._value_kind(body, value)
        finally:
            self._kinding.discard(id(value))

    def _value_kind(self, body: FunctionBody, value: ast.expr) -> str | None:
        if isinstance(value, ast.Tuple):
            items = [self._kind(body, item) for item in value.elts]
            for index, item in enumerate(value.elts):
                literal = isinstance(item, ast.Constant) and isinstance(item.value, bool)
                if literal or items[index] == "success":
                    return f"success@{index}"
            return next((f"status@{i}" for i, k in enumerate(items) if k == "status"), None)
        if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not):
            return "success" if self._kind(body, value.operand) == "status" else None
        if isinstance(value, ast.Compare) and len(value.ops) == 1:
            left, right = value.left, value.comparators[0]
            if isinstance(left, ast.Constant):
                left, right = right, left
            if _result_key(left) == "subtype" and isinstance(right, ast.Constant):
                # the CLI's result event (`"subtype": "success"`): the run's own outcome
                equal = isinstance(value.ops[0], ast.Eq)
                said = right.value == "success"
                return "success" if equal == said else "status"
            zero = isinstance(right, ast.Constant) and right.value == 0
            if zero and self._kind(body, left) == "status":
                equal = isinstance(value.ops[0], ast.Eq | ast.Is)
                return "success" if equal else "status"
            return None
        if isinstance(value, ast.Await):
            return self._kind(body, value.value)
        if isinstance(value, ast.Dict):  # `{"returncode": proc.returncode, "out": out}`
            return self._result_object(body, value)
        if isinstance(value, ast.Attribute) and value.attr == "returncode":
            return "status"
        if _result_key(value) == "is_error":  # the result event's flag: true on failure
            return "status"
        if isinstance(value, ast.Call):
            func = value.func
            if isinstance(func, ast.Attribute) and func.attr in ("wait", "poll"):
                return "status"
            name = self.qualified(func)
            if name in _STATUS_VALUE:
                return "status"
            if name in LAUNCH_CALLS:
                return "result"
            if name in AWAITED_ARGUMENT and value.args:  # `wait_for(self._run(p), t)`
                return self._kind(body, value.args[0])
            found = self._result_object(body, value) or self._called(func)
            return found or ("status" if self._handed_process(body, value) else None)
        if isinstance(value, ast.BoolOp):  # `exit_code == 0 or early_done`: false on failure
            kinds = {self._kind(body, v) for v in value.values}
            if "success" in kinds and "status" not in kinds:
                return "success"
            # `proc.returncode != 0 or result is None`: true on failure, false only after
            # a success
            failing = isinstance(value.op, ast.Or) and "status" in kinds
            return "status" if failing and "success" not in kinds else None
        if isinstance(value, ast.IfExp):  # `proc.returncode if not killed else 1`
            kinds = {
                "code" if int_constant(v) else self._kind(body, v)
                for v in (value.body, value.orelse)
            }
            return "status" if "status" in kinds and kinds <= {"status", "code"} else None
        if isinstance(value, ast.Name):
            assigned, _ = body.assignments(value.id, value.lineno)
            # an integer it starts as (`exit_code = 0`) until the run's status is known
            assigned = [v for v in assigned if not int_constant(v)] or assigned
            kinds = {self._kind(body, v) for v in assigned}
            for unpacked, index in body.unpacked(value.id, value.lineno):
                kind = self._kind(body, unpacked) or ""
                kinds.add(kind.partition("@")[0] if kind.endswith(f"@{index}") else None)
            return kinds.pop() if len(kinds) == 1 else None  # one kind on every path
        return None

    def _handed_process(self, body: FunctionBody, call: ast.Call) -> bool:
        """Whether a call is handed the process the function started (`stream_output(
        proc=proc)`) in a function declared to return an `int`: the helper waits for it
        and returns its exit status."""
        returns = body.function.returns
        if not (isinstance(returns, ast.Name) and returns.id == "int"):
            return False
        given = [*call.args, *(k.value for k in call.keywords)]
        return any(
            isinstance(arg, ast.Name)
            and any(
                self._kind(body, v) == "result" for v in body.assignments(arg.id, call.lineno)[0]
            )
            for arg in given
        )

    def _runs(self, body: FunctionBody) -> list[tuple[int, int]]:
        """Where a function runs a process: its launches, and its calls of a function of
        the module that returns what its run says (`rc = run_exec(p)`)."""
        found = [(c.lineno, c.col_offset) for c, _ in self._launches(body)]
        return found + [
            (n.lineno, n.col_offset)
            for n in body.nodes()
            if isinstance(n, ast.Call)
            and (
                self._called(n.func) not in (None, RAISES)
                or self.qualified(n.func) in self._raising
            )
        ]

    def _called(self, func: ast.expr) -> str | None:
        """What a function of this module returns about a process (`run_agent`,
        `self._run_agent`), when an earlier round found it; one function of that name only."""
        name = func.id if isinstance(func, ast.Name) else None
        if (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id in ("self", "cls")
        ):
            name = func.attr
        if self._assumed is not None and id(func) == self._assumed[0]:
            return self._assumed[1]
        found = self._by_last.get(name or "", [])
        return found[0] if len(found) == 1 else None


def _field_defaults(tree: ast.Module) -> dict[str, dict[str, str | None]]:
    """The module's classes -> the literal defaults of their annotated fields (a
    dataclass's `success: bool = True`)."""
    return {
        node.name: {
            item.target.id: shown_value(item.value)
            for item in node.body
            if isinstance(item, ast.AnnAssign)
            and isinstance(item.target, ast.Name)
            and isinstance(item.value, ast.Constant)
        }
        for node in module_statements(tree)
        if isinstance(node, ast.ClassDef)
    }


# The failures a checked run raises: catching one decides on the run's status.
_CHECKED_FAILURES = ("CalledProcessError", "SubprocessError")


def _verdicts(values: list[ast.expr], kinds: set[str]) -> bool:
    """Whether a function's only kind is a success flag that every return writes as a
    literal (`return True, reason`, `return False, reason`): true on success only if
    the function decides it on the run's status, else a verdict on what the run said."""
    if len(kinds) != 1 or not next(iter(kinds)).startswith("success@"):
        return False
    index = int(next(iter(kinds)).split("@", 1)[1])
    return all(
        isinstance(value, ast.Tuple)
        and index < len(value.elts)
        and bool_literal(value.elts[index]) is not None
        for value in values
    )


def _common_fields(kinds: set[str]) -> set[str]:
    """Result objects that tell the run by the same fields, one kind: the flags every
    return gives (`return self._run_pty(cmd)`, whose result says `success` and
    `exit_code=0`, beside `return Result(success=rc == 0, error=None, exit_code=rc)`:
    `field:success;exit_code=0`); the kinds themselves when they share no flag or are
    not all result objects."""
    if len(kinds) < 2 or not all(kind.startswith("field:") for kind in kinds):
        return kinds
    flags = [kind.removeprefix("field:").split(FIELDS) for kind in sorted(kinds)]
    shared = [flag for flag in flags[0] if all(flag in other for other in flags[1:])]
    return {f"field:{FIELDS.join(shared)}"} if shared else kinds


def _with_field(kind: str, branch: str) -> str:
    """A result object's success flag with another field that tells the same (`field:
    return_code=0` and `field:status~Status.ERROR`: `field:return_code=0;status~…`), for
    callers that test either; `kind` alone when it is no field of another name."""
    field, other = kind.removeprefix("field:"), branch.removeprefix("field:")
    if field == kind or other == branch or _field_name(field) == _field_name(other):
        return kind
    return f"{kind}{FIELDS}{other}"


def _field_name(flag: str) -> str:
    return flag.partition(FAILURE_VALUES)[0].partition("=")[0]


# What separates the parts of a flag (`field:status='ok'~'error'|'timeout';error=None`).
_FLAG_MARKS = (FIELDS, FAILURE_VALUES, "|", "=")


def _flag_names(node: ast.expr | None) -> list[str]:
    """The names an expression reads as truth values: itself, negated, in `and`/`or`, the
    test of a conditional value, an item of a returned tuple."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return _flag_names(node.operand)
    if isinstance(node, ast.BoolOp | ast.Tuple):
        parts = node.values if isinstance(node, ast.BoolOp) else node.elts
        return [name for part in parts for name in _flag_names(part)]
    if isinstance(node, ast.IfExp):
        return _flag_names(node.test)
    return []


def _failing(on_success: set[str | None], otherwise: set[str | None]) -> str:
    """`~V1|V2`: the values a field takes when the run failed, when each is a constant
    that no success gives ("" when not): the field then tells every failure."""
    if not otherwise or None in otherwise or otherwise & on_success:
        return ""
    only = sorted(v for v in otherwise - on_success if v is not None)
    return f"{FAILURE_VALUES}{'|'.join(only)}" if only else ""


def _command(call: ast.Call, name: str) -> tuple[ast.expr | None, str]:
    """The argv or command-string expression of a launch call, and which it is."""
    if name in SPREAD_CALLS:
        first = call.args[0] if call.args else None
        if first is not None and not isinstance(first, ast.Starred):
            return first, "program"  # `create_subprocess_exec(program, *args)`
        spread = next((a.value for a in call.args if isinstance(a, ast.Starred)), None)
        return spread, "argv"
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    first = call.args[0] if call.args else keywords.get("args") or keywords.get("cmd")
    shell = keywords.get("shell")
    shell_true = isinstance(shell, ast.Constant) and shell.value is True
    if first is not None and shell_true:
        return shell_command(first), "shell"
    return first, "shell" if name in SHELL_STRING_CALLS else "argv"


def _fields_given(value: ast.Call | ast.Dict) -> list[tuple[str, ast.expr]]:
    """The fields a call's keywords or a dict's constant string keys give values to."""
    if isinstance(value, ast.Dict):
        return [
            (key.value, item)
            for key, item in zip(value.keys, value.values, strict=True)
            if isinstance(key, ast.Constant) and isinstance(key.value, str)
        ]
    return [(k.arg, k.value) for k in value.keywords if k.arg is not None]


# The keys of the result event agent CLIs print with `--output-format json` (and last in
# `stream-json`): claude's `"subtype": "success"` (or `"error_max_turns"`,
# `"error_during_execution"`) and `"is_error"` (the CLI reference). A test of either
# on the parsed output is a test of the run's outcome, as one of its exit status is.
_RESULT_KEYS = frozenset({"subtype", "is_error"})


def _result_key(node: ast.expr) -> str | None:
    """The result-event key an expression reads (`event.get("subtype")`,
    `data["is_error"]`), if it reads one."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        key = node.args[0] if node.func.attr == "get" and node.args else None
    elif isinstance(node, ast.Subscript):
        key = node.slice
    else:
        return None
    if isinstance(key, ast.Constant) and key.value in _RESULT_KEYS:
        return str(key.value)
    return None
