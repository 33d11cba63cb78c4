"""Where an agent's output goes, and whether the script reads it afterwards.

A runner that sets the agent's status aside on purpose often judges the run
by its output instead: it greps the log the agent wrote (`gptme … >"$log"`,
`| tee "$log"`) or tests the text it captured (`out=$(claude -p …)`). RA203
leaves a run inside an explicit `set +e … set -e` window alone when the
script reads that output after it; RA302 leaves a bounded loop alone when it
stops on a marker in that output.
"""

from __future__ import annotations

import bisect
import functools
import re
import weakref
from collections.abc import Collection, Sequence
from typing import NamedTuple

from auditor.shell.commands import NO_EFFECT_BUILTINS, SimpleCommand
from auditor.shell.examined import (
    EXAMINING,
    file_test_operand,
    lines_examined,
    only_shows,
    presence_test,
    tests_presence_only,
)
from auditor.shell.fallback_marks import fallback_grep, fallback_text
from auditor.shell.given_files import prints_given
from auditor.shell.model import ShellScript
from auditor.shell.options import ShellOptions, apply_set
from auditor.shell.output_words import (
    called_files,
    calls_of,
    copied_files,
    copies,
    file_captures,
    file_read,
    local_names,
    passed_files,
    reads_in,
    sends_output_away,
    whole_word,
    written_by_commands,
    written_text,
)
from auditor.shell.parse import (
    Node,
    clause_conditions,
    descendants,
    enclosing_definition,
    enclosing_loop,
    other_branch,
    within,
)
from auditor.shell.status import next_statement
from auditor.shell.written_files import normal_word, text_of, written_file

_FEEDING = frozenset({"redirected_statement", "pipeline", "heredoc_redirect"})
_EXPANDED = re.compile(r"\$\{?([A-Za-z_]\w*)\}?")
_IN_FOLDER = re.compile(r"\$\{?([A-Za-z_]\w*)\}?/([\w./-]*\w)")
_FILE_WORD = re.compile(
    r"(?<![\w$/.-])(?:[\w/-]*\w\.[A-Za-z]{1,5}\b(?![/.])|\.[A-Za-z][\w-]*\w(?![\w/.-])"
    r"|/[\w.-]+/[\w.-]*\w(?![\w/.-])|\.[A-Za-z][\w-]*(?:/[\w-]+)+(?![\w/.-])"
    r"|[A-Za-z][\w-]*(?:/[\w-]+)*/[\w-]*[A-Z0-9_][\w-]*(?![\w/.-]))"
)  # `STATE.md`, `docs/plan.txt`, a dot file (`.loop-complete`), an absolute path (`/tmp/done`),
# a path in a dot folder (`.ralph/QA_APPROVED`) or to a marker named so (`state/DONE`), not
# prose (`and/or`, `changed/created`)
# a file named in prose (`create a file named DONE`, `a file called "finished"`)
# (a path, a name with a dot, or a marker in capitals: not a word of prose, `named after`)
_NAMED_FILE = re.compile(
    r"\b(?i:file)[ \t]+(?i:named|called)[ \t]+[`'\"]?"
    r"((?:[\w-]*[./])+[\w-]*\w|[A-Z][A-Z0-9_]+(?![\w-]|\.\w))"
)
# Commands whose first operand is a pattern or program and the rest the files they read.
_PATTERN_FIRST = frozenset({"grep", "egrep", "fgrep", "rg", "jq", "yq"})
_OPAQUE = re.compile(r"\$\(|`")
_IN_PLACE = frozenset({"-i", "--inplace"})  # `yq -i`: an edit of the file it names
# Words of a file's name that make it a signal an operator leaves for a loop.
_OPERATOR_SIGNAL = re.compile(r"(?i)stop|pause|halt|abort|quit|skip|cancel|disable|kill")
_FILE_PRINTERS = frozenset({"cat", "head", "tail", "jq"})  # print a file, or what it holds
_VALUE_PRINTERS = frozenset({"echo", "printf"})  # print a value (`echo "$out"`)


class AgentOutput(NamedTuple):
    """The files an agent's output goes to and the variables that capture it."""

    files: frozenset[str]  # as written, quotes dropped and `${x}` spelled `$x`
    variables: frozenset[str]
    # files its prompt names (`$PLAN_FILE`, `STATE.md`): the run's output only when a
    # command that examines text (`grep`, `jq`, …) or a file test (`[ -f … ]`) reads them
    told: frozenset[str] = frozenset()
    # Whether its prompt holds text the analysis cannot read (a prompt file on stdin,
    # `$(cat …)`, a variable of unknown value): it may name any file, so a file the
    # script examines after the run may be one the run must produce.
    opaque: bool = False
    inputs: frozenset[str] = frozenset()  # the files it reads its prompt from
    # The function whose standard output it is (nothing in the body captures it or
    # sends it to a file): a caller that examines the function's output judges it.
    through: str | None = None
    # The variables and files that take its error output too (`out=$(agent … 2>&1)`,
    # `agent … > "$log" 2>&1`): a failure prints its error there, so a test that the
    # text is there (`[ -n "$out" ]`, `[ -s "$log" ]`) passes either way and judges nothing
    merged: frozenset[str] = frozenset()
    # The text a capture of it holds when it fails (`$(agent … || echo "NOT_FOUND")`)
    fallback: str | None = None
    expands: frozenset[str] = frozenset()  # the variables its arguments expand


def agent_output(script: ShellScript, command: SimpleCommand) -> AgentOutput:
    """Where the output of `command` goes: redirects on it and on what holds it, `tee`
    files later in its pipeline, the variable of an `x=$(…)` it runs in, and the files
    its prompt tells it about (`Update $PLAN_FILE`, `write STATE.md`): a file the run
    must produce, which the script may examine to judge it."""
    path = _output_path(script, command.node)
    files, variables = set(path.files), set(path.variables)
    opaque, inputs = _prompt_sources(script, command)
    told = frozenset(_told_files(script, command))
    function = enclosing_definition(command.node)
    through = None
    if function is not None and _prints(script, command, function, _printing_functions(script)):
        through = _function_name(function)
    given = called_files(script, command)
    files |= given | copied_files(script, command, files | given)
    if function is not None:  # a file its function is given: as every caller names it
        calls = calls_of(script).get(_function_name(function), [])
        files |= passed_files(script, function, files, calls)
    variables = copies(script, variables | _captured(script, files), function)
    merged = path.variables if path.merged else frozenset()
    if path.files and path.files <= path.merged_files:  # and the names callers give them
        merged |= files
    elif given and _errors_joined_inside(script, command):
        merged |= given
    fallback = fallback_text(script, command) if path.variables else None
    words = command.word_nodes[command.program_index + 1 :]
    expands = {n for w in words if w is not None for n in _EXPANDED.findall(text_of(w))}
    return AgentOutput(
        frozenset(files),
        frozenset(variables),
        told,
        opaque,
        frozenset(inputs),
        through,
        merged,
        fallback,
        frozenset(expands),
    )


def output_examined(script: ShellScript, command: SimpleCommand) -> bool:
    """Whether the script examines what `command` prints (a call of a library's function:
    `out=$(invoke …)`, then a grep), read only from where its output goes: what it is
    told or reads does not matter here (cheaper than `judged_by_output`)."""
    path = _output_path(script, command.node)
    if not path.files and not path.variables:
        return False
    function = enclosing_definition(command.node)
    variables = copies(script, set(path.variables) | _captured(script, path.files), function)
    output = AgentOutput(path.files, frozenset(variables), frozenset(), False)
    return _examined_after(script, output, statement_of(command.node))


def _captured(script: ShellScript, files: Collection[str]) -> set[str]:
    """The variables given what one of `files` holds (`file_captures`), looked up once per
    file: a log that every run of a long script appends to is read by each of them."""
    known = _CAPTURES.setdefault(script, {})
    found: set[str] = set()
    for name in files:
        if name not in known:
            prints = functools.partial(prints_given, script)
            known[name] = frozenset(file_captures(script, {name}, prints))
        found |= known[name]
    return found


def _errors_joined_inside(script: ShellScript, call: SimpleCommand) -> bool:
    """Whether every agent run in the function `call` calls that writes its output to a
    file writes its error output there too (`run_ai() { agent … > "$2" 2>&1; }`)."""
    definition = script.functions.get(call.command_name or "")
    if definition is None:
        return False
    paths = [_output_path(script, c.node) for c in script.inside(definition) if c.agent]
    written = [path for path in paths if path.files]
    return bool(written) and all(path.files <= path.merged_files for path in written)


class _OutputPath(NamedTuple):
    """Where a command's standard output goes, up to its function (or the script)."""

    kept: bool  # it reaches the function's own output: not captured, nor sent away
    reaches_function: bool  # nothing captures it on the way (it may go to a file)
    files: frozenset[str]  # the files redirects and `tee` stages write it to
    variables: frozenset[str]  # the variable an `x=$(…)` around it captures it in
    merged: bool = False  # its error output joins it on the way (`2>&1`, `&>`)
    merged_files: frozenset[str] = frozenset()  # the files its error output goes to too


def _output_path(script: ShellScript, node: Node) -> _OutputPath:
    """Where the standard output of the command at `node` goes (`_OutputPath`)."""
    files: set[str] = set()
    variables: set[str] = set()
    with_errors: set[str] = set()  # files that take its error output too
    kept, merged, current = True, False, node
    while current.parent is not None and current.type not in ("function_definition", "program"):
        parent = current.parent
        if parent.type == "redirected_statement":
            redirects = [c for c in parent.named_children if c.type == "file_redirect"]
            files.update(f for r in redirects if (f := written_file(r)) is not None)
            with_errors.update(_files_with_errors(redirects))
            merged = merged or _joins_errors(redirects)
            # `> "$log"`, `> /dev/null`, `>&2`: what it prints goes elsewhere
            kept = kept and not any(sends_output_away(r) for r in redirects)
        elif parent.type == "pipeline":
            for stage in (c for c in parent.named_children if c.start_byte > current.end_byte):
                files.update(_tee_files(script, stage))
        elif parent.type == "command_substitution":
            holder, joined = parent.parent, None
            while holder is not None and holder.type in ("string", "concatenation"):
                joined = holder if holder.type == "concatenation" else joined
                holder = holder.parent
            name = holder.child_by_field_name("name") if holder is not None else None
            if holder is not None and holder.type == "variable_assignment" and name is not None:
                variables.add(text_of(name))
            elif holder is not None and joined is not None:  # `! local out=$(…)`
                variables.update(_declared_name(holder, joined))
            found = _OutputPath(False, False, frozenset(files), frozenset(variables), merged)
            return found._replace(merged_files=frozenset(with_errors))
        current = parent
    found = _OutputPath(kept, True, frozenset(files), frozenset(variables))
    return found._replace(merged_files=frozenset(with_errors))


def _streams(redirects: list[Node]) -> tuple[str, str]:
    """Where a command's standard output and error output go after its redirects, in
    order: `1` and `2` where they went before (a capture, the terminal), else the file
    (`> log 2>&1`: both to `log`; `2>&1 > log`: errors where output went before)."""
    output, errors = "1", "2"
    for redirect in redirects:
        text = text_of(redirect).replace(" ", "")
        target = written_file(redirect) or f"?{text}"  # (`/dev/null`, a closed stream)
        if text.startswith(("&>", ">&")) and not text.startswith(">&2"):
            output = errors = target
        elif text.startswith("2>&1"):
            errors = output
        elif text.startswith(("1>&2", ">&2")):
            output = errors
        elif text.startswith("2>"):
            errors = target
        elif text.startswith((">", "1>")):
            output = target
    return output, errors


def _files_with_errors(redirects: list[Node]) -> list[str]:
    """The file redirects send error output to along with standard output (`&> log`,
    `> log 2>&1`, not `2>&1 > log`)."""
    output, errors = _streams(redirects)
    to_file = output not in ("1", "2") and not output.startswith("?")
    return [output] if to_file and output == errors else []


def _joins_errors(redirects: list[Node]) -> bool:
    """Whether a command's redirects send its error output where its standard output
    goes (`2>&1`), and that output nowhere else (not `2>&1 >/dev/null`, `> log 2>&1`)."""
    return _streams(redirects) == ("1", "1")


def _declared_name(command: Node, joined: Node) -> list[str]:
    """The variable `local NAME=$(…)` sets where the grammar reads it as a plain command
    whose word joins `NAME=` and the substitution (after `!`: `if ! local out=$(…)`)."""
    program = command.child_by_field_name("name") if command.type == "command" else None
    first = joined.named_children[0] if joined.named_children else None
    if program is None or first is None or text_of(program) not in _DECLARING:
        return []
    word = text_of(first)
    name = word[:-1] if word.endswith("=") else ""
    return [name] if name.isidentifier() else []


# The builtins that declare a variable and set it: `local out=$(…)`.
_DECLARING = frozenset({"local", "declare", "typeset", "export", "readonly"})


def _function_name(definition: Node) -> str:
    name = definition.child_by_field_name("name")
    return text_of(name) if name is not None else ""


def _printing_functions(script: ShellScript) -> frozenset[str]:
    """The script's functions whose output holds what an agent prints: a run in the body
    whose output is the function's (`_prints`), the agent's own or a call of such a
    function, found once per script (rounds until none is added)."""
    known = _PRINTING_FUNCTIONS.get(script)
    if known is not None:
        return known
    bodies: dict[str, tuple[Node, list[SimpleCommand]]] = {}
    for command in script.commands:
        holder = enclosing_definition(command.node)
        if holder is not None and (
            command.agent is not None or command.command_name in script.functions
        ):
            bodies.setdefault(_function_name(holder), (holder, []))[1].append(command)
    found: set[str] = set()
    added = True
    while added:
        added = False
        for name, (holder, runs) in bodies.items():
            if name not in found and any(_prints(script, c, holder, found) for c in runs):
                found.add(name)
                added = True
    known = _PRINTING_FUNCTIONS[script] = frozenset(found)
    return known


def _prints(
    script: ShellScript, command: SimpleCommand, function: Node, printing: Collection[str]
) -> bool:
    """Whether what a run in `function`'s body prints, an agent's (its own, or through a
    call of one of the `printing` functions), is the function's output: it reaches it,
    or the function prints it back (`_printed_back`)."""
    name = command.command_name or ""
    if command.agent is None and name in script.functions and name not in printing:
        return False
    path = _output_path(script, command.node)
    if path.kept:
        return True
    told = _told_files(script, command)
    return _printed_back(script, command, function, path.files | told, path.variables)


def _printed_back(
    script: ShellScript,
    command: SimpleCommand,
    function: Node,
    files: Collection[str],
    variables: Collection[str],
) -> bool:
    """Whether, after the run, its function prints what it wrote to its own output: a
    file (`codex exec --output-last-message "$out" … >/dev/null`, then `cat "$out"`), or
    the variable that captured it (`out=$(claude …)`, then `echo "$out"`)."""
    if not files and not variables:
        return False
    for later in _printers(script):
        if not (
            later.node.start_byte >= command.node.end_byte
            and within(later.node, function)
            and _output_path(script, later.node).kept
        ):
            continue
        words = [text_of(w) for w in later.word_nodes[later.program_index + 1 :] if w]
        if later.command_name in _FILE_PRINTERS and any(normal_word(w) in files for w in words):
            return True
        if later.command_name in _VALUE_PRINTERS and any(
            name in variables for w in words for name in _EXPANDED.findall(w)
        ):
            return True
    return False


def _printers(script: ShellScript) -> list[SimpleCommand]:
    """The script's commands that print a file or a value (listed once per script)."""
    known = _PRINTERS.get(script)
    if known is None:
        printing = _FILE_PRINTERS | _VALUE_PRINTERS
        known = _PRINTERS[script] = [c for c in script.commands if c.command_name in printing]
    return known


def _prompt_sources(script: ShellScript, command: SimpleCommand) -> tuple[bool, set[str]]:
    """Whether the prompt of `command` holds text the analysis cannot read, and the files
    it is read from: a `< file` on it, an earlier pipeline stage that reads a file or
    expands a value (`cat PROMPT.md |`, `echo "$PROMPT" |`), an argument with a `$(…)`
    or a variable the model holds no value for."""
    inputs: set[str] = set()
    opaque = False
    for word in command.word_nodes[command.program_index + 1 :]:
        if word is None:
            continue
        text = text_of(word)
        unknown = [n for n in _EXPANDED.findall(text) if n not in script.env]
        substituted = bool(_OPAQUE.search(text)) and not _heredoc_prints(word)
        opaque = opaque or substituted or bool(unknown)
        inputs |= _files_read(script, word)  # `claude -p "$(cat TASK.md)"`, `"$(<TASK.md)"`
        inputs |= _computed_from(script, _EXPANDED.findall(text))
    current = command.node
    while current.parent is not None and current.parent.type in _FEEDING:
        parent = current.parent
        if parent.type == "redirected_statement":
            for redirect in parent.named_children:
                operator = next((c for c in redirect.children if not c.is_named), None)
                target = redirect.child_by_field_name("destination")
                reads = operator is not None and operator.type == "<"
                if redirect.type == "file_redirect" and reads and target is not None:
                    inputs.add(normal_word(text_of(target)))
        elif parent.type == "pipeline":
            for stage in (c for c in parent.named_children if c.end_byte <= current.start_byte):
                opaque = opaque or "$" in text_of(stage)
                inputs |= _files_read(script, stage)
        current = parent
    return opaque or bool(inputs), inputs


def _computed_from(script: ShellScript, names: list[str]) -> set[str]:
    """The files the values of variables are computed from, through the variables they
    expand in turn (`TASK=$(envsubst < "$F")`, `PROMPT="Do: $TASK"`: `$F`); each
    variable's are found once per script, from those of the variables it expands."""
    known = _COMPUTED.setdefault(script, {})
    direct = _direct_sources(script)
    for name in names:
        pending = [(name, False)]
        visiting: set[str] = set()
        while pending:  # depth first, each variable finished after those it expands
            current, expanded = pending.pop()
            if current in known:
                continue
            files, expands = direct.get(current, (frozenset(), frozenset()))
            if expanded:
                inner = (known.get(other, frozenset()) for other in expands)
                known[current] = files.union(*inner)
                continue
            if current in visiting:
                continue  # a cycle: what the rest of it gives is read where it closes
            visiting.add(current)
            pending.append((current, True))
            pending += [(other, False) for other in expands if other not in known]
    return set().union(*(known.get(name, frozenset()) for name in names))


def _direct_sources(script: ShellScript) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """Each variable's files read in the values it is given, and the variables they expand."""
    found = _DIRECT.get(script)
    if found is None:
        found = {
            name: (
                frozenset(f for value in values for f in _files_read(script, value)),
                frozenset(n for value in values for n in _EXPANDED.findall(text_of(value))),
            )
            for name, values in _assigned(script).items()
        }
        _DIRECT[script] = found
    return found


def _heredoc_prints(word: Node) -> bool:
    """Whether every `$(…)` in a word only prints a here-doc (`"$(cat <<EOF … EOF)"`): a
    prompt written out in the script, as readable as a quoted string."""
    if "`" in text_of(word):
        return False
    substitutions = [n for n in descendants(word) if n.type == "command_substitution"]
    return bool(substitutions) and all(_prints_heredoc(s) for s in substitutions)


def _prints_heredoc(substitution: Node) -> bool:
    statements = [c for c in substitution.named_children if c.type != "heredoc_body"]
    if len(statements) != 1 or statements[0].type != "redirected_statement":
        return False
    body = statements[0].child_by_field_name("body")
    redirects = [c for c in statements[0].named_children if body is None or c.id != body.id]
    plain_cat = body is not None and body.type == "command" and text_of(body).strip() == "cat"
    return plain_cat and bool(redirects) and all(r.type == "heredoc_redirect" for r in redirects)


def _files_read(script: ShellScript, node: Node) -> set[str]:
    """The files `cat` reads in `node` (`cat PROMPT.md |`, `$(cat TASK.md)`), and those of
    a `$(<file)`: whole files, not the item a filter picks (`$(grep -m1 '- \\[ \\]'
    tasks.md)`: the run may be asked to tick it off, and a later check of that file is
    about the run)."""
    found: set[str] = set()
    for inner in descendants(node):
        if inner.type == "command":
            feeder = script.command_at(inner)
            if feeder is not None and feeder.name == "cat":
                words = feeder.word_nodes[feeder.program_index + 1 :]
                found.update(normal_word(text_of(w)) for w in words if w is not None)
        elif inner.type == "file_redirect" and inner.parent is not None:
            operator = next((c for c in inner.children if not c.is_named), None)
            target = inner.child_by_field_name("destination")
            substituted = inner.parent.type == "command_substitution"
            if substituted and operator is not None and operator.type == "<" and target:
                found.add(normal_word(text_of(target)))
    return found


def _told_files(script: ShellScript, command: SimpleCommand) -> set[str]:
    """The files an agent's prompt names: variables expanded in its arguments or in the
    here-docs and here-strings that feed it (on it, or on an earlier pipeline stage),
    and words there or in the arguments' known values that look like a file (`STATE.md`,
    `docs/plan.txt`, `a file named DONE`)."""
    words = command.word_nodes[command.program_index + 1 :]
    texts = [written_text(w) for w in words if w is not None]
    # and what they hold, where it is known (`claude -p "$RESUME"`, the prompt set above)
    texts += [word for word in command.argv[command.program_index + 1 :] if word]
    feeding = [command.node]
    listed: list[Node] = []  # around an `&&` list it ends: only the list's own here-doc
    current = command.node
    while current.parent is not None and (
        current.parent.type in _FEEDING
        # `cd "$d" && claude -p <<EOF`: the grammar puts the here-doc on the whole list
        or (current.parent.type == "list" and current.parent.named_children[-1].id == current.id)
    ):
        current = current.parent  # `cat <<EOF | claude -p`: the here-doc holds the pipeline
        if listed or current.type == "list":
            listed.append(current)
        else:
            feeding.append(current)
    for node in feeding:
        texts += [
            text_of(n)
            for n in descendants(node)
            if n.type in ("heredoc_body", "herestring_redirect")
        ]
    for node in listed:  # (not a here-doc of an earlier command of the list: `cat <<EOF &&`)
        for redirect in node.named_children if node.type == "redirected_statement" else ():
            texts += [
                text_of(n)
                for n in (redirect, *redirect.named_children)
                if n.type in ("heredoc_body", "herestring_redirect")
            ]
    found = _files_named(texts)
    # and the text a prompt variable is given (`PROMPT="… write ${PLAN} …"`): one level
    in_values = _named_in_values(script)
    for name in {name for text in texts for name in _EXPANDED.findall(text)}:
        found |= in_values.get(name, frozenset())
    folder = _working_folder(command.node)  # `( cd "$BOX" && claude -p "… NOTES.md" )`
    if folder is not None:
        found |= {f"{folder}/{name}" for name in found if not name.startswith(("/", "$", "~"))}
    return found


def _working_folder(node: Node) -> str | None:
    """The folder a command runs in where a `cd` before it in its subshell or `&&` list
    moves there (`( cd "$SANDBOX" && agent … )`), as written."""
    current = node
    while current.parent is not None and current.parent.type not in _SCOPE_ENDS:
        parent = current.parent
        if parent.type in ("list", "subshell"):
            for before in reversed(
                [c for c in parent.named_children if c.end_byte <= current.start_byte]
            ):
                words = (
                    [text_of(w) for w in before.named_children] if before.type == "command" else []
                )
                if len(words) == 2 and words[0] == "cd":
                    return normal_word(words[1])
        current = parent
    return None


_SCOPE_ENDS = frozenset({"function_definition", "program", "compound_statement"})


def _tee_files(script: ShellScript, stage: Node) -> set[str]:
    """The files a later pipeline stage writes what it reads to (`tee -a log`, `> log`)."""
    files: set[str] = set()
    for node in descendants(stage):
        if node.type == "file_redirect":
            files.update(f for f in [written_file(node)] if f is not None)
        command = script.command_at(node) if node.type == "command" else None
        if command is not None and command.name == "tee":
            words = command.word_nodes[command.program_index + 1 :]
            files.update(
                normal_word(text_of(w))
                for w in words
                if w is not None and not text_of(w).startswith("-")
            )
    return files


def reads_output(
    script: ShellScript, output: AgentOutput, node: Node, after: int = 0, examining: bool = False
) -> bool:
    """Whether `node` (from byte `after` on) reads one of the files or variables of `output`;
    with `examining`, a read that only shows it (`echo "$out"`, `cat "$log"` to the
    terminal or into another log) does not count."""
    for child in descendants(node):
        if child.end_byte <= after:
            continue
        parent = child.parent
        if child.type == "variable_name" and child.text is not None:
            if text_of(child) not in output.variables:
                continue
            if parent is not None and parent.type in ("variable_assignment", "declaration_command"):
                continue
            if not examining or not only_shows(script, child):
                return True
        elif whole_word(child) and normal_word(text_of(child)) in output.files:
            if not file_read(script, child):
                continue
            if not examining or not only_shows(script, child):
                return True
    return False


def examines_produced_file(
    script: ShellScript, output: AgentOutput, node: Node, markers: Sequence[str] | None = None
) -> bool:
    """Whether `node` examines (with `grep`, `jq` or a file test) a file the run must
    produce: one its prompt names (`grep -q DONE "$PLAN"` after `claude -p "… mark $PLAN
    DONE"`) or, when its prompt is opaque, one it does not read its prompt from and no
    other command writes (`pytest > report.txt`), looked for a word of work done in
    (`markers`, when given: `ALL_DONE`, not `enabled=false`; none: a told file only)."""
    done = markers is None or any(_WORK_DONE.search(marker) for marker in markers)
    examined = _examined_files(script)  # in source order: those in `node` are one slice
    first = bisect.bisect_left(examined, node.start_byte, key=lambda file: file.start_byte)
    last = bisect.bisect_left(examined, node.end_byte, key=lambda file: file.start_byte)
    for file in examined[first:last]:
        word = normal_word(text_of(file))
        if word in output.inputs or word in output.files:
            continue  # its prompt, or what it prints (`reads_output` judges that)
        told = word in output.told
        produced = told or (output.opaque and done and word not in written_by_commands(script))
        if produced and not only_shows(script, file):
            return True
    return False


_EQUALS = frozenset({"==", "=", "!="})


def _chosen_runs(file: Node, output: AgentOutput, statement: Node, governing: set[str]) -> bool:
    """Whether a test of the run's output or file is made only for the runs a value the
    run does not give picks: joined (`&&`) to a comparison of that value with a word
    (`[[ "$SKILL" == "rrd" && -d "$DIR" ]]`, `[ "$MODE" = x ] && [ -f out ]`), or in the
    branch of an `if` whose condition compares it so, where that `if` does not hold the
    run (`statement`) too (not for every run). A value the tests that decide whether the
    run happens compare too (`governing`: a `$DRY_RUN` that its function tests) picks
    the same runs."""
    current = file
    while (
        current.parent is not None
        and current.parent.type != "function_definition"
        and not within(statement, current.parent)
    ):
        parent = current.parent
        joined = any(c.type == "&&" for c in parent.children)
        if joined and parent.type in ("binary_expression", "list"):
            others = [c for c in parent.named_children if c.id != current.id]
            if any(_compares_word(o, output, governing) for o in others):
                return True
        if parent.type in ("if_statement", "elif_clause"):
            conditions = clause_conditions(parent)
            inside = any(within(current, c) for c in conditions)
            if not inside and any(
                _compares_word(c, output, governing, joined=True) for c in conditions
            ):
                return True
        current = parent
    return False


def _governing(script: ShellScript, output: AgentOutput, statement: Node) -> set[str]:
    """The variables the tests that decide whether a run happens read: the conditions of
    the `if`s and `case`s around its statement, and every test in the function it runs
    in or that its statement calls (`run_agent() { [[ $DRY_RUN == true ]] && return;
    claude … }`)."""
    names: set[str] = set()
    current = statement
    while current.parent is not None:
        parent = current.parent
        if parent.type in ("if_statement", "elif_clause"):
            names.update(
                n for c in clause_conditions(parent) for n in _EXPANDED.findall(text_of(c))
            )
        elif parent.type == "case_statement":
            value = parent.child_by_field_name("value")
            names.update(_EXPANDED.findall(text_of(value)) if value is not None else ())
        current = parent
    # (the function the run is in, or one the statement calls: `run_agent "$p" | tee`)
    called = {script.name_at(n) or "" for n in descendants(statement) if n.type == "command"}
    for name in {output.through or "", *called} & set(script.functions):
        for node in descendants(script.functions[name]):
            if node.type in ("test_command", "case_statement"):
                names.update(_EXPANDED.findall(text_of(node)))
    return names


def _compares_word(
    node: Node, output: AgentOutput, governing: set[str], *, joined: bool = False
) -> bool:
    """Whether a test compares a variable's value with a literal word (`"$SKILL" ==
    "rrd"`), a variable that does not hold the run's output; with `joined`, also one
    joined to others by `&&` (a condition that needs it)."""
    tests = [node, *node.named_children] if node.type == "test_command" else [node]
    for test in tests:
        conjunction = test.type in ("binary_expression", "list") and any(
            c.type == "&&" for c in test.children
        )
        if (
            joined
            and conjunction
            and any(_compares_word(c, output, governing, joined=True) for c in test.named_children)
        ):
            return True
        if test.type != "binary_expression" or len(test.named_children) != 2:
            continue
        operator = next((c.type for c in test.children if not c.is_named), "")
        left, right = test.named_children
        names = _EXPANDED.findall(text_of(left))
        literal = "$" not in text_of(right) and "`" not in text_of(right)
        given = output.variables | governing
        if operator in _EQUALS and literal and names and not set(names) & given:
            return True
    return False


# Words a marker of work done holds, in a file an opaque prompt may have asked for.
_WORK_DONE = re.compile(r"(?i)done|complete|finish|success|succeed|pass|ready|\bok\b|✅")


def judged_by_output(
    script: ShellScript,
    command: SimpleCommand,
    statement: Node,
    seen: frozenset[str] = frozenset(),
    opaque: bool | None = None,
) -> bool:
    """Whether the script examines the agent's output after the run (`gptme … >"$log"`,
    then `grep DONE "$log"`; `out=$(claude …)`, then `jq … <<<"$out"`), or, in a loop,
    anywhere in the loop (its condition reads it before the next run). The output of
    an agent that is its function's output is examined where every call of that
    function has its own output examined (`r=$(run_agent …)`, then a test of `$r`);
    `opaque`, for such a call: True when the run in that function has a prompt the
    analysis cannot read, False when the function does more after the run (a check
    after the call is then not known to be about it), None to read the call alone."""
    output = agent_output(script, command)
    if opaque is not None and output.opaque != opaque:
        # a call of a function whose run's prompt is opaque; or whose run is followed by
        # more work, so that nothing after the call is known to be about the run
        output = output._replace(opaque=opaque)
    if output.through is not None and output.through not in seen:
        calls = calls_of(script).get(output.through, [])
        inner = seen | {output.through}
        # a check after a call may be about the run's effects only where the function
        # ends with the run (`run_agent() { claude -p "$1"; }`), not where it goes on to
        # do more (`git commit`): then only its output, captured, is followed
        opaque = False if _goes_on(script, statement) else (True if output.opaque else None)
        if calls and all(
            judged_by_output(script, call, statement_of(call.node), inner, opaque) for call in calls
        ):
            return True
        if not calls and output.through in script.judged_by_callers:
            return True  # a library's function: the scripts sourcing it examine its output
    return _examined_after(script, output, statement) or _read_by_line(script, command)


def _read_by_line(script: ShellScript, command: SimpleCommand) -> bool:
    """Whether a later stage of a pipeline that runs `command` reads its output line by
    line and examines the lines (`agent | while read -r line; do case "$line" in …`)."""
    current = command.node
    while current.parent is not None and current.parent.type in _FEEDING:
        parent = current.parent
        if parent.type == "pipeline":
            later = [c for c in parent.named_children if c.start_byte > current.end_byte]
            loops = [_inner_loop(stage) for stage in later]
            if any(loop is not None and lines_examined(script, loop) for loop in loops):
                return True
        current = parent
    return False


def _inner_loop(stage: Node) -> Node | None:
    """The `while` loop a pipeline stage is, past its redirects."""
    while stage.type == "redirected_statement" and stage.child_by_field_name("body"):
        body = stage.child_by_field_name("body")
        assert body is not None
        stage = body
    return stage if stage.type == "while_statement" else None


# Commands that do nothing a check could be about: print, declare, wait, leave.
_QUIET = frozenset({*NO_EFFECT_BUILTINS, "return", "exit", "sleep", "date"})


def _goes_on(script: ShellScript, statement: Node) -> bool:
    """Whether the function around `statement` runs a command after it that does more
    than print, declare or leave (a call of a function of the script that only does
    those does no more either), before a `return` or `exit` that follows it in its own
    sequence or after the branches around it (`if …; then agent | tap; return 0; fi`)."""
    function = enclosing_definition(statement)
    if function is None:
        return False
    quiet = _quiet_functions(script)
    # after the `if`s, `case`s and groups around it, the run goes on past them
    around = [statement]
    while around[-1].parent is not None and around[-1].parent.type in _BRANCHING:
        around.append(around[-1].parent)
    leaves = [_left_after(script, node, leaving) for node in around for leaving in _LEAVING]
    end = min([at for at in leaves if at is not None], default=function.end_byte)
    # the other branches of those `if`s and `case`s, after it: not run once it has (but a
    # `case` item that falls through, `;&` or `;;&`, runs the next ones)
    others = [
        (branch.start_byte, branch.end_byte)
        for node in around
        if not (node.type == "case_statement" and _falls_through(node))
        for branch in node.named_children
        if branch.type in _ALTERNATIVES and branch.start_byte >= statement.end_byte
    ]
    return any(
        statement.end_byte <= command.node.start_byte < end
        and not any(start <= command.node.start_byte < stop for start, stop in others)
        and (command.command_name or "") not in quiet
        for command in script.commands
    )


# The statements a branch sits in, after which the run goes on to what follows them; the
# commands that leave the function or the script
_BRANCHING = frozenset(
    {"if_statement", "elif_clause", "else_clause", "case_statement", "case_item"}
    | {"compound_statement"}
)
_LEAVING = ("return", "exit")
_ALTERNATIVES = frozenset({"elif_clause", "else_clause", "case_item"})


def _falls_through(case: Node) -> bool:
    """Whether an item of a `case` ends with `;&` or `;;&` (the next items run too)."""
    return any(
        child.type in (";&", ";;&") for item in case.named_children for child in item.children
    )


def _quiet_functions(script: ShellScript) -> frozenset[str]:
    """`_QUIET`, and the script's functions whose commands are all in it (`log "done"`
    with `log` printing its arguments), found once per script."""
    known = _QUIET_FUNCTIONS.get(script)
    if known is None:
        loud: set[str] = set()
        for command in script.commands:
            holder = enclosing_definition(command.node)
            if holder is not None and (command.command_name or "") not in _QUIET:
                loud.add(_function_name(holder))
        quiet = {name for name in script.functions if name not in loud}
        known = _QUIET_FUNCTIONS[script] = frozenset(_QUIET | quiet)
    return known


def statement_of(node: Node) -> Node:
    """The statement a command is (with its redirects)."""
    while node.parent is not None and node.parent.type == "redirected_statement":
        node = node.parent
    return node


def _named_each_turn(script: ShellScript, loop: Node, name: str) -> bool:
    """Whether a file's name reads a variable the loop sets on each turn: its own (`for f
    in …`) or one assigned in its body (`out="out/${batch}.json"`)."""
    used = set(_EXPANDED.findall(name))
    if not used:
        return False
    variable = loop.child_by_field_name("variable")
    if variable is not None and script.parsed.node_text(variable) in used:
        return True
    return any(
        node.type == "variable_assignment"
        and (named := node.child_by_field_name("name")) is not None
        and script.parsed.node_text(named) in used
        for node in descendants(loop)
    )


def _examined_after(script: ShellScript, output: AgentOutput, statement: Node) -> bool:
    """Whether the script examines `output` after `statement` (or in its loop)."""
    if not output.files and not output.variables and not output.told and not output.opaque:
        return False
    stop = _left_after(script, statement, "exit")  # nothing after it examines this run
    function = _enclosing_scope(statement)
    # nor, in its function, anything after a `return` (its callers may)
    returned = _left_after(script, statement, "return") if stop is None else None
    loop = enclosing_loop(statement) if stop is None and returned is None else None
    start = loop.start_byte if loop is not None else statement.end_byte
    stop = stop if stop is not None else len(script.parsed.data)
    # an iteration that ends right after the run (`continue`): what follows in the loop
    # runs after the next run, not after this one; only a check before the loop's first
    # run (next time round) or before the `continue` can be about it
    turn = _turn_ends(script, statement, loop) if loop is not None else None
    heard = None  # (start, end) pairs where a check is about this run, when that matters
    if loop is not None and turn is not None:
        heard = ((loop.start_byte, _first_run(script, loop)), (statement.end_byte, turn))
    reads = reads_in(script)
    governing = functools.cache(lambda: _governing(script, output, statement))
    keys = [("v", name) for name in output.variables] + [("f", f) for f in output.files]
    told = [("f", f) for f in output.told - output.files]
    scoped = local_names(script, function) if function.type == "function_definition" else set()
    for key in keys + told:
        # a file named anew each turn (`out="$dir/${n}.json"` in the loop): a read before
        # the run tests the file of the turn it starts, not this run's
        fresh = loop is not None and key[0] == "f" and _named_each_turn(script, loop, key[1])
        for node in reads.get(key, ()):
            if key[0] == "v" and key[1] in scoped and not within(node, function):
                continue  # another function's variable of the same name
            if fresh and node.start_byte < statement.start_byte:
                continue
            if returned is not None and returned <= node.start_byte and within(node, function):
                continue
            # where it runs: in another function's body, at that function's calls
            if not any(
                start <= place.start_byte
                and (
                    statement.end_byte <= place.start_byte < stop
                    or (loop is not None and place.end_byte <= loop.end_byte)
                )
                for place in _read_places(script, node, statement)
                if heard is None or any(a <= place.start_byte < b for a, b in heard)
            ):
                continue
            if loop is None and other_branch(node, statement) and _runs_once(script, statement):
                continue  # another arm of the `case` (`if`) that runs it: never after it
            if not _runs_after(script, node, statement, key[1] if key in told else None):
                continue  # the body of a function not called after it, or its own local
            if key in told and not (
                _examined_by_text_tool(script, node)
                or (file_test_operand(node) and not _guards(node, statement))
            ):
                continue
            if key[1] in output.merged and (
                presence_test(node)
                if key[0] == "v"
                else file_test_operand(node) or tests_presence_only(script, node)
            ):
                continue  # `[ -n "$out" ]` of `out=$(agent … 2>&1)`: an error is text too
            if key[0] == "v" and fallback_grep(script, node, output.fallback) is not None:
                continue  # a marker the failure's stand-in text holds: no test of it
            if _chosen_runs(node, output, statement, governing()):
                continue  # (`[[ "$SKILL" == rrd && -d "$DIR" ]]`: some runs' only)
            if not only_shows(script, node):
                return True
    if output.opaque:
        # Only a check in the loop that runs it (one after it, outside a loop) may be
        # about this run: the prompt names nothing the analysis can match.
        scope = loop if loop is not None else function
        end = min(scope.end_byte, stop, returned if returned is not None else stop)
        for node in _examined_files(script) + _examining_calls(script):
            if node.start_byte < start or node.end_byte > end:
                continue
            if heard is not None and not any(a <= node.start_byte < b for a, b in heard):
                continue
            if loop is None and other_branch(node, statement) and _runs_once(script, statement):
                continue
            if normal_word(text_of(node)) in output.inputs or _guards(node, statement):
                continue
            if _builds_prompt(script, node, statement, output.expands):
                continue  # `desc=$(jq … "$ISSUES")` for a prompt that expands `$desc`
            if node.start_byte < statement.start_byte and _operator_signal(node):
                continue  # an operator's signal the next round tests first (`[ -f .stop ]`)
            if (
                loop is not None
                and node.start_byte < statement.start_byte
                and _named_each_turn(script, loop, text_of(node))
            ):
                continue  # the next turn's own file (`[ -f "$out" ] && continue`)
            if not only_shows(script, node) and not _chosen_runs(
                node, output, statement, governing()
            ):
                return True
    return False


def _builds_prompt(
    script: ShellScript, node: Node, statement: Node, expands: frozenset[str]
) -> bool:
    """Whether a file read at `node`, before the run in its turn, gives its text to a
    variable that only the agent runs' arguments expand (`desc=$(jq -r … "$ISSUES")`,
    the prompt `"… $desc"`): it makes the run's prompt, and judges nothing a run did (a
    variable a test reads, or one read after the run, may judge the last run)."""
    if node.start_byte >= statement.start_byte:
        return False
    current = node.parent
    while current is not None and current.type not in ("command_substitution", "program"):
        current = current.parent
    holder = current.parent if current is not None else None
    if holder is not None and holder.type == "string":
        holder = holder.parent
    name = holder.child_by_field_name("name") if holder is not None else None
    if holder is None or holder.type != "variable_assignment" or name is None:
        return False
    if text_of(name) not in expands:
        return False
    runs = [c.node for c in script.commands if c.agent is not None]
    return all(
        any(within(read, run) for run in runs)
        for read in reads_in(script).get(("v", text_of(name)), ())
    )


def _operator_signal(node: Node) -> bool:
    """Whether the file `node` is tested for existence and named as a signal an operator
    leaves for a loop (`[ -f .stop ]`, `[ -e PAUSE ]`), not for what a run did."""
    name = normal_word(text_of(node)).rsplit("/", 1)[-1]
    return file_test_operand(node) and _OPERATOR_SIGNAL.search(name) is not None


def _read_places(script: ShellScript, node: Node, statement: Node) -> list[Node]:
    """Where a read runs: itself, or, in the body of a function the run is not in, the
    calls of that function (`mode=$(resolve_mode)` after the run, the `grep` in it)."""
    scope = enclosing_definition(node)
    if scope is None or within(statement, scope):
        return [node]
    return _calls(script, scope) or [node]


def _runs_after(script: ShellScript, node: Node, statement: Node, told: str | None) -> bool:
    """Whether a read may run after the run, where one of them is in a function body the
    other is not: a body runs where its function is called (in the run's own function,
    after the run). A file the prompt names through a variable (`told`: `$BUG_DOC`) is
    another file in a function that declares that variable its own (`local BUG_DOC=…`)."""
    scope = enclosing_definition(node)
    if scope is not None and within(statement, scope):
        return True  # the run's own function (or one around it): the order is the text's
    named = _EXPANDED.fullmatch(told) if told is not None else None
    if scope is not None and named and named.group(1) in local_names(script, scope):
        return False
    run_scope = enclosing_definition(statement)
    if scope is None and run_scope is None:
        return True
    reads = _calls(script, scope) if scope is not None else [node]
    runs = _calls(script, run_scope) if run_scope is not None else [statement]
    if not reads or not runs:
        return True  # a function this file never calls (a library's): the text's order
    if run_scope is not None and any(
        within(read, run_scope) and read.start_byte >= statement.end_byte for read in reads
    ):
        return True  # called in the run's own function, after the run
    loop = enclosing_loop(statement)
    if loop is not None and any(within(read, loop) for read in reads):
        return True  # called in the run's loop: the next turn runs it after the run
    return max(read.start_byte for read in reads) > min(run.end_byte for run in runs)


def _runs_once(script: ShellScript, statement: Node) -> bool:
    """Whether the code holding `statement` runs once: at the top level, or in a function
    called once, outside any loop (not a dispatcher called for each of its arms)."""
    definition = enclosing_definition(statement)
    if definition is None:
        return True
    calls = _calls(script, definition)
    return len(calls) <= 1 and all(enclosing_loop(call) is None for call in calls)


def _calls(script: ShellScript, definition: Node) -> list[Node]:
    """Where a function's body runs: its calls."""
    name = definition.child_by_field_name("name")
    calls = calls_of(script).get(text_of(name), []) if name is not None else []
    return [call.node for call in calls]


def _turn_ends(script: ShellScript, statement: Node, loop: Node) -> int | None:
    """Where the loop's iteration certainly ends after `statement`: the start of a
    `continue` that follows it in its sequence or in those around it (past the end of
    the `if` it sits in), inside the loop; None when none does."""
    current = statement
    for _ in range(_MAX_FOLLOWING):
        following = next_statement(current)
        if following is None:  # the end of a branch: on after the `if` (`case`) it is in
            holder = current.parent
            while holder is not None and holder.type in _BRANCHES:
                holder = holder.parent
            if holder is None or holder.type not in _CHOICES or not within(holder, loop):
                return None
            current = holder
            continue
        command = script.command_at(following) if following.type == "command" else None
        if command is not None and command.command_name == "continue":
            return following.start_byte if not _in_subshell(following) else None
        current = following
    return None


_BRANCHES = frozenset({"else_clause", "elif_clause", "case_item"})
_CHOICES = frozenset({"if_statement", "case_statement"})


def _first_run(script: ShellScript, loop: Node) -> int:
    """Where the first command in a loop that runs an agent starts."""
    return min(
        (
            c.node.start_byte
            for c in script.commands
            if within(c.node, loop) and script.agent_of(c) is not None
        ),
        default=loop.end_byte,
    )


def _left_after(script: ShellScript, statement: Node, leaving: str) -> int | None:
    """Where the script (`exit`) or its function (`return`) certainly ends after
    `statement`: the start of such a command that follows it in its own sequence; None
    when none does."""
    current = next_statement(statement)
    for _ in range(_MAX_FOLLOWING):
        if current is None:
            return None
        command = script.command_at(current) if current.type == "command" else None
        if command is not None and command.command_name == leaving and not _in_subshell(current):
            return current.start_byte
        current = next_statement(current)
    return None


_MAX_FOLLOWING = 50  # statements looked through for an `exit` after a run


def _in_subshell(node: Node) -> bool:
    """Whether `node` runs in a subshell of its own (`( … )`): its `exit` ends only that."""
    current = node.parent
    while current is not None and current.type not in ("function_definition", "program"):
        if current.type in ("subshell", "command_substitution", "pipeline"):
            return True
        current = current.parent
    return False


def _enclosing_scope(node: Node) -> Node:
    """The function body (or the script) that holds `node`."""
    current = node
    while current.parent is not None and current.type != "function_definition":
        current = current.parent
    return current


def _guards(node: Node, statement: Node) -> bool:
    """Whether `node` is in the condition of an `if` that holds `statement`: a test that
    decides whether the agent runs is about its input (`if [ -f "$f" ]; then agent "$f"`)."""
    current = node.parent
    while current is not None and current.type not in ("function_definition", "program"):
        if current.type in ("if_statement", "elif_clause"):
            # its statements sit beside its condition: only what ends before `then` is one
            then = next((c for c in current.children if c.type == "then"), None)
            if then is not None and node.end_byte > then.start_byte:
                return False
            return current.start_byte <= statement.start_byte < current.end_byte
        if current.type in ("do_group", "compound_statement", "subshell"):
            return False  # a body, not a condition
        current = current.parent
    return False


_CAPTURES: weakref.WeakKeyDictionary[ShellScript, dict[str, frozenset[str]]] = (
    weakref.WeakKeyDictionary()
)
_EXAMINED: weakref.WeakKeyDictionary[ShellScript, list[Node]] = weakref.WeakKeyDictionary()
_ASSIGNED: weakref.WeakKeyDictionary[ShellScript, dict[str, list[Node]]] = (
    weakref.WeakKeyDictionary()
)
_NAMED_IN_VALUES: weakref.WeakKeyDictionary[ShellScript, dict[str, frozenset[str]]] = (
    weakref.WeakKeyDictionary()
)
# the files each variable's value is computed from (`_computed_from`), directly and all
_COMPUTED: weakref.WeakKeyDictionary[ShellScript, dict[str, frozenset[str]]] = (
    weakref.WeakKeyDictionary()
)
_DIRECT: weakref.WeakKeyDictionary[
    ShellScript, dict[str, tuple[frozenset[str], frozenset[str]]]
] = weakref.WeakKeyDictionary()
_PRINTERS: weakref.WeakKeyDictionary[ShellScript, list[SimpleCommand]] = weakref.WeakKeyDictionary()
_QUIET_FUNCTIONS: weakref.WeakKeyDictionary[ShellScript, frozenset[str]] = (
    weakref.WeakKeyDictionary()
)
# the functions whose output holds what an agent prints (`_printing_functions`)
_PRINTING_FUNCTIONS: weakref.WeakKeyDictionary[ShellScript, frozenset[str]] = (
    weakref.WeakKeyDictionary()
)
EXAMINING_CALLS: weakref.WeakKeyDictionary[ShellScript, list[Node]] = weakref.WeakKeyDictionary()


def _examining_calls(script: ShellScript) -> list[Node]:
    """The calls of the script's functions that examine a file (`if plan_done; then
    break`, with `plan_done() { grep -q DONE "$PLAN"; }`): a function whose body, or a
    function it calls, greps a file or tests that one exists where the result decides
    something (listed once per script)."""
    known = EXAMINING_CALLS.get(script)
    if known is not None:
        return known
    pending = [
        name
        for node in _examined_files(script)
        if not only_shows(script, node) and (name := _function_of(node)) is not None
    ]
    examining: set[str] = set()
    calls = calls_of(script)
    while pending:  # a worklist up the calls: each function taken once
        name = pending.pop()
        if name in examining or name not in script.functions:
            continue
        examining.add(name)
        pending += [c for call in calls.get(name, []) if (c := _function_of(call.node))]
    found = sorted(
        (call.node for name in examining for call in calls.get(name, [])),
        key=lambda n: n.start_byte,
    )
    EXAMINING_CALLS[script] = found
    return found


def _function_of(node: Node) -> str | None:
    """The name of the function whose body holds `node` (None: the script's own body)."""
    current = enclosing_definition(node)
    name = current.child_by_field_name("name") if current is not None else None
    return text_of(name) if name is not None else None


def _named_in_values(script: ShellScript) -> dict[str, frozenset[str]]:
    """The files named in the values each variable is given, as written (`PROMPT="…
    ${PLAN} …"`), without the commands that compute them (`prompt=$(yq … hooks.yaml)`
    tells of no file): read once per variable, however many runs expand it."""
    known = _NAMED_IN_VALUES.get(script)
    if known is None:
        assigned = _assigned(script).items()
        known = {n: frozenset(_files_named([written_text(v) for v in vs])) for n, vs in assigned}
        _NAMED_IN_VALUES[script] = known
    return known


def _files_named(texts: list[str]) -> set[str]:
    """The files the texts of a prompt name: the variables they expand, words that look
    like a file (`STATE.md`, `a file named DONE`), and a file in a folder a variable holds
    (`$OUT/brief.md`, `${DIR}/done`)."""
    found: set[str] = set()
    for text in texts:
        found.update(f"${name}" for name in _EXPANDED.findall(text))
        found.update(_FILE_WORD.findall(text))
        found.update(_NAMED_FILE.findall(text))
        found.update(f"${name}/{rest}" for name, rest in _IN_FOLDER.findall(text))
    return found


def _assigned(script: ShellScript) -> dict[str, list[Node]]:
    """The values each variable is given (`PROMPT="…"`, `prompt=$(yq … hooks.yaml)`)."""
    known = _ASSIGNED.get(script)
    if known is None:
        known = {}
        for node in script.parsed.nodes():
            name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            if node.type == "variable_assignment" and name is not None and value is not None:
                known.setdefault(text_of(name), []).append(value)
        _ASSIGNED[script] = known
    return known


def _examined_files(script: ShellScript) -> list[Node]:
    """Every file the script examines, in source order: the file of a test that it exists,
    and the files a `grep`/`jq` reads after its pattern or program (listed once)."""
    known = _EXAMINED.get(script)
    if known is not None:
        return known
    found: list[Node] = []
    for node in script.parsed.nodes():
        if node.type == "command":
            command = script.command_at(node)
            if command is None or command.name not in _PATTERN_FIRST:
                continue
            if command.name == "yq" and _IN_PLACE.intersection(command.arguments):
                continue  # `yq -i '.status = "done"' f.yaml` edits the file, decides nothing
            found.extend(_read_operands(command))
        elif whole_word(node) and file_test_operand(node):
            found.append(node)
    found.sort(key=lambda n: n.start_byte)
    _EXAMINED[script] = found
    return found


def _read_operands(command: SimpleCommand) -> list[Node]:
    """The files a `grep`/`jq`/`yq` reads: its operands after the pattern or program (a
    word of unknown value, `"$DIR/PLAN.md"`, is an operand too)."""
    operands = [
        w
        for w, word in zip(
            command.word_nodes[command.program_index + 1 :], command.arguments, strict=False
        )
        if w is not None and not (word or "").startswith("-")
    ]
    return operands[1:]


def _examined_by_text_tool(script: ShellScript, node: Node) -> bool:
    """Whether the command reading `node` is one that examines text (`grep`, `jq`, …)."""
    holder: Node | None = node
    while holder is not None and holder.type != "command":
        holder = holder.parent
    command = script.command_at(holder) if holder is not None else None
    return command is not None and command.name in EXAMINING


def in_errexit_window(script: ShellScript, node: Node) -> bool:
    """Whether `node` sits between a `set +e` and a `set -e` of a block that holds it."""
    current = node
    while current.parent is not None and current.type != "function_definition":
        parent = current.parent
        starts, switches = _switches(script, parent)
        before = bisect.bisect_right(starts, current.start_byte - 1)
        # the last switch ending before `current`, and the first starting after it
        earlier = [on for at, end, on in switches[:before] if end <= current.start_byte][-1:]
        later = [on for at, _, on in switches[before:] if at >= current.end_byte][:1]
        if earlier == [False] and later == [True]:
            return True
        current = parent
    return False


_Switches = tuple[list[int], list[tuple[int, int, bool]]]
_SWITCHES: weakref.WeakKeyDictionary[ShellScript, dict[int, _Switches]] = (
    weakref.WeakKeyDictionary()
)


def _switches(script: ShellScript, block: Node) -> _Switches:
    """The `set` commands among a block's statements that switch errexit, with where each
    starts and ends (memoised per block: asked for every agent run inside it)."""
    memo = _SWITCHES.setdefault(script, {})
    known = memo.get(block.id)
    if known is None:
        found = [
            (s.start_byte, s.end_byte, on)
            for s in block.named_children
            if s.type == "command" and (on := _errexit_switch(script, s)) is not None
        ]
        known = memo[block.id] = ([at for at, _, _ in found], found)
    return known


def _errexit_switch(script: ShellScript, statement: Node) -> bool | None:
    """True for a `set` that turns errexit on, False for one that turns it off."""
    command = script.command_at(statement) if statement.type == "command" else None
    if command is None or command.command_name != "set":
        return None
    words = command.argv[1:]
    if not apply_set(ShellOptions(errexit=True), words).errexit:
        return False
    return True if apply_set(ShellOptions(), words).errexit else None
