"""Whether a statement tests an agent's output for a sign that the run failed.

A runner that judges a run by its output often asks that question with `grep`
or `jq` on the log the agent wrote (`grep -q '"is_error":true' "$log"`), or through
a function of the script given the log (`has_api_error "$log"`). Such a test holds
exactly when the run failed; the markers it looks for are data
(`rules/data/agents.toml`, `[output]`), and one that also looks for a success flag
is not a failure test. A test for one kind of failure (a timeout, an error message)
holds on some failures only, and on no success.
"""

from __future__ import annotations

import re

from auditor.exit_codes import intents_in
from auditor.profiles import output_markers
from auditor.shell.commands import SimpleCommand
from auditor.shell.grep_words import grep_query
from auditor.shell.model import ShellScript
from auditor.shell.output import AgentOutput, examines_produced_file, reads_output
from auditor.shell.output_words import EXISTENCE_TESTS
from auditor.shell.parse import Node, descendants

# The statements that can be a test of the output.
OUTPUT_TESTS = frozenset({"command", "pipeline", "redirected_statement", "negated_command"})
# The tools that find a pattern in text, and the test operators that match a value.
_FINDERS = frozenset({"grep", "egrep", "fgrep", "rg"})
_MATCHES = frozenset({"==", "=", "=~"})
_EITHER = frozenset({"||", "-o"})  # a test that also holds another way
# Words of a marker that says the run failed, not that its work is done (`grep -q error`).
_FAILURE_WORDS = re.compile(
    r"(?i)error|fail|fatal|exception|denied|invalid|unable|abort|refused|timed.?out|limit"
)


def failure_test(script: ShellScript, output: AgentOutput, node: Node) -> str | None:
    """How `node` (which does not run the agent) examines `output` for a failure: "every"
    for a test of any failure (a failure marker: it holds exactly when the run failed),
    "kind" for a test of one kind (a timeout, a network error, an error message such as
    `Error: No messages returned`: it holds on some failures, and never when the run
    succeeded), None for any other statement."""
    if node.type not in OUTPUT_TESTS:
        return None
    text = script.parsed.node_text(node)
    command = script.command_at(node) if node.type == "command" else None
    definition = script.functions.get(command.command_name or "") if command else None
    if definition is not None:  # `has_api_error "$log"`: what the function greps for
        text += "\n" + script.parsed.node_text(definition)
    failure, success = output_markers()
    if any(m in text for m in success):
        return None
    broad = any(_broad(text, marker) for marker in failure)
    if intents_in(text, script.catalog) or (_ERROR_MESSAGE.search(text) and not broad):
        kind = "kind"  # one kind of failure (`API Error.*503`, `unavailable`): not every one
    elif broad:
        kind = "every"
    else:
        return None
    return kind if reads_output(script, output, node, examining=True) else None


def _broad(text: str, marker: str) -> bool:
    """Whether `text` looks for a failure marker as it is, not narrowed by more of the
    pattern after it (`grep -q 'API Error'`, not `grep -q 'API Error: 5[0-9][0-9]'`,
    which holds on server errors only)."""
    start = text.find(marker)
    while start >= 0:
        line = text[text.rfind("\n", 0, start) + 1 : start]
        quoted = line.count("'") % 2 == 1 or line.count('"') % 2 == 1
        narrowed = _NARROWED if quoted else _JOINED  # (unquoted, a blank ends the word)
        if not narrowed.match(text, start + len(marker)):
            return True
        start = text.find(marker, start + 1)
    return False


# More of a pattern right after a marker: `: 529`, `.*overloaded`, `_timeout`; not a
# `.*` or `.+` that ends it (`'API Error.*'` holds on any API error)
_NARROWED = re.compile(r":? ?(?:[\w\[(]|\.(?![*+](?:['\"\s]|$)))")
_JOINED = re.compile(r":?(?:[\w\[(]|\.(?![*+](?:['\"\s]|$)))")
# An error message a test looks for (`grep -q "Error: No messages returned"`): one the
# CLI prints on a failure of that kind; a line that starts with it is any failure's.
_ERROR_MESSAGE = re.compile(r"\b(?:Error|ERROR|error): \w")


def tests_empty(script: ShellScript, output: AgentOutput, node: Node) -> bool | None:
    """For a test of whether the captured output or the log is empty (`[ -z "$out" ]`,
    `[[ ! -s $log ]]`): True, it holds when the run failed (a run that answered printed
    something); False for the opposite test (`[ -n "$out" ]`, `[ -s "$log" ]`); None for
    any other statement."""
    if node.type != "test_command":
        return None
    words = script.parsed.node_text(node).strip("[] \t\n").split()
    negated = words[:1] == ["!"]
    words = words[1:] if negated else words
    if len(words) != 2 or words[0] not in _EMPTINESS or not reads_output(script, output, node):
        return None
    return _EMPTINESS[words[0]] != negated


# `-z` holds for an empty value, `-n` for a non-empty one; `-s` for a non-empty file.
_EMPTINESS = {"-z": True, "-n": False, "-s": False}


def completion_test(script: ShellScript, output: AgentOutput, node: Node) -> bool:
    """Whether `node` (which does not run the agent, and tests no failure) looks for a
    literal marker of work done in `output`: `[[ "$(tail -n 1 <<<"$out")" == SUCCESS ]]`,
    `grep -q "<promise>COMPLETE</promise>" "$log"`, also in a file the run must produce
    (`grep -q "STATUS: COMPLETE" "$PLAN"`, its prompt naming `$PLAN`). A failed run
    prints no such marker, so the test is false after a failure (after a success, it may
    hold or not); not one that also holds another way (`[[ $out == *DONE* || -z $out
    ]]`), nor a marker that names a failure (`grep -q error`)."""
    if node.type == "test_command":
        unary = [c for c in descendants(node) if c.type == "unary_expression"]
        if _tokens(node) & _EITHER:
            return False
        if unary:  # `[ -f /tmp/plan_complete ]`: only a file the prompt names counts
            # (`[ ! -f DONE ]` too: true where the run failed, see `negated_test`)
            tests = [u for u in unary if not _negation(u)]
            exists = len(tests) == 1 and _asks_exists(tests[0])
            return exists and examines_produced_file(script, output, node, markers=())
        markers = [
            side
            for expression in descendants(node)
            if expression.type == "binary_expression"
            and any((c.text or b"").decode() in _MATCHES for c in expression.children)
            for side in _literal_sides(expression)
        ]
    elif node.type in ("command", "pipeline", "redirected_statement"):
        commands = [n for n in descendants(node) if n.type == "command"]
        found = [c for n in commands if (c := script.command_at(n)) is not None]
        markers = [m for c in found if c.command_name in _FINDERS and (m := _quiet_pattern(c))]
    else:
        return False
    return (
        bool(markers)
        and not any(_FAILURE_WORDS.search(marker) for marker in markers)
        and (
            reads_output(script, output, node, examining=True)
            or examines_produced_file(script, output, node, markers)
        )
    )


def negated_test(node: Node) -> bool:
    """Whether a test command negates what it tests inside its brackets (`[ ! -f DONE ]`)."""
    return node.type == "test_command" and any(map(_negation, descendants(node)))


def _negation(node: Node) -> bool:
    """Whether a node is a `!` inside a test's brackets, around what it negates."""
    first = node.children[0] if node.type == "unary_expression" and node.children else None
    return first is not None and first.text == b"!"


def _tokens(node: Node) -> set[str]:
    """The operators and punctuation of a node and of everything under it (`||`, `-o`)."""
    return {
        (child.text or b"").decode()
        for named in descendants(node)
        for child in named.children
        if not child.is_named
    }


def _asks_exists(unary: Node) -> bool:
    """Whether a unary test asks that a file exists (`-f`, `-e`, `-s`)."""
    operator = unary.children[0] if unary.children else None
    return operator is not None and (operator.text or b"").decode() in EXISTENCE_TESTS


def _literal_sides(expression: Node) -> list[str]:
    """The sides of a comparison that are text written out (`SUCCESS`, `"DONE"`, `*OK*`),
    not a variable's value."""
    sides = [c for c in expression.named_children if c.type != "test_operator"]
    return [
        (side.text or b"").decode("utf-8", "replace")
        for side in sides
        if side.type in ("word", "raw_string", "regex", "extglob_pattern")
        or (
            side.type == "string"
            and not any(d.type != "string_content" for d in side.named_children)
        )
    ]


def _quiet_pattern(command: SimpleCommand) -> str | None:
    """The pattern a `grep` that only answers whether it found it (`-q`) looks for, when
    it is written out (not `"$MARK"`)."""
    query = grep_query(command)
    if query is None or "q" not in query.flags:
        return None
    return query.pattern if query.pattern and "$" not in query.pattern else None
