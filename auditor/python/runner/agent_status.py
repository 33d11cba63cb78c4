"""Agent exit statuses in Python: launches, the guards on their status, and lost statuses.

A launch is a `subprocess`/`os.system`/`asyncio` call whose argv or command
string runs an agent. Its status is followed through `.returncode`, `wait()`,
`poll()`, the value `call`/`os.system` return, names and attributes assigned
from them earlier in the same function (the last assignment before a use
wins), calls of a function of the module (`run_agent(p)`, `self.run(p)`)
whose only `return` gives one of these, and parameters every call of the module
gives the same run's status or process (`classify(r.returncode)`). A comparison of such a value with
integers is a guard. A lost status of an agent run through a shell string is
left to the embedded shell, which reports it at the agent's own word, so it is
not reported twice. A process's output is judged as the code reads it
(`auditor.python.runner.output_uses`), also where a helper of the module starts the
process and returns it; an interactive session a person drives (no headless word,
the terminal's streams, waited for; or a pseudo-terminal's, which the program relays to
them and kills when they leave) is theirs, and its status is not lost.
"""

from __future__ import annotations

import ast
import functools
import re
import shlex
from collections import Counter
from collections.abc import Callable, Mapping
from typing import NamedTuple, cast

from auditor.agent_status import AgentCall, AgentStatus, LostStatus, StatusGuard
from auditor.exit_codes import ExitCodes, either_codes, intents_in, invocation_codes
from auditor.finding import Position, RelatedLocation, Span
from auditor.hosts.mapped import MappedText
from auditor.profiles import AgentCatalog, AgentProfile
from auditor.python.model.ast_values import (
    Function,
    block_of,
    dotted_name,
    given_argument,
    is_static,
    parameter_names,
    statement_children,
    statements,
)
from auditor.python.model.callees import (
    called_function,
    instance_status,
    method_value_used,
    shows,
)
from auditor.python.model.expr_values import (
    first_argument,
    is_true,
    keyword_argument,
    positional_argument,
)
from auditor.python.model.module import PythonModule, integer_value
from auditor.python.model.name_index import NameIndex, name_index
from auditor.python.model.reaching import MAX_CHAINS, reaching_assignments
from auditor.python.model.strings import Resolver
from auditor.python.runner.effect_checks import effect_checked, statements_after
from auditor.python.runner.held_values import taken_out
from auditor.python.runner.loop_parts import Loop
from auditor.python.runner.module_calls import calls_of
from auditor.python.runner.output_uses import OutputUses
from auditor.python.runner.project_calls import (
    StatusCall,
    WrappedLaunch,
    lost_through,
    never_read,
    status_target,
)
from auditor.python.runner.status_tests import asks_running, tests_own_status
from auditor.python.runner.steps import CHECKED_CALLS, checked_call
from auditor.shell.command_strings import SHELLS, shell_invocation
from auditor.shell.commands import WrapperUse, strip_wrappers
from auditor.unit import OPAQUE_WORD, named_file

_STATUS_VALUE = frozenset({"subprocess.call", "os.system"})  # the call returns the status
_RESULT = frozenset({"subprocess.run", "anyio.run_process"})  # a CompletedProcess
_ASYNC = ("create_subprocess_exec", "create_subprocess_shell")
_PROCESS = frozenset(
    {"subprocess.Popen", *(f"{m}.{c}" for m in ("asyncio", "asyncio.subprocess") for c in _ASYNC)}
    | {"anyio.open_process"}
)
_LAUNCHES = _STATUS_VALUE | _RESULT | _PROCESS | CHECKED_CALLS
# A process's status is read through `returncode`, or `wait()` and `poll()` return it;
# `communicate()` gives its output, judged as `run()`'s result is.
_OUTPUTS = frozenset({"stdout", "stderr"})
_STATUS_CALLS = frozenset({"wait", "poll"})
_TO_EXIT_CODE = frozenset({"os.waitstatus_to_exitcode", "os.WEXITSTATUS"})
_IDENTITY = frozenset({"id", "hash", "type", "repr"})  # calls that only ask which object
_NEVER_WAITED = "the process is never waited for"
_CONTROL = frozenset({";", "&&", "||", "|", "|&", ";;"})
_ASSIGNMENT = re.compile(r"^[A-Za-z_]\w*=")
_MAX_DEPTH = 16
# sysexits(3), codes 64 to 78, as `os` names them: `os.EX_TEMPFAIL` is 75.
_SYSEXIT_NAMES = "USAGE DATAERR NOINPUT NOUSER NOHOST UNAVAILABLE SOFTWARE OSERR OSFILE CANTCREAT"
_SYSEXIT_NAMES += " IOERR TEMPFAIL PROTOCOL NOPERM CONFIG"
_SYSEXITS = {"EX_OK": 0} | {f"EX_{n}": c for c, n in enumerate(_SYSEXIT_NAMES.split(), 64)}
_COLLECTIONS = (ast.Tuple, ast.List, ast.Set)
# keywords that give a process other standard streams than its parent's terminal
_STREAMS = ("stdin", "stdout", "input", "capture_output")
_PSEUDO_TERMINALS = frozenset({"pty.openpty", "os.openpty"})


class _Agent(NamedTuple):
    """The agent one value of a launch's command runs."""

    profile: AgentProfile
    program: str
    wrappers: tuple[WrapperUse, ...]
    shell: bool  # in a shell command string
    # started as a person's session (`AgentProfile.interactive`: no headless word, where
    # a word the code cannot know is one list element's, a value, never an option)
    interactive: bool


class _Launch(NamedTuple):
    node: ast.Call
    call: AgentCall
    name: str  # qualified name of the launching function
    checked: bool  # the call raises on a non-zero status
    shell: bool  # the agent runs in a shell command string
    via: WrappedLaunch | None = None  # a function of the tree launches what the call gives it
    # a session a person drives in the terminal the runner was started from
    interactive: bool = False
    # its terminal is a pseudo-terminal the program relays (a web terminal's): the person
    # sees how it ends there, and the program kills it when they leave
    pty: bool = False


def _shell_words(text: str) -> tuple[str | None, ...] | None:
    """The words of the command whose status a shell string returns (its last one)."""
    try:
        code = text.replace("\\\n", " ").replace("\n", ";")
        lexer = shlex.shlex(code, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        tokens = list(lexer)
    except ValueError:
        return None
    while tokens and tokens[-1] == ";":
        tokens.pop()
    if not tokens or tokens[-1] == "&" or "(" in tokens or ")" in tokens:
        return None  # backgrounded, or a subshell or substitution not followed here
    start = max((i + 1 for i, token in enumerate(tokens) if token in _CONTROL), default=0)
    words: list[str] = []
    for token in tokens[start:]:
        if not set(token) - set("<>&|"):
            break  # a redirection: the command's own words are over
        if words or not _ASSIGNMENT.match(token):
            words.append(token)
    return tuple(None if OPAQUE_WORD in word else word for word in words)


class _Analysis:
    def __init__(
        self,
        module: PythonModule,
        catalog: AgentCatalog,
        index: NameIndex,
        wrapped: Mapping[ast.Call, WrappedLaunch],
    ) -> None:
        self.module, self.catalog, self.index, self.wrapped = module, catalog, index, wrapped
        self.launches: dict[ast.Call, _Launch] = {}
        self.outputs = OutputUses(module, index)
        self._calls: dict[Function, list[ast.Call]] = {}  # see `_only_calls`

    def find_launches(self) -> None:
        resolver = Resolver(self.module, positions=False)  # words are read, not located
        # Python reports a child killed by signal N as -N; only codes compared are added,
        # so messages that list an agent's codes stay short.
        killed = {
            code: f"killed by signal {-code}"
            for comparison in self.index.comparisons
            for operand in (comparison.left, *comparison.comparators)
            for code in self._codes(operand) or ()
            if -64 <= code < 0
        }
        for node, names in self.module.calls.items():
            via = self.wrapped.get(node)  # `run_command(argv)`: a launch of what it is given
            name = via.parameter.launch if via else min(names & _LAUNCHES, default=None)
            if name is None:
                continue
            # The first of the values the command can have (each definition of its names
            # that reaches the call) that runs an agent.
            launched = functools.partial(self._launched, node, name, resolver, via)
            agents = resolver.choices.each(launched)
            found = agents[0] if agents else None
            if found is None:
                continue
            profile, program, shell = found.profile, found.program, found.shell
            raises = keyword_argument(node, "timeout") is not None
            extra = None if name == "os.system" else killed
            codes = either_codes(  # what any value of the command that runs this agent can exit
                [
                    invocation_codes(
                        profile,
                        other.wrappers,
                        self.catalog,
                        shell=other.shell,
                        extra=extra,
                        timeout_raises=raises,
                    )
                    for other in agents
                    if other.profile == profile
                ]
            )
            call = AgentCall(*self.module.span(node), program.rsplit("/", 1)[-1], codes)
            checked = checked_call(name, node) or is_true(keyword_argument(node, "check"))
            if via is not None:
                checked, shell = via.parameter.status == "read", False
                name = "subprocess.call" if via.returns == "status" else name
            pty = self._on_pty(node)
            interactive = (
                via is None
                and not shell
                and all(other.interactive for other in agents if other.profile == profile)
                and (pty or not any(_given_stream(node, key) for key in _STREAMS))
                and all(k.arg is not None for k in node.keywords)  # no `**options`
            )
            launch = _Launch(node, call, name, checked, shell, via, interactive, pty)
            self.launches[node] = launch

    def _on_pty(self, call: ast.Call) -> bool:
        """Whether a process's standard input and output are a pseudo-terminal's
        (`stdin=slave` after `master, slave = pty.openpty()`), and the program ends it
        itself (`proc.kill()`, `proc.terminate()`): a terminal it relays to a person, as
        a web terminal does, and a session it closes when they leave. (The pair a tuple
        assignment binds is read from the statements: the name index holds plain names.)"""
        given = [keyword_argument(call, key) for key in ("stdin", "stdout")]
        if not all(isinstance(value, ast.Name) for value in given):
            return False
        holder = _unawaited_parent(self.module, call)
        held = holder.targets if isinstance(holder, ast.Assign) else []
        if len(held) != 1 or not isinstance(held[0], ast.Name):
            return False
        process = held[0].id
        scope = self.module.scope_of(call)
        ends = any(
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("kill", "terminate")
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == process
            for node in ast.walk(scope)
        )
        if not ends:
            return False
        slaves = {
            target.elts[1].id
            for node in statements(scope, definitions=False)
            if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and self.module.calls.get(node.value, frozenset()) & _PSEUDO_TERMINALS
            for target in node.targets
            if isinstance(target, ast.Tuple)
            and len(target.elts) == 2
            and isinstance(target.elts[1], ast.Name)
        }
        return all(isinstance(v, ast.Name) and v.id in slaves for v in given)

    def _launched(
        self, node: ast.Call, name: str, resolver: Resolver, via: WrappedLaunch | None
    ) -> _Agent | None:
        if (
            name == "os.system"
            or name.endswith("_shell")
            or is_true(keyword_argument(node, "shell"))
            or (via is not None and via.parameter.form == "shell")
        ):
            keywords = (keyword_argument(node, key) for key in ("args", "cmd", "command"))
            command = positional_argument(node, 0) or next(
                (k for k in keywords if k is not None), None
            )
            command = via.argument if via is not None else command
            text = resolver.shell_text(command) if command is not None else None
            words = _shell_words(text.text) if text is not None else None
            return self._agent(words, (), shell=True) if words is not None else None
        single = via is None and self._one_word_each(node, name)
        if via is not None and via.parameter.form == "program":  # `run(exe)`: `[exe, …]`
            named = resolver.text(via.argument)
            argv = [named] if named is not None else None
        else:
            argv = resolver.words(via.argument) if via else self._argv(node, name, resolver)
        if argv is None:
            return None
        # (a path whose folder depends on the run names its program: `Path.home() / "claude"`)
        words = tuple(
            None if OPAQUE_WORD in word.text and (i or not named_file(word.text)) else word.text
            for i, word in enumerate(argv)
        )
        start, wrappers = strip_wrappers(words, self.catalog)
        program = words[start] if start < len(words) else None
        if wrappers and wrappers[-1].joins:  # `["ssh", host, "cd w && claude -p …"]`
            # its status is the call's to read (no embedded shell reports it)
            joined = _shell_words(" ".join(word.text for word in argv[start:]))
            return self._agent(joined, wrappers, shell=False) if joined is not None else None
        if program is not None and program.rsplit("/", 1)[-1] in SHELLS:  # `bash -c STRING`
            inner = shell_invocation(words[start:])
            string = argv[start + inner[0]].text if inner is not None else None
            nested = _shell_words(string) if string is not None else None
            return self._agent(nested, wrappers, shell=True) if nested is not None else None
        return self._agent(words, (), shell=False, single=single)

    def _one_word_each(self, node: ast.Call, name: str) -> bool:
        """Whether each value of the call's argv is one word (a prompt, a path), never
        several that may hold a headless option: a list written out with no `*spread`, or
        a name of the function bound only to such lists and extended only with such."""
        if name.endswith("_exec"):  # `create_subprocess_exec("claude", *args)`
            return not any(isinstance(argument, ast.Starred) for argument in node.args)
        argv = positional_argument(node, 0) or keyword_argument(node, "args")
        if isinstance(argv, ast.List | ast.Tuple):
            return _written_out(argv)
        if not isinstance(argv, ast.Name):
            return False
        bindings = self.module.bindings.get((self.module.scope_of(node), argv.id), [])
        # (`argv.append(x)` adds one word; `argv.extend(extra)`, `argv += extra` any number)
        return bool(bindings) and all(
            binding.kind == "append" or _written_out(binding.value) for binding in bindings
        )

    def _argv(self, node: ast.Call, name: str, resolver: Resolver) -> list[MappedText] | None:
        if not name.endswith("_exec"):
            expression = positional_argument(node, 0) or keyword_argument(node, "args")
            return resolver.words(expression) if expression is not None else None
        return resolver.spread_words(node)

    def _agent(
        self,
        words: tuple[str | None, ...],
        outer: tuple[WrapperUse, ...],
        *,
        shell: bool,
        single: bool = False,
    ) -> _Agent | None:
        """The agent `words` run; `single`: each unknown word is one value, never an
        option (`_one_word_each`)."""
        start, wrappers = strip_wrappers(words, self.catalog)
        program = words[start] if start < len(words) else None
        arguments = words[start + 1 :]
        profile = self.catalog.agent_run(program, arguments) if program else None
        if profile is None or program is None:
            return None  # not an agent, a probe (`gptme --version`), or `opencode serve`
        given = ["" if word is None and single else word for word in arguments]
        return _Agent(profile, program, outer + wrappers, shell, profile.interactive(given))

    # Following a value back to a launch.

    def _followed(self, node: ast.expr) -> ast.expr | None:
        """What `node` evaluates to one step back: the binding of a name before its use,
        or the value a function of this module returns (`run_agent(p)`, `self.run(p)`)."""
        if isinstance(node, ast.Await | ast.NamedExpr):
            return node.value
        if isinstance(node, ast.Call):
            function = called_function(self.module, node)
            return _single_return(function) if function is not None else None
        dotted = dotted_name(node)
        if dotted is None:
            return None
        found = None
        for definition in self.index.definitions.get((self.module.scope_of(node), dotted), []):
            if self.module.ends_before(definition.at, node):
                found = definition
        return found.value if found is not None else None

    def _passed(self, node: ast.expr) -> list[ast.expr]:
        """The arguments the module's calls of its function give the parameter `node`
        reads, where the function never assigns it (`_classify(r.returncode)` for `def
        _classify(code): if code == 124: …`): each value it may hold; none when it is no
        parameter, or a call gives it no argument of its own."""
        function = self.module.scope_of(node)
        if not isinstance(node, ast.Name) or not isinstance(function, Function):
            return []
        if (
            node.id not in parameter_names(function)
            or (function, node.id) in self.index.definitions
        ):
            return []
        calls = self._only_calls(function)
        method = isinstance(self.module.parent(function), ast.ClassDef) and not is_static(function)
        given = [given_argument(function, call, node.id, method) for call in calls]
        return [g for g in given if g is not None] if given and None not in given else []

    def _only_calls(self, function: Function) -> list[ast.Call]:
        """The calls of a private function (`_classify`) in its module, where the module
        names it nowhere else (no other module calls it, nothing holds it as a value, as
        `map(_classify, codes)` would): then they give its parameters every value they
        hold. Found once per function."""
        if function not in self._calls:
            calls = calls_of(self.module, function) if function.name.startswith("_") else []
            self._calls[function] = calls if self._named[function.name] == len(calls) else []
        return self._calls[function]

    @functools.cached_property
    def _named(self) -> Counter[str]:
        """How often the module names each name, as a name or an attribute (counted once)."""
        return Counter(
            n.id if isinstance(n, ast.Name) else n.attr
            for n in self.module.parents
            if isinstance(n, ast.Name | ast.Attribute)
        )

    def process(self, node: ast.expr, depth: int = 0) -> _Launch | None:
        """The launch whose process (or `CompletedProcess`) `node` evaluates to (where it
        is a parameter, the one every call of its function passes: one run, whatever
        the caller)."""
        launch = self.launches.get(node) if isinstance(node, ast.Call) else None
        if launch is not None:
            return launch if launch.name in _RESULT | _PROCESS else None
        if depth >= _MAX_DEPTH:
            return None
        followed = self._followed(node)
        if followed is not None:
            return self.process(followed, depth + 1)
        found = [self.process(value, depth + 1) for value in self._passed(node)]
        return found[0] if found and all(f == found[0] for f in found) else None

    def status(self, node: ast.expr, depth: int = 0) -> tuple[_Launch, bool] | None:
        """The launch whose status `node` evaluates to, and whether it is a wait status."""
        if depth >= _MAX_DEPTH:
            return None
        if isinstance(node, ast.Call) and node in self.launches:
            launch = self.launches[node]
            return (launch, launch.name == "os.system") if launch.name in _STATUS_VALUE else None
        read = self._exit_code(node, depth)
        if read is not None:
            return read, False
        followed = self._followed(node)
        if followed is not None:
            return self.status(followed, depth + 1)
        passed = [self.status(value, depth + 1) for value in self._passed(node)]
        return passed[0] if passed and all(p == passed[0] for p in passed) else None

    def _exit_code(self, node: ast.expr, depth: int) -> _Launch | None:
        """The launch whose exit code `node` reads: `returncode`, `wait()`, a converted status."""
        inner = None
        if isinstance(node, ast.Attribute) and node.attr == "returncode":
            return self.process(node.value, depth + 1)
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Attribute) and node.func.attr in ("wait", "poll"):
                return self.process(node.func.value, depth + 1)
            if self.module.calls.get(node, frozenset()) & _TO_EXIT_CODE:
                inner = first_argument(self.module, node)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.RShift):
            inner = node.left if self._codes(node.right) == (8,) else None
        found = self.status(inner, depth + 1) if inner is not None else None
        return found[0] if found is not None else None

    # Guards.

    def _codes(self, node: ast.expr) -> tuple[int, ...] | None:
        """The integers an operand is: a literal, a module constant, or a tuple, list or set."""
        if isinstance(node, ast.Constant):
            literal = integer_value(node)
            return (literal,) if literal is not None else None
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            codes = self._codes(node.operand)
            return (-codes[0],) if codes and len(codes) == 1 else None
        if isinstance(node, ast.Name):  # a module constant, or `from os import EX_TEMPFAIL`
            definitions = self.index.definitions.get((self.module.tree, node.id), [])
            value = definitions[0].value if len(definitions) == 1 else None
            if not definitions and node.id in _SYSEXITS:
                return (_SYSEXITS[node.id],)
            return self._codes(value) if isinstance(value, ast.Constant) else None
        dotted = dotted_name(node)
        if dotted is not None and dotted.startswith("os.") and dotted[3:] in _SYSEXITS:
            return (_SYSEXITS[dotted[3:]],)
        if isinstance(node, _COLLECTIONS) and node.elts:
            parts = [None if isinstance(e, ast.Starred) else self._codes(e) for e in node.elts]
            if all(part is not None and len(part) == 1 for part in parts):
                return tuple(part[0] for part in parts if part)
        return None

    def _guard(self, comparison: ast.Compare) -> StatusGuard | None:
        left = comparison.left
        for operator, right in zip(comparison.ops, comparison.comparators, strict=True):
            membership = isinstance(operator, ast.In | ast.NotIn)
            if not membership and not isinstance(operator, ast.Eq | ast.NotEq):
                left = right
                continue
            for value, other in ((left, right), (right, left))[: 1 if membership else 2]:
                # `rc == 75` compares with one code, `rc in (75, 76)` with a collection.
                fits = isinstance(other, _COLLECTIONS) == membership
                codes = self._codes(other) if fits else None
                found = self.status(value) if codes else None
                if found is not None and codes:
                    start, end = self.module.span(comparison)
                    equality = isinstance(operator, ast.Eq | ast.In)
                    intents = intents_in(self._context(comparison), self.catalog)
                    launch, wait = found
                    return StatusGuard(start, end, launch.call, codes, equality, intents, wait)
            left = right
        return None

    def _context(self, comparison: ast.Compare) -> str:
        """The guard's condition and body: an `if`/`while` test and body, else its statement."""
        span = self.module.span
        child: ast.AST = comparison
        parent = self.module.parent(child)
        spans = [span(comparison)]
        while parent is not None:
            if isinstance(parent, ast.If | ast.While) and child is parent.test:
                spans = [span(parent.test), (span(parent.body[0])[0], span(parent.body[-1])[1])]
                break
            if isinstance(parent, ast.stmt):
                spans = [span(parent)]
                break
            child, parent = parent, self.module.parent(parent)
        return "\n".join(self.module.source.text[start:end] for start, end in spans)

    # Lost statuses.

    def _reached(self, assignment: ast.AST, read: ast.AST) -> bool:
        """Whether a read of a name may see the value `assignment` gives it (not only
        another branch's: `result = run(…); return ""` beside `result = run(…); return
        result.stdout`)."""
        scope = self.module.scope_of(read)
        if not isinstance(read, ast.Name) or scope is not self.module.scope_of(assignment):
            return True  # (a function reading a module's name runs after it is set)
        bindings = self.module.bindings.get((scope, read.id), [])
        reaching = reaching_assignments(self.module, bindings, read)
        return len(reaching) >= MAX_CHAINS or any(b.at is assignment for b in reaching)

    def lost(self, launch: _Launch) -> str | None:
        """Why the launch's status is lost, or None."""
        if launch.interactive and launch.name not in _PROCESS:
            return None  # a person's session: how it ended is theirs to see
        node: ast.AST = launch.node
        parent = self.module.parent(node)
        if isinstance(parent, ast.Await):
            node, parent = parent, self.module.parent(parent)
        target = None
        if isinstance(parent, ast.Assign) and len(parent.targets) == 1:
            target = parent.targets[0]
        elif isinstance(parent, ast.AnnAssign):
            target = parent.target
        entered = False  # `with Popen(…) as proc`: the process, waited for when the block ends
        if isinstance(parent, ast.withitem) and launch.name in _PROCESS:
            entered, target = True, parent.optional_vars
        bound = status_target(target, launch.via.returns if launch.via is not None else None)
        every = self.index.reads.get((self.module.scope_of(node), bound or ""), [])
        held = None  # a process put into a list, then taken out by a loop over it
        if launch.name in _PROCESS and launch.via is None:
            every, held = self._taken_out(node, every, bound is None)
        reads = [read for read in every if not _after_endless_loop(self.module, read)]
        stored = isinstance(parent, ast.Assign | ast.AnnAssign) and bound is not None
        if stored and parent is not None and isinstance(target, ast.Name):  # reads it reaches
            every = reads = [read for read in reads if self._reached(parent, read)]
        if (
            stored
            and not every
            and effect_checked(self.module, cast(ast.stmt, parent), launch.node)
        ):
            return None  # its result kept but never read: judged by what it was to do
        if isinstance(parent, ast.Expr) and (
            effect_checked(self.module, parent, launch.node) or self._checked_by_callers(parent)
        ):
            return None  # judged by what it was to do: the code checks it next
        if bound is not None and self._judged_by_items(node, target, bound):
            return None  # judged by what else the run gives back: its output, a flag
        if launch.via is not None:
            return lost_through(launch.via, bound, isinstance(parent, ast.Expr), bool(reads))
        kept = instance_status(self.module, target) if target is not None else None
        if kept == "unread" and launch.name in _PROCESS and not (launch.checked or launch.shell):
            return "the process is kept on the instance, and nothing waits for it"
        if (
            launch.checked
            or launch.shell
            or (bound is None and not (isinstance(parent, ast.Expr) or entered or held))
        ):
            # Raises on failure, or the value goes somewhere else; a shell string's lost
            # status is reported by the embedded shell, at the agent's own word.
            return None
        if launch.name in _PROCESS:
            lost = self._process_lost(reads, launch, entered)
            # a person's session the runner waits for is theirs (one it relays through a
            # pseudo-terminal and kills when they leave, too); one left running is not
            theirs = launch.interactive and (lost != _NEVER_WAITED or launch.pty)
            return None if theirs else lost
        unexamined = (
            bool(reads)
            and launch.name in _RESULT
            and all(self._unexamined(read, launch) for read in reads)
        )
        if reads and not unexamined:
            return None
        check = keyword_argument(launch.node, "check")
        written = check.value if isinstance(check, ast.Constant) else None
        if check is not None and not isinstance(written, bool):
            return None  # `check=strict`: whether a failure raises is decided by the caller
        dropped = "its result is dropped" if bound is None else _unread(bound, bool(every))
        if unexamined and all(map(self._only_shown, reads)):
            dropped = "its output is only shown"
            outputs = (self.module.parent(read) for read in reads)
            if any(isinstance(o, ast.Attribute) and self._returned(o) for o in outputs):
                dropped = "its output is only returned to callers that show it"
        elif unexamined:
            dropped = "nothing tests its output for failure"
        if launch.name in _RESULT:
            given = "has `check=False`" if written is False else "has no `check=True`"
            return f"`{launch.name.rsplit('.', 1)[-1]}()` {given} and {dropped}"
        return "its return value is dropped" if bound is None else dropped

    def _process_lost(self, reads: list[ast.AST], launch: _Launch, waited: bool) -> str | None:
        """Why the status of a process (`Popen`, or a process an asyncio call starts) is
        lost, by the reads of the name that holds it (`waited`: a `with` block waits for
        it), or None."""
        communicated = False
        for read in reads:
            attribute = self.module.parent(read)
            if _identity(attribute):
                continue  # `id(proc)`: which process, not how it went
            if not isinstance(attribute, ast.Attribute):
                return None  # the process goes somewhere that may read its status
            name = attribute.attr
            status_used = name in _STATUS_CALLS and method_value_used(self.module, attribute)
            # (`proc.poll() is None`, `proc.returncode is not None`: whether it has ended,
            # not how: it waits for the process without reading its status)
            value = self.module.parent(attribute) if name in _STATUS_CALLS else attribute
            compared = self.module.parent(value) if value is not None else None
            if isinstance(compared, ast.Compare) and asks_running(compared):
                waited = True
                continue
            if name == "returncode" or status_used:
                return None
            if name == "communicate":
                called = self.module.parent(attribute)
                if not isinstance(called, ast.Call) or self._output_judged(called, launch):
                    return None  # judged by its output, as a run's result read is
                waited = communicated = True
                continue
            if name in _OUTPUTS and self.outputs.examined(
                attribute, emptiness=self._emptiness_judges(launch), stream=True
            ):
                return None  # judged by its output, as a run's result read is
            waited = waited or name in _STATUS_CALLS
        if communicated:
            return "nothing reads its `returncode` or tests its output for failure"
        if waited:
            return "it is waited for, but neither `wait()`'s result nor `returncode` is read"
        return _NEVER_WAITED

    def _judged_by_items(self, node: ast.AST, target: ast.expr | None, bound: str) -> bool:
        """Whether the code examines another item of the tuple the status comes in (`out,
        err, code = run_codex(p)`, then `extract(out)`): the run is judged by its output
        (or its flag), as a captured run is; an item only shown (`print(out)`) or handed
        back as it is (`return out`) is not examined."""
        if not isinstance(target, ast.Tuple):
            return False
        scope, after = self.module.scope_of(node), _end(node)
        return any(
            isinstance(read, ast.expr)
            and (read.lineno, read.col_offset) >= after  # a read of an earlier value: no
            and not self._shown(read, writes=True)
            and not self._handed_back(read)
            for item in target.elts
            if isinstance(item, ast.Name) and item.id != bound
            for read in self.index.reads.get((scope, item.id), [])
        )

    def _handed_back(self, value: ast.expr) -> bool:
        """Whether a value leaves its function as it is: returned or yielded, `.strip()`ped,
        or in a returned dict, list or tuple (`return {"content": out.strip()}`)."""
        current, parent = self._held_in(value, _container)
        handed = isinstance(parent, ast.Return | ast.Yield | ast.YieldFrom)
        return handed and parent.value is current  # type: ignore[union-attr]

    def _held_in(
        self, value: ast.expr, holds: Callable[[ast.AST], bool]
    ) -> tuple[ast.AST, ast.AST | None]:
        """The expression that carries `value` on, through the expressions `holds` accepts
        and `.strip()` calls, and the node above it."""
        current: ast.AST = value
        parent = self.module.parent(value)
        while True:
            if parent is not None and holds(parent):
                current, parent = parent, self.module.parent(parent)
                continue
            stripped = isinstance(parent, ast.Attribute) and parent.attr in ("strip", "rstrip")
            call = self.module.parent(parent) if stripped and parent is not None else None
            if not (isinstance(call, ast.Call) and call.func is parent):
                return current, parent
            current, parent = call, self.module.parent(call)

    def _output_judged(self, communicated: ast.Call, launch: _Launch) -> bool:
        """Whether the output `communicate()` gives is examined, or the call stands on its
        own (`p.communicate()`, also awaited with a timeout: the output went where the
        process was told to send it)."""
        used = self.module.parent(communicated)
        while isinstance(used, ast.Await) or (
            isinstance(used, ast.Call) and dotted_name(used.func) == "asyncio.wait_for"
        ):
            used = self.module.parent(used)
        return isinstance(used, ast.Expr) or self.outputs.examined(
            communicated, emptiness=self._emptiness_judges(launch)
        )

    def _unexamined(self, read: ast.AST, launch: _Launch) -> bool:
        """Whether a read of a run's result takes its output, and nothing examines it."""
        output = self.module.parent(read)
        is_output = isinstance(output, ast.Attribute) and output.attr in _OUTPUTS
        return is_output and not self.outputs.examined(
            cast(ast.Attribute, output), emptiness=self._emptiness_judges(launch)
        )

    def _emptiness_judges(self, launch: _Launch) -> bool:
        """Whether an empty answer tells the launched agent's failed run: not where it
        prints its errors as its answer (`AgentProfile.answers_errors`)."""
        profile = self.catalog.agent_for(launch.call.label)
        return profile is None or not profile.answers_errors

    def _only_shown(self, read: ast.AST) -> bool:
        """Whether a read of a run's result only shows its output (`print(r.stdout)`,
        `logger.info(r.stdout or r.stderr)`), also where the function returns it to
        callers of the module that only show it or drop it (`return r.stdout.strip()`,
        `print(ask(…))`): displaying it is not examining it."""
        output = self.module.parent(read)
        if not (isinstance(output, ast.Attribute) and output.attr in _OUTPUTS):
            return False
        returned = self._returned(output)
        if returned is None:
            return self._shown(output, writes=False)
        callers = calls_of(self.module, returned)
        return bool(callers) and all(
            isinstance(self.module.parent(call), ast.Expr) or self._shown(call, writes=False)
            for call in callers
        )

    def _returned(self, value: ast.expr) -> Function | None:
        """The function that returns `value` as it is (`return r.stdout`, `.strip()`ped)."""
        current, parent = value, self.module.parent(value)
        while isinstance(parent, ast.Attribute) and parent.attr in ("strip", "rstrip"):
            call = self.module.parent(parent)
            if not (isinstance(call, ast.Call) and call.func is parent):
                return None
            current, parent = call, self.module.parent(call)
        if not (isinstance(parent, ast.Return) and parent.value is current):
            return None
        scope = self.module.scope_of(parent)
        return scope if isinstance(scope, Function) else None

    def _checked_by_callers(self, statement: ast.Expr) -> bool:
        """Whether a run that ends its function (`def init(): run(["claude", p])`) is
        judged where the function is called: each call of it in the module is a statement
        whose effect the code checks next (`init()`, then `if MARKER.exists(): …`)."""
        scope = self.module.scope_of(statement)
        if not isinstance(scope, Function) or statements_after(self.module, statement):
            return False
        calls = calls_of(self.module, scope)
        return bool(calls) and all(
            isinstance(caller := self.module.parent(call), ast.Expr)
            and effect_checked(self.module, caller, call)
            for call in calls
        )

    def _shown(self, value: ast.expr, *, writes: bool) -> bool:
        """Whether a value goes only to a display: an argument of `print` or a logger's
        method (with `writes`, of a `.write()` to a log too), also through `or`, an
        f-string, a slice (`out[:100]`) or `.strip()`."""
        current, parent = self._held_in(value, _display_part)
        if not (isinstance(parent, ast.Call) and current in parent.args):
            return False
        # a run's output passed only to these is shown, not examined
        last = (dotted_name(parent.func) or "").rsplit(".", 1)[-1]
        return shows(parent) or (writes and last == "write")

    def _taken_out(
        self, node: ast.AST, reads: list[ast.AST], unbound: bool
    ) -> tuple[list[ast.AST], bool]:
        """The reads of a process, with each that puts it into a local list replaced by
        the reads of the names loops over that list take it out as
        (`auditor.python.runner.held_values`); the process itself when it is put into one
        as it is made (`procs.append(Popen(…))`). Whether any was."""
        if unbound:
            found = taken_out(self.module, self.index, node)
            return (found, True) if found is not None else (reads, False)
        expanded: list[ast.AST] = []
        held = False
        for read in reads:
            found = taken_out(self.module, self.index, read)
            held = held or found is not None
            expanded += [read] if found is None else found
        return list(dict.fromkeys(expanded)), held

    def returned_lost(self, returned: Mapping[ast.Call, StatusCall]) -> list[LostStatus]:
        """The lost statuses of calls of the module's launchers that return how the run
        went (`run_agent(task)` on its own, or `rc = run_agent(task)` never read after),
        each named as the call, with the codes of the run it makes."""
        found: list[LostStatus] = []
        for node, returning in returned.items():
            if node in self.launches:
                continue
            codes = self._returned_codes(node, returning)
            if codes is None:
                continue
            parent = self.module.parent(node)
            if isinstance(parent, ast.Await):
                parent = self.module.parent(parent)
            alone = isinstance(parent, ast.Assign) and len(parent.targets) == 1
            target = parent.targets[0] if alone else None  # type: ignore[union-attr]
            bound = status_target(target, returning.returns)
            if isinstance(parent, ast.Expr):
                if effect_checked(self.module, parent, node):
                    continue  # judged by what it was to do: the code checks it next
                how = f"{returning.label} returns it and the result is dropped"
            elif bound is not None:
                reads = self.index.reads.get((self.module.scope_of(node), bound), [])
                process = self._returned_process(node) if isinstance(target, ast.Name) else None
                if process is not None and reads:  # `proc = self._spawn(p)`: a process
                    lost = self._process_lost(reads, process, False)
                    if lost is not None:
                        start, end = self.module.span(node)
                        how = f"{returning.label} returns the process, and {lost}"
                        found.append(LostStatus(start, end, AgentCall(start, end, *codes), how))
                    continue
                if any(not _after_endless_loop(self.module, read) for read in reads):
                    continue
                if self._judged_by_items(node, target, bound):
                    continue  # judged by what else the run gives back: its output, a flag
                how = f"{returning.label} returns it and {_unread(bound, bool(reads))}"
            else:
                continue
            start, end = self.module.span(node)
            found.append(LostStatus(start, end, AgentCall(start, end, *codes), how))
        return found

    def _returned_process(self, node: ast.Call) -> _Launch | None:
        """The process a call of a function of this module starts and returns as it is
        (`def _spawn(self, p): return subprocess.Popen(…)`), or None."""
        function = called_function(self.module, node)
        return next(
            (
                launch
                for launch in self.launches.values()
                if launch.name in _PROCESS
                and launch.via is None
                and not launch.interactive
                and self.module.scope_of(launch.node) is function
                and isinstance(_unawaited_parent(self.module, launch.node), ast.Return)
            ),
            None,
        )

    def _returned_codes(
        self, node: ast.Call, returning: StatusCall
    ) -> tuple[str, ExitCodes] | None:
        """The agent a call of a launcher that returns how its run went runs, and the codes
        that run can exit with; None when the launcher tells a failure apart itself."""
        if returning.agent is not None:  # another module's (`PythonSummary.status_agents`)
            profile = self.catalog.agent_for(returning.agent)
            if profile is None:
                return None
            return returning.agent, invocation_codes(profile, (), self.catalog, shell=False)
        function = called_function(self.module, node)
        runs = [
            launch
            for launch in self.launches.values()
            if function is not None and self.module.scope_of(launch.node) is function
        ]
        if not runs or (function is not None and tests_own_status(function)):
            return None  # it tells a failure apart itself (`if result.returncode != 0: log`)
        return runs[0].call.label, runs[0].call.codes

    def result(self) -> AgentStatus:
        calls = [launch.call for launch in self.launches.values()]
        guards = [g for c in self.index.comparisons if (g := self._guard(c)) is not None]
        found = [(launch, how) for launch in self.launches.values() if (how := self.lost(launch))]
        lost = [
            LostStatus(launch.call.start, launch.call.end, launch.call, how, related=related)
            for index, (launch, how) in enumerate(found)
            if not any(
                other_how == how and self._alternative(launch, other)
                for other, other_how in found[:index]
            )
            for related in [self._command_written(launch)]
        ]
        return AgentStatus(calls, guards, [], lost)

    def _alternative(self, launch: _Launch, other: _Launch) -> bool:
        """Whether `launch` is another branch's run of the one process `other` starts:
        the arms of one `if` give the same name its process (`process = Popen(a)`, else
        `process = Popen(b)`); losing its status the same way is one defect."""
        names = [self._bound_name(run.node) for run in (launch, other)]
        if names[0] is None or names[0] != names[1]:
            return False
        arms: dict[int, str] = {}
        for node, field in self._branches(other.node):
            arms[id(node)] = field
        return any(
            id(node) in arms and arms[id(node)] != field
            for node, field in self._branches(launch.node)
        )

    def _bound_name(self, call: ast.Call) -> str | None:
        """The one name the statement holding a launch binds its process to (`proc = …`,
        `proc: Popen = …`, `proc = await …`), else None."""
        holder = self.module.parent(call)
        if isinstance(holder, ast.Await):
            holder = self.module.parent(holder)
        if isinstance(holder, ast.Assign) and len(holder.targets) == 1:
            target: ast.expr | None = holder.targets[0]
        elif isinstance(holder, ast.AnnAssign):
            target = holder.target
        else:
            target = None
        return target.id if isinstance(target, ast.Name) else None

    def _branches(self, node: ast.AST) -> list[tuple[ast.If, str]]:
        """The `if`s around a node, with the arm (`body`, `orelse`) that holds it."""
        found: list[tuple[ast.If, str]] = []
        child, parent = node, self.module.parent(node)
        while parent is not None and not isinstance(parent, Function):
            if isinstance(parent, ast.If) and child is not parent.test:
                found.append((parent, "body" if child in parent.body else "orelse"))
            child, parent = parent, self.module.parent(parent)
        return found

    def _command_written(self, launch: _Launch) -> tuple[RelatedLocation, ...]:
        """Where the agent's command is written when callers pass it in (the call graph:
        a builder's `["claude", …]` in another module)."""
        project, module = self.module.project, self.module
        argument = launch.via.argument if launch.via else positional_argument(launch.node, 0)
        if isinstance(argument, ast.Starred):
            argument = argument.value
        function = module.qualname(module.scope_of(launch.node))
        if project is None or function is None or not isinstance(argument, ast.Name):
            return ()
        if module.bindings.get((module.scope_of(argument), argument.id)):
            return ()  # a name of its own, not a parameter the callers bind
        return tuple(
            RelatedLocation(
                path,
                Span(Position(line, column + 1), Position(line, column + 2)),
                f"`{launch.call.label}`'s command is written here",
            )
            for path, line, column in project.parameter_origins(function, argument.id)[:3]
        )


def python_agent_status(
    module: PythonModule,
    catalog: AgentCatalog,
    wrapped: Mapping[ast.Call, WrappedLaunch] | None = None,
    returned: Mapping[ast.Call, StatusCall] | None = None,
) -> AgentStatus:
    """The agent launches of a module (`wrapped`: its calls that give a function of the
    tree the argv it launches; `returned`: its calls of its own functions that run the
    agent and return how it went), the guards on their statuses, and lost statuses."""
    returned = returned or {}
    elsewhere = any(call.agent is not None for call in returned.values())  # other modules'
    launching = any(names & _LAUNCHES for names in module.calls.values())
    if not wrapped and not launching and not elsewhere:
        return AgentStatus.empty()
    analysis = _Analysis(module, catalog, name_index(module), wrapped or {})
    analysis.find_launches()
    if not analysis.launches and not elsewhere:
        return AgentStatus.empty()
    status = analysis.result()
    status.lost.extend(analysis.returned_lost(returned))
    return status


def _end(node: ast.AST) -> tuple[int, int]:
    """Where a node ends (line, column), for reads after it."""
    return getattr(node, "end_lineno", 0) or 0, getattr(node, "end_col_offset", 0) or 0


def _given_stream(call: ast.Call, key: str) -> bool:
    """Whether a process call gives the process a standard stream of its own (`stdout=PIPE`,
    `capture_output=True`, `input=prompt`), not the terminal's (`stdout=None`)."""
    value = keyword_argument(call, key)
    return value is not None and not (
        isinstance(value, ast.Constant) and value.value in (None, False)
    )


def _written_out(value: ast.AST | None) -> bool:
    """Whether a value is a list (or tuple) written out, one word per element: no
    `*spread`."""
    return isinstance(value, ast.List | ast.Tuple) and not any(
        isinstance(element, ast.Starred) for element in value.elts
    )


def _unawaited_parent(module: PythonModule, node: ast.AST) -> ast.AST | None:
    """The node above `node`, past an `await` of it."""
    parent = module.parent(node)
    return module.parent(parent) if isinstance(parent, ast.Await) else parent


def _identity(node: ast.AST | None) -> bool:
    """Whether a call only asks which object its argument is (`id(proc)`, `type(proc)`)."""
    return isinstance(node, ast.Call) and dotted_name(node.func) in _IDENTITY


def _container(node: ast.AST) -> bool:
    return isinstance(node, ast.Dict | ast.List | ast.Tuple)


def _display_part(node: ast.AST) -> bool:
    """An expression that shows a value it holds (`out or err`, an f-string, `out[:100]`)."""
    sliced = isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice)
    return sliced or isinstance(node, ast.BoolOp | ast.FormattedValue | ast.JoinedStr)


def _unread(name: str, unreachable: bool) -> str:
    """How a name the status is given goes unread: nowhere, or only after a loop that never
    ends."""
    if unreachable:
        return f"`{name}` is read only after a `while True` loop that never ends"
    return never_read(name)


def _after_endless_loop(module: PythonModule, node: ast.AST) -> bool:
    """Whether `node` follows, in its function, a `while True` loop that nothing leaves
    (no `break` of its own, no `return`): it never runs."""
    child, parent = node, module.parent(node)
    while parent is not None:
        held = block_of(parent, child)
        if held is not None and any(_endless(s) for s in held[0][: held[1]]):
            return True
        if isinstance(parent, Function):
            return False
        child, parent = parent, module.parent(parent)
    return False


def _endless(statement: ast.stmt) -> bool:
    """`while True:` (or `while 1:`) with no `break` of its own: nothing after it runs (a
    `return` or `raise` in it leaves the function, not to what follows)."""
    if not isinstance(statement, ast.While) or not is_true(statement.test):
        return False
    pending: list[ast.AST] = list(statement.body)
    while pending:
        current = pending.pop()
        if isinstance(current, ast.Break):
            return False
        if not isinstance(current, Loop | Function | ast.ClassDef):  # their `break`s are theirs
            pending += statement_children(current)
    return True


def _single_return(function: Function) -> ast.expr | None:
    """The value of a function's only `return` with a value (not one of a nested function)."""
    from auditor.python.model.ast_values import returned_values

    values = returned_values(function)
    return values[0] if len(values) == 1 else None
