"""What a function of the script does with a word its caller gives it (`truncate_file
"$log" 60`): the reads of the parameter bound to it in the body (`$1`, `local file=$1`
then `$file`), and whether the body prints it to the function's own output
(`tail -n "$max" "$file"`), so that a call captured whole holds a copy of the file
(`ctx=$(truncate_file "$log" 60)`) as `ctx=$(cat "$log")` does.
"""

from __future__ import annotations

import re
import weakref
from typing import NamedTuple

from auditor.shell.functions import prints_out
from auditor.shell.model import ShellScript
from auditor.shell.output_words import PARTS, WHOLE_READERS, file_read, reads_in
from auditor.shell.parse import Node, descendants, same_node, within
from auditor.shell.written_files import normal_word, text_of


class Given(NamedTuple):
    """A function of the script and the number of the parameter a call's word binds."""

    definition: Node
    number: int

    @property
    def key(self) -> tuple[int, int]:
        return (self.definition.id, self.number)


def given_parameter(script: ShellScript, holder: Node, word: Node) -> Given | None:
    """The parameter that `word`, an argument of the command at `holder`, binds, where
    that command calls a function of the script and every word before it is one word
    (no `"$@"`)."""
    command = script.command_at(holder)
    name = command.command_name if command is not None else None
    definition = script.functions.get(name or "")
    if command is None or definition is None:
        return None
    while word.parent is not None and not same_node(word.parent, holder):
        if word.parent.type not in _WORD_PARTS:
            return None
        word = word.parent
    arguments = command.word_nodes[command.program_index + 1 :]
    for number, argument in enumerate(arguments, start=1):
        if argument is None or _SPREAD.search(text_of(argument)):
            return None  # an array or `"$@"`: the positions after it are not known
        if same_node(argument, word):
            return Given(definition, number) if number <= 9 else None
    return None


_SPREAD = re.compile(r"\$\{?[@*]|\[[@*]\]")


def parameter_reads(script: ShellScript, given: Given) -> list[Node] | None:
    """The reads of a parameter in its function's body: of `$N`, and of each variable
    given it (`local file="$1"`); None where the body may reach it another way (`"$@"`,
    `$*`, `shift`, `set --`). Found once per function."""
    known = _READS.setdefault(script, {})
    if given.key not in known:
        known[given.key] = _parameter_reads(script, given)
    return known[given.key]


def _parameter_reads(script: ShellScript, given: Given) -> list[Node] | None:
    definition = given.definition
    bound: set[str] = set()
    for node in descendants(definition):
        if node.type == "special_variable_name" and text_of(node) in ("@", "*"):
            return None
        if node.type == "command" and _moves_parameters(text_of(node).split()):
            return None
        if node.type == "variable_assignment":
            value = node.child_by_field_name("value")
            name = node.child_by_field_name("name")
            if name is not None and value is not None and _is_parameter(value, given.number):
                bound.add(text_of(name))
    reads = reads_in(script)
    found: list[Node] = []
    for variable in (str(given.number), *sorted(bound)):
        for read in reads.get(("v", variable), ()):
            if not within(read, definition):
                continue
            if variable == str(given.number) and _binds(read, bound):
                continue  # `local file="$1"`: the reads of `file` stand for it
            if file_read(script, _whole(read)):
                found.append(read)  # not `> "$file"`, which writes it
    return found


def _moves_parameters(words: list[str]) -> bool:
    """Whether a command moves or replaces the positional parameters: `shift`, `set --
    a b`, `set a b` (not `set -e`, `set +e`, `set -o pipefail`)."""
    if not words or words[0] not in ("shift", "set"):
        return False
    if words[0] == "shift" or "--" in words:
        return True
    operands = [w for i, w in enumerate(words[1:], 1) if words[i - 1] not in ("-o", "+o")]
    return any(not w.startswith(("-", "+")) for w in operands)


def _is_parameter(value: Node, number: int) -> bool:
    """Whether an assigned value is the parameter alone (`$1`, `"${1}"`, `"${1:-}"`,
    `"${1:?need a log}"`)."""
    word = normal_word(text_of(value))
    return re.fullmatch(rf"\$\{{?{number}(:?[-=?+][^}}]*)?\}}?", word) is not None


def _whole(read: Node) -> Node:
    """The word a read is part of (`"$file"` for the `file` of it)."""
    while read.parent is not None and read.parent.type in _WORD_PARTS:
        read = read.parent
    return read


def _binds(read: Node, bound: set[str]) -> bool:
    """Whether a read of a parameter is the value of an assignment to one of `bound`."""
    holder = read.parent
    while holder is not None and holder.type != "variable_assignment":
        holder = holder.parent
    name = holder.child_by_field_name("name") if holder is not None else None
    return name is not None and text_of(name) in bound


def prints_parameter(script: ShellScript, given: Given) -> bool:
    """Whether the body prints the file the parameter names to the function's own output
    (`cat "$file"`, `tail -n 40 "$1"`: not redirected away, piped on or captured)."""
    reads = parameter_reads(script, given) or []
    for read in reads:
        word = _whole(read)
        command = word.parent
        if command is None or command.type != "command" or not same_node(word, _last(command)):
            continue
        found = script.command_at(command)
        if (
            found is not None
            and found.name in WHOLE_READERS
            and prints_out(command, given.definition)
        ) or prints_part(script, command, given.definition):
            return True
    return False


# Text tools that print a part of what they read (`jq -r .summary`, `grep -o '{.*}'`), by
# the options with which they decide instead (`jq -e`) or print no part of it. `grep`
# cuts a part out only with `-o`; else it looks for lines (`grep -E 'ERROR|FAIL'`), which
# is a check of what it reads.
_EXTRACTORS = {
    **dict.fromkeys(PARTS, frozenset()),
    "grep": frozenset({"-q", "--quiet", "--silent", "-c", "--count", "-l", "-L"}),
    "jq": frozenset({"-e", "--exit-status"}),
    "sed": frozenset(),
    "awk": frozenset(),
}
_ONLY_MATCHING = re.compile(r"-[A-Za-z]*o[A-Za-z]*|--only-matching")


def prints_part(script: ShellScript, command: Node, definition: Node) -> bool:
    """Whether the command at `command` is one stage of what a function's body prints of
    a file or a value to its own output: a pipeline of text tools that each print a part
    of what they read (`cat "$f" | grep -o '{.*}' | jq -r ".$field"`), alone or with
    fallbacks that print too (`… || cat "$f"`). The function's callers see that part,
    and what they do with it judges it (`summary=$(extract "$out" summary)`)."""
    chain = command
    while chain.parent is not None and chain.parent.type in ("redirected_statement", "pipeline"):
        chain = chain.parent
    while chain.parent is not None and chain.parent.type == "list":
        chain = chain.parent
    if not prints_out(chain, definition):
        return False
    stages: list[Node] = []
    pending = [chain]
    while pending:
        node = pending.pop()
        if node.type == "list" and any(c.type == "&&" for c in node.children):
            return False  # `a && b`: the first decides whether the second runs
        if node.type == "redirected_statement":
            redirects = [c for c in node.named_children if "redirect" in c.type]
            if any(not text_of(r).startswith("2") for r in redirects):
                return False  # `> out.json`: a copy, not the function's output
            node = node.child_by_field_name("body") or node
        if node.type in ("list", "pipeline"):
            pending += [c for c in node.named_children if c.type != "comment"]
        else:
            stages.append(node)
    return all(_extracts(script, stage) for stage in stages)


def _extracts(script: ShellScript, stage: Node) -> bool:
    """Whether a pipeline stage prints a part of what it reads (see `_EXTRACTORS`)."""
    found = script.command_at(stage) if stage.type == "command" else None
    deciding = _EXTRACTORS.get(found.name or "") if found is not None else None
    if found is None or deciding is None:
        return False
    options = [word for word in found.argv[1:] if word and word.startswith("-")]
    if found.name == "grep" and not any(_ONLY_MATCHING.fullmatch(o) for o in options):
        return False
    # a cluster of short options is each of them (`jq -er`, `grep -qo`)
    single = {f"-{letter}" for o in options if not o.startswith("--") for letter in o[1:]}
    return not any(option in deciding for option in (*options, *single))


_WORD_PARTS = frozenset({"simple_expansion", "expansion", "string", "concatenation"})


def _last(command: Node) -> Node:
    words = [c for c in command.named_children if c.type != "command_name"]
    return words[-1] if words else command


def prints_given(script: ShellScript, holder: Node, word: Node) -> bool:
    """Whether the command at `holder` calls a function of the script that prints the
    file `word` names to its own output (`truncate_file "$log" 60`), as `cat` would."""
    given = given_parameter(script, holder, word)
    return given is not None and prints_parameter(script, given)


_READS: weakref.WeakKeyDictionary[ShellScript, dict[tuple[int, int], list[Node] | None]] = (
    weakref.WeakKeyDictionary()
)
