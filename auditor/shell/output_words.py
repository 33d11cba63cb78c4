"""The words an agent's output goes to, and the script's reads of them (for
`auditor.shell.output`): a file word as written (`"${log}"` and `$log` are one file),
the redirect that writes it, every read of a file word or a variable, and where a
value carries the output on: a variable given a log's text (`result=$(cat "$log")`) or
another's that holds it (`text="$out"`),
a log a function writes to its parameter (`> "$log_file"` with `local log_file=$2`)
as each call names it, a text test later in the agent's own pipeline.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable

from auditor.profiles import default_catalog
from auditor.shell.commands import SimpleCommand
from auditor.shell.model import ShellScript
from auditor.shell.parse import Node, descendants, enclosing_definition
from auditor.shell.status import assigned_by
from auditor.shell.written_files import WRITES, normal_word, text_of, written_file

# Tests that a file exists (and is not empty): `[ -f .done ]`.
EXISTENCE_TESTS = frozenset({"-e", "-f", "-s"})
WORDS = frozenset({"word", "string", "raw_string", "concatenation"})
EXPANSIONS = frozenset({"simple_expansion", "expansion"})
_NOT_READING = frozenset({"rm", "touch", "mkdir", "mktemp", "truncate", "tee"})  # write, not read
# Tools that read text for what it says. `wc` only measures it: a count examines the run
# where it decides something (`[ "$(wc -l < "$log")" -gt 0 ]`), as a copy of the text would.
TEXT_TOOLS = frozenset(
    {"grep", "egrep", "fgrep", "rg", "jq", "yq", "awk", "gawk", "sed", "diff", "cmp"}
)


def written_text(node: Node) -> str:
    """A word's source text without the commands that compute parts of it (`$(…)`,
    backquotes): what it says, not where it is read from (`"$(yq … hooks.yaml)"` names
    no file its reader is told of)."""
    data, start = node.text or b"", node.start_byte
    parts, at = [], 0
    for inner in _substitutions(node):
        if inner.start_byte - start >= at:
            parts.append(data[at : inner.start_byte - start])
            at = inner.end_byte - start
    parts.append(data[at:])
    return b" ".join(parts).decode("utf-8", errors="replace")


def _substitutions(node: Node) -> list[Node]:
    """The command substitutions in `node`, outermost first, in source order."""
    found: list[Node] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "command_substitution":
            found.append(current)
            continue  # one inside it is cut with it
        stack.extend(reversed(current.children))
    return found


def sends_output_away(redirect: Node) -> bool:
    """Whether a redirect sends standard output elsewhere: to a file, `/dev/null` or
    another descriptor (`> f`, `&> f`, `>&2`), not `2> f` nor a read (`< f`)."""
    operator = next((c for c in redirect.children if not c.is_named), None)
    writes = operator is not None and (operator.type in WRITES or operator.type == ">&")
    return writes and standard_output(redirect)


def standard_output(redirect: Node) -> bool:
    """Whether a redirect sends standard output away (`> f`, `&> f`, `1> f`; not `2> f`)."""
    descriptor = redirect.child_by_field_name("descriptor")
    return descriptor is None or text_of(descriptor) == "1"


def file_read(script: ShellScript, word: Node) -> bool:
    """Whether a file word is read where it stands: not a redirect that writes it again,
    nor an operand of a command that does not read its files (`rm`, `touch`, …)."""
    parent = word.parent
    if parent is not None and parent.type == "file_redirect" and written_file(parent):
        return False  # written again, not read
    holder = parent
    while holder is not None and holder.type != "command":
        holder = holder.parent
    command = script.command_at(holder) if holder is not None else None
    return command is None or command.name not in _NOT_READING


def whole_word(node: Node) -> bool:
    """A word, or an expansion that is a whole word (`<${log}`), not part of a longer one."""
    if node.type in WORDS:
        return True
    parent = node.parent
    return node.type in EXPANSIONS and (parent is None or parent.type not in WORDS)


def called_files(script: ShellScript, call: SimpleCommand) -> set[str]:
    """For a call of a function of the script that runs the agent, the files the agent's
    output goes to, as this call names them (`run_ai "$p" "$tmpfile"`: `$tmpfile`)."""
    definition = script.functions.get(call.command_name or "")
    if definition is None or call.agent is not None:
        return set()
    known = _CALLED.setdefault(script, {})  # asked once per run of the agent: found once
    if call.node.id not in known:
        written = _function_files(script, definition, frozenset())
        # a file named by a variable the function does not bind is the caller's (a function
        # defined in another sees that one's locals)
        bound = {f"${name}" for name in local_names(script, definition)}
        free = {f for f in written if f.startswith("$") and f not in bound}
        passed = passed_files(script, definition, written, [call]) - written
        known[call.node.id] = frozenset(passed | {f for f in free if not _POSITIONAL.match(f)})
    return set(known[call.node.id])


def local_names(script: ShellScript, function: Node | None) -> frozenset[str]:
    """The variables a function declares its own (`local output`, `declare -a found`),
    found once per function; none at the script's top level (`function` None)."""
    if function is None:
        return frozenset()
    known = _LOCAL_NAMES.setdefault(script, {})
    if function.id not in known:
        found: set[str] = set()
        for node in descendants(function):
            keyword = node.children[0] if node.type == "declaration_command" else None
            if keyword is None or text_of(keyword) not in _SCOPED:
                continue
            for child in node.named_children:
                name = child if child.type == "variable_name" else child.child_by_field_name("name")
                if name is not None and name.type == "variable_name":
                    found.add(text_of(name))
        known[function.id] = frozenset(found)
    return known[function.id]


_SCOPED = frozenset({"local", "declare", "typeset"})


def _function_files(script: ShellScript, definition: Node, seen: frozenset[int]) -> set[str]:
    """The files the output of the agent a function runs goes to, as its body names them:
    redirects on a run in it, or in a function it defines (which sees its locals), and
    the files it names in a call of another function that runs one (`execute "$p"
    "$output_file"`, where `execute` writes to its second parameter). Found once per
    function (a call back into one being found adds nothing)."""
    known = _FUNCTION_FILES.setdefault(script, {})
    if definition.id in known:
        return set(known[definition.id])
    agents, calls, nested = _agents_in(script), _function_calls(script), _nested(script)
    found: set[str] = set()
    holders, pending = [], [definition]
    while pending:  # the function and those defined in it
        holder = pending.pop()
        holders.append(holder)
        pending += nested.get(holder.id, [])
    for holder in holders:
        found |= {file for run in agents.get(holder, ()) for file in _written_files(run.node)}
        for inner in calls.get(holder.id, ()):
            called = script.functions[inner.command_name or ""]
            if called.id in seen or called.id == definition.id:
                continue
            files = _function_files(script, called, seen | {definition.id})
            found |= passed_files(script, called, files, [inner])
    known[definition.id] = frozenset(found)
    return found


def calls_of(script: ShellScript) -> dict[str, list[SimpleCommand]]:
    """The script's commands by the name they call (listed once per script)."""
    known = _CALLS.get(script)
    if known is None:
        known = _CALLS[script] = {}
        for command in script.commands:
            known.setdefault(command.command_name or "", []).append(command)
    return known


def _function_calls(script: ShellScript) -> dict[int, list[SimpleCommand]]:
    """The calls of the script's functions (not runs of an agent), by the id of the
    function definition that holds them (listed once per script)."""
    known = _FUNCTION_CALLS.get(script)
    if known is None:
        known = _FUNCTION_CALLS[script] = {}
        for command in script.commands:
            if command.agent is None and (command.command_name or "") in script.functions:
                holder = enclosing_definition(command.node)
                if holder is not None:
                    known.setdefault(holder.id, []).append(command)
    return known


def _nested(script: ShellScript) -> dict[int, list[Node]]:
    """The function definitions inside each function definition (by its id), directly."""
    known = _NESTED.get(script)
    if known is None:
        known = _NESTED[script] = {}
        for definition in set(script.functions.values()):
            holder = enclosing_definition(definition)
            if holder is not None:
                known.setdefault(holder.id, []).append(definition)
    return known


def _agents_in(script: ShellScript) -> dict[Node, list[SimpleCommand]]:
    """The commands that run an agent themselves, by the function definition whose body
    holds them (listed once per script)."""
    known = _AGENTS_IN.get(script)
    if known is None:
        known = _AGENTS_IN[script] = {}
        for command in script.commands:
            holder = enclosing_definition(command.node) if command.agent is not None else None
            if holder is not None:
                known.setdefault(holder, []).append(command)
    return known


def _written_files(node: Node) -> set[str]:
    """The files the redirects on a command (and on what holds it) write its output to."""
    files: set[str] = set()
    current = node
    while current.parent is not None and current.type not in ("function_definition", "program"):
        parent = current.parent
        if parent.type == "redirected_statement":
            redirects = [c for c in parent.named_children if c.type == "file_redirect"]
            files |= {f for r in redirects if standard_output(r) and (f := written_file(r))}
        current = parent
    return files


def copied_files(script: ShellScript, command: SimpleCommand, files: set[str]) -> set[str]:
    """The files a `cp`/`mv` after the run, in its function (or the script), copies one of
    `files` to (`cp "$stdout_file" "$log_file"`), and on: the run's output there too."""
    copies = _copies_by_source(script)
    if not copies:
        return set()
    function = enclosing_definition(command.node)
    owner = function.id if function is not None else -1
    found: set[str] = set()
    pending = [f for f in files if f in copies]
    while pending:  # each file taken once: linear in the copies
        for start, where, target in copies.get(pending.pop(), ()):
            fresh = target not in files and target not in found
            if fresh and where == owner and start >= command.node.end_byte:
                found.add(target)
                pending.append(target)
    return found


def _copies_by_source(script: ShellScript) -> dict[str, list[tuple[int, int, str]]]:
    """The script's `cp SOURCE TARGET` and `mv` commands by their source: (where each
    starts, the id of its function or -1, its target), found once per script."""
    known = _COPIES.get(script)
    if known is None:
        known = {}
        for command in script.commands:
            if command.command_name not in ("cp", "mv"):
                continue
            words = command.word_nodes[command.program_index + 1 :]
            operands = [normal_word(text_of(w)) for w in words if w is not None]
            operands = [o for o in operands if not o.startswith("-")]
            if len(operands) == 2:
                function = enclosing_definition(command.node)
                owner = function.id if function is not None else -1
                entry = (command.node.start_byte, owner, operands[1])
                known.setdefault(operands[0], []).append(entry)
        _COPIES[script] = known
    return known


def written_by_commands(script: ShellScript) -> frozenset[str]:
    """The files a command that runs no agent writes through a redirect (`pytest >
    report.txt`, `git log -1 > last.txt`), found once per script: the script's own
    files, not what an agent produced."""
    known = _WRITTEN.get(script)
    if known is None:
        found: set[str] = set()
        for node in script.parsed.nodes():
            if node.type != "file_redirect" or node.parent is None:
                continue
            body = node.parent.child_by_field_name("body")
            command = script.command_at(body) if body is not None else None
            if command is not None and script.agent_of(command) is None:
                found.update(f for f in [written_file(node)] if f is not None)
        known = _WRITTEN[script] = frozenset(found)
    return known


def passed_files(
    script: ShellScript, function: Node, files: set[str], calls: list[SimpleCommand]
) -> set[str]:
    """The files `calls` of a function name where its output goes to a parameter
    (`local output_file=$2`, then `> "$output_file"`; called `run_ai "$p" "$tmpfile"`)."""
    if not any(f.startswith("$") for f in files):
        return set()  # no file named by a variable: none a caller names
    named = _parameter_words(script, function)
    positions = {f: named[f] for f in files if f in named}  # a file word -> its parameter
    positions |= {f: int(f[1:]) for f in files if _POSITIONAL.fullmatch(f)}  # `> "$2"`
    if not positions:
        return set()
    found: set[str] = set()
    for call in calls:
        nodes = call.word_nodes[call.program_index + 1 :]
        for index in positions.values():
            given = nodes[index - 1] if index <= len(nodes) else None
            if given is not None:
                found.add(normal_word(text_of(given)))
    return found


def _parameter_words(script: ShellScript, function: Node) -> dict[str, int]:
    """The variables a function gives a positional parameter (`local out=$2`: `$out` is
    2), found once per function."""
    known = _PARAMETER_WORDS.setdefault(script, {})
    if function.id not in known:
        found: dict[str, int] = {}
        for node in descendants(function):
            if node.type != "variable_assignment":
                continue
            name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            word = normal_word(text_of(value)) if value is not None else ""
            matched = _POSITIONAL.fullmatch(word)
            if name is not None and matched is not None:
                found[f"${text_of(name)}"] = int(matched.group(1))
        known[function.id] = found
    return known[function.id]


_POSITIONAL = re.compile(r"\$\{?([1-9])\}?")


def file_captures(
    script: ShellScript, files: set[str], prints: Callable[[Node, Node], bool] | None = None
) -> set[str]:
    """The variables given what one of `files` holds, whole or its first or last lines
    (`result=$(cat "$log" 2>/dev/null || echo "")`, `out=$(<"$log")`, `tail=$(tail -n 20
    "$log")`, `slug=$(cat "$f" | tr -d ' ')`), or what a call that `prints` the file it is
    given prints (`ctx=$(truncate_file "$log" 60)`): what the run wrote, as a captured
    output is (empty when it wrote nothing)."""
    reads = reads_in(script)
    found: set[str] = set()
    for word in (node for f in files for node in reads.get(("f", f), ())):
        holder = word.parent
        while holder is not None and holder.type not in ("command", "command_substitution"):
            holder = holder.parent
        if holder is not None and holder.type == "command":
            command = script.command_at(holder)
            printing = prints is not None and prints(holder, word)
            if command is None or (command.name not in WHOLE_READERS and not printing):
                continue
            holder = _past_parts(script, holder)
            while holder is not None and holder.type in _CAPTURED:
                holder = holder.parent
        if holder is None or holder.type != "command_substitution":
            continue
        assignment = assigned_by(holder)
        name = assignment.child_by_field_name("name") if assignment is not None else None
        if name is not None:
            found.add(text_of(name))
    return found


def copies(script: ShellScript, variables: set[str], scope: Node | None) -> set[str]:
    """`variables` and every variable given a value that reads one of them, however far
    the copies go (`text="$out"`, `last=$(echo "$out" | tail -n 1)`): each holds the
    run's output, or a part of it, as the variable that captured it does. `scope`: the
    run's function (None: the script's top level); a read in another function is of the
    same variable unless either function declares the name its own (`local out`); a
    length (`${#out}`) holds none of the text."""
    found: set[str] = set()
    for name in variables:
        found |= _copies_of(script, name, scope)
    return found


def _copies_of(script: ShellScript, name: str, scope: Node | None) -> frozenset[str]:
    """`copies` of one variable, found once per script, name and scope."""
    known = _COPIES_OF.setdefault(script, {})
    key = (name, scope.id if scope is not None else None)
    if key not in known:
        found, pending = {name}, [name]
        while pending:
            current = pending.pop()
            for holder, copied in _copy_targets(script, current):
                elsewhere = holder is not None and holder != scope
                if elsewhere and _declared_local(script, current, scope, holder):
                    continue  # another function's variable of the same name
                if copied is not None and copied not in found:
                    found.add(copied)
                    pending.append(copied)
        known[key] = frozenset(found)
    return known[key]


def _declared_local(
    script: ShellScript, name: str, scope: Node | None, holder: Node | None
) -> bool:
    """Whether either function declares `name` its own (so the two do not share it)."""
    return name in local_names(script, scope) or name in local_names(script, holder)


def _copy_targets(script: ShellScript, name: str) -> list[tuple[Node | None, str | None]]:
    """For each read of `name` (not its length, `${#out}`): the function it is in and
    the variable the read is assigned to, if any; listed once per script and name."""
    known = _COPY_TARGETS.setdefault(script, {})
    if name not in known:
        targets: list[tuple[Node | None, str | None]] = []
        for read in reads_in(script).get(("v", name), ()):
            if read.parent is not None and text_of(read.parent).startswith("${#"):
                continue
            assignment = read.parent
            while assignment is not None and assignment.type != "variable_assignment":
                assignment = assignment.parent
            target = assignment.child_by_field_name("name") if assignment is not None else None
            copied = text_of(target) if target is not None else None
            targets.append((enclosing_definition(read), copied))
        known[name] = targets
    return known[name]


def _past_parts(script: ShellScript, reader: Node) -> Node | None:
    """Above the command that reads a file: the pipeline it begins, where every later
    stage only keeps a part of the text (`cat "$f" | tr -d ' '`), else its parent."""
    stage = reader
    while stage.parent is not None and stage.parent.type == "redirected_statement":
        stage = stage.parent  # `cat "$f" 2>/dev/null | tr …`
    parent = stage.parent
    if parent is None or parent.type != "pipeline":
        return reader.parent
    stages = [c for c in parent.named_children if c.type != "comment"]
    if stages[0].id != stage.id:
        return reader.parent
    later = [script.command_at(s) if s.type == "command" else None for s in stages[1:]]
    kept = all(command is not None and keeps_part(command) for command in later)
    return parent.parent if kept else reader.parent


# Commands that keep a part of their input as it is: the lines or fields a copy holds.
PARTS = frozenset({"head", "tail", "cut", "tr", "sort", "uniq", "fold", "cat"})


def keeps_part(command: SimpleCommand) -> bool:
    """Whether a pipeline stage keeps a part of its input as it is: a `PARTS` command, or
    `xargs` without a command (it echoes the words it reads, trimmed: `… | cut -d: -f2 |
    xargs`; not `xargs -a FILE`, which reads a file)."""
    if command.name in PARTS:
        return True
    program = command.argv[0] if command.argv else None  # (a wrapper: none after it)
    if program is None or program.rsplit("/", 1)[-1] != "xargs":
        return False
    wrapper = default_catalog().wrapper_for("xargs")  # its options that take a value
    takes_value = wrapper.value_options if wrapper is not None else frozenset()
    words = list(command.argv[1:])
    while words and (option := words[0]) is not None and option.startswith("-"):
        words.pop(0)
        if option.startswith(("-a", "--arg-file")):
            return False
        if option in takes_value:
            words = words[1:]
    return not words or words == ["echo"]


# Commands whose output is the file's text, or its first or last lines; and what may hold
# one inside a capture (`$(cat "$log" 2>/dev/null || echo "")`).
WHOLE_READERS = frozenset({"cat", "head", "tail"})
_CAPTURED = frozenset({"redirected_statement", "list"})


def examined_in_pipeline(script: ShellScript, command: SimpleCommand, within: Node) -> bool:
    """Whether a later stage of the agent's own pipeline, inside `within`, examines what it
    prints (`claude -p … | tee log | grep -q DONE`)."""
    if not within.start_byte <= command.node.start_byte < within.end_byte:
        return False
    current = command.node
    while current.parent is not None and current.id != within.id:
        parent = current.parent
        if parent.type == "pipeline":
            later = [c for c in parent.named_children if c.start_byte > current.end_byte]
            for stage in later:
                tool = script.command_at(stage) if stage.type == "command" else None
                if tool is not None and tool.name in TEXT_TOOLS:
                    return True
        current = parent
    return False


def reads_in(script: ShellScript) -> dict[tuple[str, str], list[Node]]:
    """Every read of a variable (`("v", name)`) or a file word (`("f", word)`) in the
    script, in source order: listed once, asked for each agent run."""
    known = _READS.get(script)
    if known is not None:
        return known
    found: dict[tuple[str, str], list[Node]] = {}
    for child in script.parsed.nodes():
        parent = child.parent
        if child.type == "variable_name":
            if parent is None or parent.type not in ("variable_assignment", "declaration_command"):
                found.setdefault(("v", text_of(child)), []).append(child)
        elif whole_word(child) and file_read(script, child):
            found.setdefault(("f", normal_word(text_of(child))), []).append(child)
    _READS[script] = found
    return found


_CALLS: weakref.WeakKeyDictionary[ShellScript, dict[str, list[SimpleCommand]]] = (
    weakref.WeakKeyDictionary()
)
_CALLED: weakref.WeakKeyDictionary[ShellScript, dict[int, frozenset[str]]] = (
    weakref.WeakKeyDictionary()
)
_AGENTS_IN: weakref.WeakKeyDictionary[ShellScript, dict[Node, list[SimpleCommand]]] = (
    weakref.WeakKeyDictionary()
)
_FUNCTION_CALLS: weakref.WeakKeyDictionary[ShellScript, dict[int, list[SimpleCommand]]] = (
    weakref.WeakKeyDictionary()
)
_NESTED: weakref.WeakKeyDictionary[ShellScript, dict[int, list[Node]]] = weakref.WeakKeyDictionary()
_COPIES: weakref.WeakKeyDictionary[ShellScript, dict[str, list[tuple[int, int, str]]]] = (
    weakref.WeakKeyDictionary()
)
_COPIES_OF: weakref.WeakKeyDictionary[ShellScript, dict[tuple[str, int | None], frozenset[str]]] = (
    weakref.WeakKeyDictionary()
)
_COPY_TARGETS: weakref.WeakKeyDictionary[
    ShellScript, dict[str, list[tuple[Node | None, str | None]]]
] = weakref.WeakKeyDictionary()
_WRITTEN: weakref.WeakKeyDictionary[ShellScript, frozenset[str]] = weakref.WeakKeyDictionary()
_PARAMETER_WORDS: weakref.WeakKeyDictionary[ShellScript, dict[int, dict[str, int]]] = (
    weakref.WeakKeyDictionary()
)
_LOCAL_NAMES: weakref.WeakKeyDictionary[ShellScript, dict[int, frozenset[str]]] = (
    weakref.WeakKeyDictionary()
)
_FUNCTION_FILES: weakref.WeakKeyDictionary[ShellScript, dict[int, frozenset[str]]] = (
    weakref.WeakKeyDictionary()
)
_READS: weakref.WeakKeyDictionary[ShellScript, dict[tuple[str, str], list[Node]]] = (
    weakref.WeakKeyDictionary()
)
