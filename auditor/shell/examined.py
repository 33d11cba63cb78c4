"""Whether a read of what an agent printed or wrote examines it, or only shows or copies it.

A read examines the output where its result decides something (a test, a condition, an
operand of `&&`/`||` that does more than print a message) or where a text tool reads it
(`grep`, `jq`); `echo "$out"`, `cat "$log" >> all.log` and another agent's prompt show it,
and `x=$(cat "$out")` copies it for the reads of `x` to judge (`auditor.shell.output`).
"""

from __future__ import annotations

import re
import weakref

from auditor.shell.commands import MESSAGE_COMMANDS, SimpleCommand, read_variables
from auditor.shell.given_files import (
    Given,
    given_parameter,
    parameter_reads,
    prints_parameter,
    prints_part,
)
from auditor.shell.model import ShellScript
from auditor.shell.output_words import (
    TEXT_TOOLS,
    WHOLE_READERS,
    keeps_part,
    local_names,
    reads_in,
    whole_word,
)
from auditor.shell.parse import Node, descendants, field_of, within
from auditor.shell.status import assigned_by
from auditor.shell.written_files import normal_word, text_of, written_file

# Commands that examine the text they read: a read by one of these judges the run.
# A script run on the output examines it only where its status decides something (in a
# condition, under errexit): elsewhere it converts or shows it (`python pretty.py "$log"`).
_INTERPRETERS = frozenset({"python", "python3", "node", "bun", "deno", "ruby", "perl"})
EXAMINING = TEXT_TOOLS | _INTERPRETERS
_FILE_TESTS = frozenset({"-f", "-e", "-s", "-r", "-a"})  # `[ -f .done ]`: a file the run made
_COPIES = frozenset({"cat", "wc"})  # captured whole, what they print stands for the output


def only_shows(script: ShellScript, node: Node) -> bool:
    """Whether the read of `node` does not examine what it reads: it is not in a test or
    condition, not fed on through a pipe or `$(…)`, and its command is not one that
    examines text (`grep`, `jq`, …): `echo "$out"`, `cat "$log" >> all.log`, `git add`,
    another agent's prompt (also through a `$(…)` in it). A word given to a function of
    the script is read where the body reads the parameter it binds."""
    holder: Node | None = node
    while holder is not None and holder.type not in ("command", "test_command", "case_statement"):
        fed = holder.parent.child_by_field_name("body") if holder.parent is not None else None
        feeds = holder.type == "heredoc_redirect" or (
            holder.type == "file_redirect" and b"<" in (holder.text or b"")[:3]
        )
        if feeds and fed is not None and fed.type == "command":
            # read by the command the here-doc or `<` feeds (`$(cat <<EOF … $out …`,
            # `n=$(wc -l < "$log")`)
            holder = fed
            break
        if feeds and fed is not None and fed.type == "while_statement":
            # read line by line (`while read -r line; do …; done < "$log"`): examined
            # where the loop examines a line, not where it only shows them
            return not lines_examined(script, fed)
        holder = holder.parent
    if holder is None:
        return not _decides(script, node)  # `$(<"$log")` captures it; `done < "$log"` shows it
    if holder.type == "test_command" and _shows_only(script, holder):
        return True  # `if [ -n "$out" ]; then echo "$out"; fi`: it decides only the display
    if holder.type == "test_command" and _shown_either_way(script, holder):
        return True  # `if [[ $n -gt 40 ]]; then tail -n 40 "$f"; else cat "$f"; fi`: how
    if holder.type == "test_command" and _loads_only(holder, node):
        return True  # `if [ -f "$log" ]; then h=$(tail "$log"); fi`: it reads it as input
    if holder.type == "test_command" and _copies_only(script, holder, node):
        return True  # `if [ -f "$log" ]; then cp "$log" out/; fi`: it keeps a copy
    if holder.type != "command":
        return False  # a test (`[ -s "$log" ]`) or a `case` on it examines it
    command = script.command_at(holder)
    given = given_parameter(script, holder, node)
    use = _parameter_use(script, given) if given is not None else _UNKNOWN
    if use != _UNKNOWN and use != _PRINTS:
        return use == _SHOWS  # `check_log "$log"` whose body greps it examines it
    printed = use == _PRINTS  # the call prints it, as `cat` would
    function = command is not None and command.command_name in script.functions
    substitution = _word_substitution(script, holder) if printed or not function else None
    if substitution is not None:
        return only_shows(script, substitution)
    if command is not None and script.agent_of(command) is not None:
        # given to another run as context (`claude -p "…$out"`): no check of it, unless
        # what that run prints is tested here (`claude -p "PASS? $out" | grep -q PASS`); a
        # capture of it is a copy that `copies` follows (an agent as judge)
        return not _decides(script, _statement(holder)) or _captured_whole(_statement(holder))
    if command is not None and command.name in EXAMINING and _rewrites_only(script, holder, node):
        return True  # `if grep -q '^```' "$out"; then sed -i … "$out"; fi`: a clean-up
    if command is not None and _edits_in_place(command, node):
        return True  # `sed -i 's/^```//' "$out"`: it rewrites the text, judging nothing
    if command is not None and command.name in EXAMINING:
        interpreted = command.name in _INTERPRETERS and not script.options_at(holder).errexit
        if not interpreted:
            return False  # a script under errexit examines it: its failure ends the run
    current = _statement(holder)
    parent = current.parent
    if parent is not None and parent.type == "pipeline":
        stages = [c for c in parent.named_children if c.type != "comment"]
        if stages[-1].id != current.id:
            # a stage feeding the next is examined there, unless the rest only cut a part
            # of it out for a variable (`last=$(echo "$out" | tail -n 1)`): a copy, whose
            # own reads `copies` follows
            later = stages[stages.index(current) + 1 :]
            return _copied_part(script, parent, later) or _counted_for_display(
                script, parent, later
            )
    if (printed or (command is not None and command.name in _COPIES)) and _captured_whole(current):
        # `spec=$(cat "$out")`, `n=$(wc -l < "$log")`: a copy (or a count) of it, whose own
        # reads `copies` follows
        return True
    return not _decides(script, current)


# What a function's body does with a parameter (`_parameter_use`).
_SHOWS, _PRINTS, _EXAMINES, _UNKNOWN = "shows", "prints", "examines", "unknown"
_USES: weakref.WeakKeyDictionary[ShellScript, dict[tuple[int, int], str]] = (
    weakref.WeakKeyDictionary()
)


def lines_examined(script: ShellScript, loop: Node) -> bool:
    """Whether a `while read …` loop examines the lines it reads: a read of a variable
    its `read` sets, in its body, that does more than show it (`case "$line" in
    *DONE*)`, `[[ $line == ERROR* ]]`; not `echo "[agent] $line"`)."""
    condition = loop.child_by_field_name("condition")
    body = loop.child_by_field_name("body")
    if condition is None or body is None:
        return False
    names = {
        name
        for node in descendants(condition)
        if node.type == "command"
        and (command := script.command_at(node)) is not None
        and command.command_name == "read"
        for name in read_variables(command)
    }
    reads = reads_in(script)
    return any(
        within(node, body) and not only_shows(script, node)
        for name in sorted(names)
        for node in reads.get(("v", name), ())
    )


def _parameter_use(script: ShellScript, given: Given) -> str:
    """What a function's body does with the file its parameter names: examines it (a
    read of it does), prints it to the function's output and only shows it otherwise,
    only shows it, or unknown (no read of it, a read reached another way, `"$@"`, or a
    copy of it into a variable, whose reads are not followed there). Found once per
    function and parameter; a call back into one being found adds nothing."""
    known = _USES.setdefault(script, {})
    if given.key not in known:
        known[given.key] = _SHOWS  # while it is found
        reads = parameter_reads(script, given)
        copies = [_copy_reads(script, given.definition, r) for r in reads or ()]
        if not reads or any(c is None for c in copies):
            use = _UNKNOWN
        elif not all(
            only_shows(script, r) or _printed_part(script, r, given.definition)
            for r in [*reads, *(n for c in copies for n in c or ())]
        ):
            use = _EXAMINES
        else:
            use = _PRINTS if prints_parameter(script, given) else _SHOWS
        known[given.key] = use
    return known[given.key]


def tests_presence_only(script: ShellScript, node: Node) -> bool:
    """Whether `node` is a file given to a function of the script whose body only tests
    that the file is there or has text (`[[ -s "$1" ]]`) and otherwise shows it."""
    holder = node.parent
    while holder is not None and holder.type != "command":
        holder = holder.parent
    given = given_parameter(script, holder, node) if holder is not None else None
    reads = parameter_reads(script, given) if given is not None else None
    if given is None or not reads:
        return False
    copied = [_copy_reads(script, given.definition, read) for read in reads]
    if any(c is None for c in copied):
        return False
    every = [*reads, *(n for c in copied for n in c or ())]
    tests = [file_test_operand(_word_of(read)) for read in every]
    return any(tests) and all(
        tested or only_shows(script, read) for read, tested in zip(every, tests, strict=True)
    )


def _word_of(read: Node) -> Node:
    """The whole word a variable's read stands in (`"$1"` for the `1` of `$1`)."""
    while read.parent is not None and read.parent.type in _WORD_PARTS:
        read = read.parent
    return read


_WORD_PARTS = frozenset({"simple_expansion", "expansion", "string", "concatenation"})


def _printed_part(script: ShellScript, read: Node, definition: Node) -> bool:
    """Whether a read of a function's parameter is printed, or a part of it, to the
    function's output (`prints_part`): its callers judge what they get."""
    command: Node | None = read
    while command is not None and command.type != "command":
        command = command.parent
    return command is not None and prints_part(script, command, definition)


def _copy_reads(script: ShellScript, definition: Node, read: Node) -> list[Node] | None:
    """Where a read of a function's parameter puts what it reads into a local variable
    of the function (`c=$(cat "$1")`, `n=$(wc -l < "$file")`), the reads of that variable
    in the body, which judge it as the copy's; none for a read that copies nothing; None
    for a copy into a variable of the caller's, or none named."""
    current: Node | None = read
    while current is not None and current.type not in ("command", "variable_assignment"):
        current = current.parent
    if current is not None and current.type == "command":
        statement = _statement(current)
        if statement.parent is not None and statement.parent.type == "pipeline":
            statement = statement.parent
        if not _captured_whole(statement):
            return []
        current = assigned_by(statement.parent) if statement.parent is not None else None
    if current is None:
        return []
    name = current.child_by_field_name("name")
    variable = text_of(name) if name is not None else ""
    if variable not in local_names(script, definition):
        return None
    return [n for n in reads_in(script).get(("v", variable), ()) if within(n, definition)]


def _word_substitution(script: ShellScript, holder: Node) -> Node | None:
    """The `$(…)` that the command at `holder` runs in, where that is part of
    another command's word (`claude -p "fix: $(tail -n 20 "$log")"`, `notify
    "$(cat "$out")"`) or of a here-doc's text, and the command only prints what it reads
    (not `grep`): the read is judged as that word (or text) is."""
    command = script.command_at(holder)
    if command is None or command.name in EXAMINING or script.agent_of(command) is not None:
        return None
    statement = _statement(holder)
    substitution = statement.parent
    while substitution is not None and substitution.type == "list":
        if not _only_messages(substitution, statement, script):
            return None  # `$(cat "$out" && grep -q DONE "$out")`
        substitution = substitution.parent  # `$(cat "$out" || echo "no output")`
    if substitution is None or substitution.type != "command_substitution":
        return None
    outer = substitution.parent
    while outer is not None and outer.type in ("string", "concatenation"):
        outer = outer.parent
    # in a command's word, or in the text of a here-doc fed to one (`cat > body.md <<EOF …
    # $(cat "$out") …`)
    fed = outer is not None and outer.type == "heredoc_body"
    return substitution if outer is not None and (fed or outer.type == "command") else None


def _captured_whole(statement: Node) -> bool:
    """Whether a statement is the whole of a `$(…)` that a variable is given (`x=$(…)`)."""
    holder = statement.parent
    return (
        holder is not None and holder.type == "command_substitution" and bool(assigned_by(holder))
    )


def _copied_part(script: ShellScript, pipeline: Node, later: list[Node]) -> bool:
    """Whether the `later` stages of a pipeline only keep a part of what they read, for a
    variable that the pipeline's capture gives it to (`x=$(echo "$out" | tail -n 1)`), or
    to show (`echo "$out" | head -30`, its status deciding nothing)."""
    commands = [script.command_at(stage) if stage.type == "command" else None for stage in later]
    if not all(command is not None and keeps_part(command) for command in commands):
        return False
    if _captured_whole(pipeline):
        return True
    # shown: its part goes to the terminal (not into a `$(…)`, a `<(…)`, a file) and its
    # status decides nothing
    sent = [pipeline.parent, later[-1]] if later else [pipeline.parent]
    elsewhere = any(
        node is not None
        and node.type == "redirected_statement"
        and any(written_file(r) for r in node.named_children if r.type == "file_redirect")
        for node in sent
    )
    held = pipeline.parent is not None and pipeline.parent.type in _HOLDERS
    return not held and not elsewhere and not _decides(script, pipeline)


_HOLDERS = frozenset({"command_substitution", "process_substitution"})


def _counted_for_display(script: ShellScript, pipeline: Node, later: list[Node]) -> bool:
    """Whether a pipeline only counts what it reads (`echo "$out" | wc -l`) for a test
    that decides only what is printed (`if [[ $(…) -gt 30 ]]; then echo "(cut)"; fi`):
    the text's length says nothing of what the run did."""
    commands = [script.command_at(stage) if stage.type == "command" else None for stage in later]
    if not commands or not all(c is not None and c.name == "wc" for c in commands):
        return False
    test = pipeline.parent
    while test is not None and test.type in _COUNT_PARTS:
        test = test.parent
    arms = _arms(test) if test is not None and test.type == "test_command" else None
    names = _names(script, arms[0]) if arms is not None and not arms[1] else []
    return bool(names) and all(name in MESSAGE_COMMANDS for name in names)


_COUNT_PARTS = frozenset({"command_substitution", "string", "binary_expression"})


def _arms(test: Node) -> tuple[list[Node], list[Node]] | None:
    """Where a test is the whole condition of an `if` with no `elif`: the statements its
    `then` runs, and its `else` clause (none without one); None for any other test."""
    parent = test.parent
    if parent is None or parent.type != "if_statement" or field_of(test) != "condition":
        return None
    rest = [c for c in parent.named_children if c.id != test.id and c.type != "comment"]
    if any(c.type == "elif_clause" for c in rest):
        return None
    return [c for c in rest if c.type != "else_clause"], [
        c for c in rest if c.type == "else_clause"
    ]


def _shows_only(script: ShellScript, test: Node) -> bool:
    """Whether a test of emptiness (`[ -n "$out" ]`) is the whole condition of an `if`
    with no other branch whose body only prints (`echo`, `printf`): what it decides is
    whether the output is shown, not what the run did."""
    arms = _arms(test) if _EMPTINESS.match(text_of(test)) else None
    if arms is None or arms[1]:
        return False
    names = _names(script, arms[0])
    return bool(names) and all(name in MESSAGE_COMMANDS for name in names)


def _shown_either_way(script: ShellScript, test: Node) -> bool:
    """Whether a test is the whole condition of an `if` with an `else` (and no `elif`)
    both of whose branches only print, each a file among what they print (`cat`, `head`,
    `tail`, beside `echo`): a file is shown whichever way it goes, and the test decides
    only how (`if [[ $n -gt 40 ]]; then tail -n 40 "$f"; else cat "$f"; fi`), not what to
    do when the run failed (`else echo "$raw_logs"`)."""
    arms = _arms(test)
    if arms is None or not arms[1]:
        return False
    printing = MESSAGE_COMMANDS | WHOLE_READERS
    return all(
        all(name in printing for name in names) and any(name in WHOLE_READERS for name in names)
        for names in (_names(script, arm) for arm in arms)
    )


def _names(script: ShellScript, nodes: list[Node]) -> list[str | None]:
    """The names of the simple commands in `nodes`, as the model read them."""
    commands = (script.command_at(n) for node in nodes for n in descendants(node))
    return [c.command_name for c in commands if c is not None]


def _existence_guarded(test: Node, node: Node) -> list[Node]:
    """The statements an `if` runs when `test`, its whole condition, finds that file
    `node` exists, where it has no other branch; none for any other test."""
    arms = _arms(test) if file_test_operand(node) else None
    return arms[0] if arms is not None and not arms[1] else []


# Commands that keep, move or pack files without reading what they say.
_COPYING = frozenset({"cp", "mv", "ln", "mkdir", "install", "rsync", "tar", "zip", "gzip"})


def _copies_only(script: ShellScript, test: Node, node: Node) -> bool:
    """Whether a test that file `node` exists is the whole condition of an `if` with no
    other branch whose body only copies or packs files, or prints (`[ -f recap.txt ]`,
    then `cp recap.txt artifact/`): it decides whether a copy is kept, nothing about what
    the run did."""
    body = _existence_guarded(test, node)
    names = _names(script, body)
    return bool(names) and all(name in _COPYING or name in MESSAGE_COMMANDS for name in names)


def _rewrites_only(script: ShellScript, condition: Node, node: Node) -> bool:
    """Whether a command that reads file `node` is the whole condition of an `if` with no
    other branch whose body only edits that same file in place (`sed -i`, `perl -pi`),
    or prints: it decides whether the text is cleaned up, nothing about what a run did."""
    arms = _arms(_statement(condition))
    if arms is None or arms[1] or not arms[0]:
        return False
    commands = [c for n in arms[0] for d in descendants(n) if (c := script.command_at(d))]
    edits = [_edits_in_place(command, node) for command in commands]
    return any(edits) and all(
        edited or command.command_name in MESSAGE_COMMANDS
        for command, edited in zip(commands, edits, strict=True)
    )


def _edits_in_place(command: SimpleCommand, node: Node) -> bool:
    """Whether `command` edits the file `node` names in place (`sed -i … "$out"`)."""
    file = normal_word(text_of(node))
    return (
        command.command_name in _IN_PLACE_EDITORS
        and any(arg.startswith(("-i", "-pi")) for arg in command.arguments if arg)
        and file in (normal_word(text_of(word)) for word in command.word_nodes if word)
    )


_IN_PLACE_EDITORS = frozenset({"sed", "perl", "gsed"})


def _loads_only(test: Node, node: Node) -> bool:
    """Whether a test that file `node` exists is the whole condition of an `if` with no
    other branch whose body only captures that file into variables (`[[ -f "$log" ]]`,
    then `history=$(tail -c 4000 "$log")`): it guards reading the file as input (a
    prompt's history), and decides nothing about what a run did."""
    body = _existence_guarded(test, node)
    file = normal_word(text_of(node))
    for statement in body:
        if statement.type != "variable_assignment":
            return False
        words = [n for n in descendants(statement) if whole_word(n) and n.id != statement.id]
        commands = [n for n in descendants(statement) if n.type == "command"]
        reads = {n.id for n in words if normal_word(text_of(n)) == file}
        if not reads or not all(
            any(within(w, command) for w in words if w.id in reads) for command in commands
        ):
            return False
    return bool(body)


_EMPTINESS = re.compile(r'^\[\[?\s+-[nz]\s+"?\$\{?\w+\}?"?\s+\]\]?$')


def _statement(command: Node) -> Node:
    """The command with its redirections (`python x.py "$log" > out.txt`)."""
    while command.parent is not None and command.parent.type == "redirected_statement":
        command = command.parent
    return command


def _decides(script: ShellScript, statement: Node) -> bool:
    """Whether a statement sits where its result decides something: a condition, an
    operand of `&&`/`||`, `!`, or inside a `$(…)` whose text is used."""
    current = statement
    while current.parent is not None:
        parent = current.parent
        if parent.type in ("command_substitution", "negated_command", "test_command"):
            return True
        if parent.type == "list" and not _only_messages(parent, statement, script):
            return True
        if parent.type in ("if_statement", "elif_clause", "while_statement"):
            field = field_of(current)
            then = next((c for c in parent.children if c.type in ("then", "do_group")), None)
            before_body = then is not None and current.end_byte <= then.start_byte
            return field == "condition" or before_body
        if parent.type in ("program", "function_definition", "do_group", "compound_statement"):
            return False
        current = parent
    return False


def _only_messages(chain: Node, statement: Node, script: ShellScript) -> bool:
    """Whether the rest of the `&&`/`||` chain `statement` is in only prints a message or
    does nothing (`gh api … -f body="$out" && echo "posted" || echo "failed"`, `|| true`):
    it decides nothing."""
    while chain.parent is not None and chain.parent.type == "list":
        chain = chain.parent
    operands: list[Node] = []
    pending = [chain]
    while pending:
        node = pending.pop()
        if node.type == "list":
            pending.extend(node.named_children)
        elif not within(statement, node):
            operands.append(node)
    named = [script.command_at(_inner_command(operand)) for operand in operands]
    return bool(named) and all(c is not None and c.command_name in _NOTHING for c in named)


_NOTHING = MESSAGE_COMMANDS | {"true", ":"}  # `… || true`, `… && echo "posted"`: no decision


def _inner_command(node: Node) -> Node:
    """The command a statement runs, past its redirects (`echo "failed" >&2`)."""
    while node.type == "redirected_statement" and node.named_children:
        node = node.named_children[0]
    return node


def file_test_operand(node: Node) -> bool:
    """Whether `node` is the file of a test that it exists (`[ -f .done ]`, `[[ -s $log ]]`)."""
    parent = node.parent
    if parent is None or parent.type != "unary_expression":
        return False
    operator = parent.children[0] if parent.children else None
    return operator is not None and text_of(operator) in _FILE_TESTS and operator.id != node.id


_REF = r'"?\$(?:\w+|\{#?\w+(?::?-)?\})"?'  # `$out`, `"${out}"`, `"${out:-}"`, `${#out}`
_PRESENCE = re.compile(
    rf"(?:!\s*)?(?:-[nz]\s+)?{_REF}"  # `-n "$out"`, `"$out"`
    rf"|{_REF}\s*(?:!=|==?)\s*(?:\"\"|'')|(?:\"\"|'')\s*(?:!=|==?)\s*{_REF}"  # `"$out" != ""`
    rf"|{_REF}\s+-(?:gt|ne|eq)\s+0"  # `${#out} -gt 0`
)


def presence_test(node: Node) -> bool:
    """Whether the read of `node` is a test only that the variable holds some text
    (`[ -n "$out" ]`, `[[ -z $out ]]`, `[ "$out" != "" ]`, `test -n "${out:-}"`,
    `[ ${#out} -gt 0 ]`), not of what the text says."""
    holder = node.parent
    while holder is not None and holder.type in _PRESENCE_PARTS:
        holder = holder.parent
    if holder is None or holder.type not in ("test_command", "command"):
        return False
    inner = text_of(holder).strip()
    if holder.type == "command":  # `test -n "$out"`
        if not inner.startswith("test "):
            return False
        inner = inner[len("test ") :]
    for opening, closing in (("[[", "]]"), ("[", "]")):
        if inner.startswith(opening) and inner.endswith(closing):
            inner = inner[len(opening) : -len(closing)]
            break
    return bool(_PRESENCE.fullmatch(inner.strip()))


_PRESENCE_PARTS = frozenset(
    {"string", "expansion", "simple_expansion", "unary_expression", "binary_expression"}
)
