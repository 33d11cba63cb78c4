"""Where tree-sitter-bash 0.25 misreads valid shell, and the text edits that mend it.

Each finder reads a tree and the bytes it was parsed from and returns edits
that make the text one bash reads the same way but the grammar reads right.
An edit either replaces bytes with as many others (positions do not move) or
inserts bytes; the parser keeps the offsets of what it inserted, so every
node still maps to its exact place in the original text.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from collections.abc import Callable
from typing import NamedTuple

from tree_sitter import Node

from auditor.shell.heredoc_gaps import (
    background_heredoc,
    heredoc_arguments,
    heredoc_in_list,
    heredoc_operators,
)
from auditor.shell.swallowed import cuts_before_errors, swallowed_newlines


class Repair(NamedTuple):
    """Replace `data[at : at + length]` with `text`: same length, or an insertion (0)."""

    at: int
    length: int
    text: bytes


# Compound commands after which bash reads a reserved word with no `;` between:
# `fi fi`, `fi done`, `done fi`, `} fi`, `esac fi`, `fi else`, `fi }`, ...
_COMPOUNDS = frozenset(
    {
        "if_statement",
        "for_statement",
        "c_style_for_statement",
        "while_statement",
        "case_statement",
        "compound_statement",
        "subshell",
    }
)
_LITERAL = frozenset({"raw_string", "ansi_c_string", "comment", "heredoc_body"})
# Patterns for the gap repairs, compiled on first use (`_pattern`): a script that parses
# without an error, the usual case, never needs them.
_CLOSER = rb"[ \t]*(?:\\\r?\n[ \t]*)*(fi|done|esac|\}|else|elif)(?=[\s;&|)]|$)"
_BLANK = rb"[ \t]"
_BLANK_DO = rb"[ \t]+do(?=[\s;]|$)"
_ESCAPED_OPERATOR = rb"(?<=[ \t])\\[<>](?=[ \t])"
_TEST_OPEN = rb"(?:^|(?<=[\s;&|(!]))\[(?=[ \t])"
_TEST_CLOSE = rb"(?<=[ \t])\](?=[\s;&|)]|$)"
_PARAMETER = rb"\$\{[#!]?(?:[A-Za-z_][A-Za-z0-9_]*|[0-9#?@*!$-])(?:\[[^]\n]*\])?"
# `${s:` with an offset (not a `:-`, `:=`, `:+`, `:?` operator): a substring.
_SUBSTRING = _PARAMETER + rb":(?![-=+?])"
# `$((e-s))`: an arithmetic expansion with no group in it.
_ARITHMETIC = rb"\$\(\([^()\n]*\)\)"
_VARIABLE = rb"\$(?:[A-Za-z_][A-Za-z0-9_]*|[0-9#?@*!$-])"
_UNESCAPED_DOLLAR = rb"(?<!\\)\$"  # an expansion's `$`, not a literal `\$`
# The right operand of a `[[ ]]` string comparison that holds a glob (`= gp-*`).
_TEST_GLOB = re.compile(rb"\s(?:==?|!=)\s+([\w./-]*[*?][\w./*?-]*)(?=\s)")
# `${name` and a default-value operator: the word after it is literal to bash.
_DEFAULT = _PARAMETER + rb":?[-=+?]"
# `${name#`, `%%`, `/`, `//`, `/#`, `/%` and a pattern word (`${s%]}`): a glob to bash.
_REMOVAL = _PARAMETER + rb"(?:##?|%%?|/[/#%]?)"
# zsh's flags (`${(%):-%x}`), a length with an operator after it (`${#a[@]:-0}`)
_UNREAD_EXPANSION = rb"\$\{(?:\([^)}\n]*\)|#[A-Za-z_]\w*\[[^]\s}]*\][^}\s])[^}\s]*\}"
# `10#$n`: a base before a variable in arithmetic (`16#ff` the grammar reads already).
_BASE_PREFIX = rb"(?<![\w#$])(?:[0-9]+#|0[xX])(?=\$)"
# `3<>file`: a file opened for reading and writing, which the grammar does not know.
_READ_WRITE = rb"(?<![<>&])<>(?![>&])"
# `[\d.]+` as a command word (`$([x]y)`): a glob to bash, a test's `[` to the grammar;
# not an associative array's `[key]=value`.
_BRACKET_WORD = rb"(?m)(?:^|(?<=[;&|(]))[ \t]*(\[)(?=[^\s\[\]])(?![^\]\s]*\]=)"
# A template's placeholder as a whole command (`{{CHOWN_CODEX}}` on its own line): a word
# to bash (the group opener is `{` alone), where the grammar opens a group it never closes.
# (Not one with more words after it, `{{TIMEOUT}} claude …`: what it stands for is unknown.)
_PLACEHOLDER_WORD = rb"(?m)(?:^|(?<=[;&|(]))[ \t]*(\{)(?=\{\w+\}\}[ \t]*(?:$|[;&|)#]))"
# `=~` in `[[ ]]`, then its regex word.
_REGEX_OPERATOR = rb"(?<=[ \t])=~[ \t]+"
# `==` or `!=` in `[[ ]]`, then its pattern word.
_PATTERN_OPERATOR = rb"(?<=[ \t])[!=]=[ \t]+"
# What of a regex word stays: word characters and the expansions (`$name`, `${…}`).
_EXPANSION = rb"\$\{[^}\s]*\}|\$[A-Za-z_][A-Za-z0-9_]*"
_REGEX_KEPT = _EXPANSION + rb"|[A-Za-z0-9_]+"
# A pattern word with an expansion that the grammar misreads: an escaped bracket in it, or
# text after a `${…}` (a glob character alone it reads).
_MISREAD_PATTERN = rb"\\[\[\]]|\$\{[^}\s]*\}[^\s*?]"
# `/` alone as a test's last operand (`[ -w / ]`), which the grammar reads as division.
_ROOT_OPERAND = rb"(?<=[ \t])/(?=[ \t]+\]\]?(?:[\s;&|)]|$))"
# A `[` before a quote in a default word (`"${A:-["x"]}"`), which the grammar fails on
# (looked for a short way, up to another expansion: a line of unclosed `${a:-` stays linear).
_DEFAULT_BRACKET = _DEFAULT + rb"[^}\s\"'$]{0,200}(\[)(?=[\"'])"
# `coproc`, then a NAME before a compound command, or the command it runs.
_COPROC = rb"coproc[ \t]+(?:([A-Za-z_][A-Za-z0-9_]*)[ \t]+(?=[{(]))?"
# `export -f foo::bar` (also `declare`, `typeset`, `readonly`, `local` with `-f`): a
# function's name may hold `::`, which the grammar reads as no name there
_DECLARED_FUNCTIONS = (
    rb"(?:^|(?<=[\s;&|(]))(?:export|declare|typeset|readonly|local)"
    rb"((?:[ \t]+-[A-Za-z]*[fF][A-Za-z]*)(?:[ \t]+-[A-Za-z]+)*)"
    rb"((?:(?:[ \t]|\\\r?\n)+[^\s;&|()<>$\"'=\\]+)+)"
)


@functools.cache
def _pattern(source: bytes) -> re.Pattern[bytes]:
    return re.compile(source)


# A bats test's header (`@test "it retries" {`): a function with a description for a name.
_BATS_TEST = re.compile(rb"""(?m)^([ \t]*)(@test[ \t]+(?:"(?:[^"\\\n]|\\.)*"|'[^'\n]*')[ \t]*)\{""")


def bats_tests(data: bytes) -> list[Repair]:
    """bats's test headers (`@test "it retries" {` in a `.bats` file, which no bash script
    holds: `}` alone would end nothing there) read as the function each test is: the
    header up to its `{` becomes a function named for the test (`test_it_retries`) and
    `()`, of the same length, so the test's body is audited as a function nothing calls
    (an entry point)."""
    if b"@test" not in data:
        return []
    repairs = []
    for match in _BATS_TEST.finditer(data):
        header = match.group(2)
        size = len(header) - 3  # the name's room, before `() `
        description = header[5:].strip(b" \t")[1:-1]
        name = (b"test_" + re.sub(rb"[^A-Za-z0-9_]", b"_", description))[:size]
        repairs.append(Repair(match.start(2), len(header), name.ljust(size, b"_") + b"() "))
    return repairs


def misparse_repair(
    root: Node, data: bytes, heredoc: bool, parse: Callable[[bytes], Node]
) -> list[Repair]:
    """Edits for a tree that parsed without error but is not bash's, one kind at a time.

    1. After a pipeline of three or more stages, a later here-doc or file
       redirect (`x 2>/dev/null`) makes the grammar read every line in between
       as arguments of the pipeline's last command: a `;` inserted where that
       command really ends fixes it.
    2. `a | b | c || d` (three or more stages before `&&`/`||`) comes out as
       `a | (b | c || d)`: braces around the pipeline, `{ a | b | c; } || d`,
       give the tree bash means.
    3. `a || b 2>&1 | c` (a redirect on the stage after `&&`/`||`) comes out as
       `(a || b) 2>&1 | c`: braces around `b 2>&1 | c` give bash's `a || (b | c)`.
    4. `coproc [NAME] { …; }` and `coproc CMD` come out as one command named
       `coproc`: see `_coproc_repairs`.
    5. `cmd <<EOF || fail` comes out with `|| fail` inside the here-document's
       redirect: see `heredoc_gaps.heredoc_operators`.
    """
    coproc = _coproc_repairs(root, data) if b"coproc" in data else []
    if coproc:
        return coproc
    moved = heredoc_operators(root, data) if heredoc else []
    if moved:
        return [Repair(*edit) for edit in moved]
    # A later file redirect (`x 2>/dev/null`, `> f`) triggers the first misparse as a
    # here-doc does. In a tree with a real parse error a command across a newline is
    # error recovery, which no `;` mends (looking for one after every re-parse made one
    # 70 KB script take 1.5 s): there only a here-doc, the cause seen in real scripts,
    # is looked for.
    #
    # Every place of a kind is mended at once, so a script with hundreds of them is
    # re-parsed a few times, not once per place (a 100 KB script of here-docs after
    # pipelines took 14.5 s). In an error-free tree the words are bash's, so each
    # command's first swallowed newline is one bash ends it at; so they are in the
    # statements before the first error, and in those after it that parse without one
    # alone (`parse`: see `swallowed.py`). In error recovery they may not be, and only
    # the first is taken.
    if not root.has_error:
        cuts = swallowed_newlines(root, data)
    elif heredoc:
        cuts = cuts_before_errors(root, data, parse) or swallowed_newlines(root, data)[:1]
    else:
        cuts = []
    if cuts:
        return [Repair(cut, 0, b";") for cut in cuts]
    return [
        repair
        for start, end in _misgrouped_pipelines(root)
        for repair in (Repair(start, 0, b"{ "), Repair(end, 0, b"; }"))
    ]


def gap_repairs(root: Node, data: bytes) -> list[Repair]:
    """Edits for the valid shell tree-sitter-bash reports as an error, all at once.

    Keywords are found through the tree; expansions and `[ ]` operators in
    the text of the lines around an error, as the grammar's recovery there
    takes shapes that vary with the context.
    """
    found: list[Repair] = []
    lines: list[tuple[int, int]] = []
    seen: set[int] = set()  # the here-documents `heredoc_in_list` has looked at
    argued: set[int] = set()  # the lines `heredoc_arguments` has looked at
    stack = [root]  # only nodes holding an error: the gaps sit in or next to one
    while stack:
        node = stack.pop()
        if node.type == "ERROR":
            found.extend(_for_without_in(node, data))
            found.extend(_compound_herestring(node, data))
            edits = [
                *background_heredoc(node, data),
                *heredoc_in_list(node, data, seen),
                *heredoc_arguments(node, data, argued),
            ]
            found.extend(Repair(*edit) for edit in edits)
        if node.is_missing:
            found.extend(_redirected_assignment(node))
        # an operator, and what the grammar took in with it (`|| {` of a group after it)
        operator = node.type == "ERROR" and (node.text or b"").lstrip().startswith(_OPERATORS)
        if operator and node.parent is not None and node.parent.type == "command":
            found.extend(_redirected_assignment(node))  # `X=$(a) 2>/dev/null || true`
        if node.type == "ERROR" or node.is_missing:
            start = data.rfind(b"\n", 0, node.start_byte) + 1
            end = data.find(b"\n", node.end_byte)
            lines.append((start, len(data) if end == -1 else end))
        for child in node.children:
            if child.type in _COMPOUNDS or _double_bracket(child):
                found.extend(_separator_before_closer(child, data))
            if child.has_error or child.is_missing:
                stack.append(child)
    literals = _Literals(root, lines)
    # every case item of the text: the grammar reports the error at the last of several
    found += [r for r in _case_item_commands(data, 0, len(data)) if not literals.hold(r.at)]
    done = 0  # error regions overlap: each line is read once
    for start, end in sorted(lines):
        start = max(start, done)
        if start < end:
            budget = _Budget(end - start)  # what the scans of expansions may read here
            # an `=~`, `==` or `!=` in quoted text is no operator (`jq '.a != null'`): the
            # blank before its word is quoted too (the word itself may start a quote)
            operands = _single_word_operands(data, start, end)
            quoted = _quoted(data, [w[0] - 1 for words in operands for w in words])
            regexes, patterns = (
                [w for w in words if not literals.hold(w[0] - 1) and w[0] - 1 not in quoted]
                for words in operands
            )
            mended = _mended_operands(data, regexes) + _mended_operands(data, patterns, b".")
            regexes += patterns
            found += [repair for repair in mended if not literals.hold(repair.at)]
            found += _nested_arithmetic(root, data, start, end, budget)
            for repair in (
                *_escaped_comparisons(data, start, end),
                *_substring_variables(data, start, end),
                *_default_operators(data, start, end, budget),
                *_pattern_brackets(data, start, end, budget),
                *_pattern_quotes(data, start, end),
                *_default_backquotes(data, start, end, budget),
                *_pattern_slashes(data, start, end),
                *_substring_arithmetic(data, start, end),
                *_substitution_arithmetic(data, start, end),
                *_case_patterns(data, start, end),
                *_test_globs(data, start, end),
                *_base_prefixes(data, start, end),
                *_unread_expansions(data, start, end),
                *_subshell_substitutions(data, start, end, budget),
                *_read_write_redirects(data, start, end),
                *_empty_backticks(data, start, end),
                *_bracket_words(data, start, end),
                *_placeholder_words(data, start, end),
                *_root_operands(data, start, end),
                *_default_brackets(data, start, end),
                *_declared_functions(data, start, end),
            ):
                # no other edit inside a regex word (a `[` after `(` is no command word)
                inside = any(first <= repair.at < last for first, last in regexes)
                if not inside and not literals.hold(repair.at):
                    found.append(repair)
            done = end
    return found


class _Budget:
    """The characters the scans of one line region may read for its expansions' words:
    a few times the region (a word closes soon after it opens). A region of thousands
    of unclosed `${x:-` would else read to its end from each: past the budget, no more
    of them is mended."""

    __slots__ = ("left",)

    def __init__(self, size: int) -> None:
        self.left = 8 * size + 4096

    def spend(self, size: int) -> None:
        """Charge `size` characters read (a scan reads no further than `left`)."""
        self.left -= size


class _Literals:
    """The text the shell reads literally (`'…'`, comments, here-doc bodies) in some
    regions, found in one walk of the tree's nodes there when first asked (a node's
    `parent` walks down from the root again: asked from each of 800 repairs in one wide
    error, it took 2.7 s)."""

    def __init__(self, root: Node, regions: list[tuple[int, int]]) -> None:
        self._root = root
        self._regions: tuple[list[int], list[int]] = ([], [])  # disjoint, in order
        for start, end in sorted(regions):
            if self._regions[1] and start <= self._regions[1][-1]:
                self._regions[1][-1] = max(end, self._regions[1][-1])
            else:
                self._regions[0].append(start)
                self._regions[1].append(end)
        self._starts: list[int] | None = None
        self._ends: list[int] = []

    def hold(self, at: int) -> bool:
        """Whether byte `at`, in one of the regions, is in such text."""
        if self._starts is None:
            self._starts = self._find()
        index = bisect.bisect_right(self._starts, at) - 1
        if index < 0 or at >= self._ends[index]:
            return False
        if at > self._starts[index]:
            return True
        # Its first byte: tree-sitter may give it to a node that ends there (`*'x'`).
        node: Node | None = self._root.descendant_for_byte_range(at, at)
        while node is not None and node.type not in _LITERAL:
            node = node.parent
        return node is not None

    def _find(self) -> list[int]:
        starts: list[int] = []
        cursor = self._root.walk()
        while True:
            node = cursor.node
            inside = node is not None and self._meets(node)
            literal = inside and node is not None and node.type in _LITERAL
            if node is not None and literal:  # the outermost: their spans do not overlap
                starts.append(node.start_byte)
                self._ends.append(node.end_byte)
            if inside and not literal and cursor.goto_first_child():
                continue
            while not cursor.goto_next_sibling():
                if not cursor.goto_parent():
                    return starts

    def _meets(self, node: Node) -> bool:
        """Whether `node` overlaps one of the regions."""
        index = bisect.bisect_left(self._regions[0], node.end_byte) - 1
        return index >= 0 and self._regions[1][index] > node.start_byte


def _double_bracket(node: Node) -> bool:
    return node.type == "test_command" and node.child_count > 0 and node.children[0].type == "[["


def _separator_before_closer(node: Node, data: bytes) -> list[Repair]:
    """`fi done` → `fi;done`: the first blank after a compound command becomes `;`.

    Only when the reserved word closes the construct around the command (the
    grammar also takes a stray `fi` for a command name, which bash rejects).
    """
    match = _pattern(_CLOSER).match(data, node.end_byte)
    if match is None:
        return []
    keyword = match.group(1)
    owner = node.parent
    while owner is not None and owner.type == "ERROR":
        owner = owner.parent
    at = match.end() - len(keyword)
    closer = next((c for c in owner.children if c.start_byte == at), None) if owner else None
    if closer is not None and closer.type in ("else_clause", "elif_clause"):
        closer = closer.children[0]
    if closer is None or closer.type != keyword.decode():
        return []
    blank = _pattern(_BLANK).search(data, node.end_byte, at)
    return [Repair(blank.start(), 1, b";")] if blank else []


def _for_without_in(error: Node, data: bytes) -> list[Repair]:
    """`for i do` → `for i;do` (a `for` without `in` loops over `"$@"`).

    Read from the text after the name: the grammar's recovery puts the `do`
    in the error or makes it the name of the next command, by context.
    """
    found = []
    for keyword, name in itertools.pairwise(error.children):
        if (keyword.type, name.type) == ("for", "variable_name"):
            match = _pattern(_BLANK_DO).match(data, name.end_byte)
            if match is not None:
                found.append(Repair(name.end_byte, 1, b";"))
    return found


def _escaped_comparisons(data: bytes, start: int, end: int) -> list[Repair]:
    """`[ a \\< b ]` → `[ a  < b ]`: the escaped operator becomes the grammar's own.

    Only between a `[` and its `]` on one line (elsewhere `\\<` is a plain word). Each
    line's `[` and `]` are found once, however many operators it holds.
    """
    found = []
    line_end = -1
    opens: list[int] = []
    closes: list[int] = []
    for match in _pattern(_ESCAPED_OPERATOR).finditer(data, start, end):
        if match.start() >= line_end:  # the first on its line
            line_start = data.rfind(b"\n", 0, match.start()) + 1
            line_end = data.find(b"\n", match.end())
            line_end = len(data) if line_end == -1 else line_end
            opens = [m.start() for m in _pattern(_TEST_OPEN).finditer(data, line_start, line_end)]
            closes = [m.start() for m in _pattern(_TEST_CLOSE).finditer(data, line_start, line_end)]
        index = bisect.bisect_left(opens, match.start())
        opening = opens[index - 1] if index else -1
        index = bisect.bisect_left(closes, match.start())
        closing = closes[index - 1] if index else -1
        if opening > closing and index < len(closes):  # and a `]` after it
            found.append(Repair(match.start(), 1, b" "))
    return found


def _substring_variables(data: bytes, start: int, end: int) -> list[Repair]:
    """`${s:$i:1}` → `${s:${i}:1}`: variables in a substring's offset and length in braces
    (and the sign of an offset counted from the end, `${s: -$n}`, a blank); an arithmetic
    expansion there a variable of as many characters (`${a[@]:$i:$((e-i))}`).

    Two insertions each; only where the offset and length hold nothing else
    that nests (quotes, `$(…)`, `${…}`).
    """
    found: list[Repair] = []
    for match in _pattern(_SUBSTRING).finditer(data, start, end):
        close = data.find(b"}", match.end(), end)
        if close == -1:
            continue
        # `$((e-s))` in it: a variable of as many characters (`${____}`), known at run time
        sums = list(_pattern(_ARITHMETIC).finditer(data, match.end(), close))
        blank = _pattern(_ARITHMETIC).sub(lambda m: b"_" * len(m[0]), data[match.end() : close])
        if any(char in blank for char in b"{(\"'`\\"):
            continue
        found += [Repair(m.start(), len(m[0]), b"${" + b"_" * (len(m[0]) - 3) + b"}") for m in sums]
        inside = data[match.end() : close]
        variables = [
            (match.end() + v.start(), match.end() + v.end())
            for v in _pattern(_VARIABLE).finditer(blank)
        ]
        for first, last in variables:
            found.extend((Repair(first + 1, 0, b"{"), Repair(last, 0, b"}")))
        sign = len(inside) - len(inside.lstrip(b" \t"))  # `${s: -$n}`: from the end
        if variables and sign and inside[sign : sign + 1] == b"-":
            found.append(Repair(match.end() + sign, 1, b" "))
    return found


def _substring_arithmetic(data: bytes, start: int, end: int) -> list[Repair]:
    """`${s:i++%10:1}` → `${s:i00010:1}`: arithmetic operators in a substring's offset and
    length, which the grammar rejects, become digits (which character it takes does not
    matter to the analysis); the one before a nested expansion a `+` (`${s:i++%${#s}:1}`
    → `${s:i00+${#s}:1}`)."""
    found: list[Repair] = []
    for match in _pattern(_SUBSTRING).finditer(data, start, end):
        close = _closing_brace(data, match.end(), end)
        inside = data[match.end() : close] if close != -1 else b""
        if not inside or any(char in inside for char in b"(\"'`\\"):
            continue
        nested = _pattern(rb"\$\{[^{}]*\}")  # `${#s}` in it: kept, after a `+`
        plain = nested.sub(lambda m: b"\0" * len(m.group(0)), inside)
        if b"$" in plain or b"{" in plain:
            continue
        for index, char in enumerate(plain):
            if char in b"+%*/" or (char == ord("-") and index and plain[index - 1] != ord(":")):
                text = b"+" if plain[index + 1 : index + 2] == b"\0" else b"0"
                if text[0] != char:  # (a `+` already before a nested one: mended)
                    found.append(Repair(match.end() + index, 1, text))
    return found


def _substitution_arithmetic(data: bytes, start: int, end: int) -> list[Repair]:
    """`"${p//T/$((n / 60)) min}"` → `"${p//T/${________} min}"`: an arithmetic expansion
    in a substitution's pattern or replacement, which the grammar fails on inside double
    quotes, becomes a variable of as many characters (both values are known only at run
    time: the analysis reads the variable's, transformed)."""
    found: list[Repair] = []
    for match in _pattern(_PARAMETER + rb"//?").finditer(data, start, end):
        close = _closing_brace(data, match.end(), end)
        if close == -1:
            continue
        for inner in _pattern(_ARITHMETIC).finditer(data, match.end(), close):
            width = inner.end() - inner.start()
            found.append(Repair(inner.start(), width, b"${" + b"_" * (width - 3) + b"}"))
    return found


# A case item's pattern, from the line's start to its unquoted `)`: words, quoted
# strings and `${…}` expansions, with no blank outside quotes.
_CASE_ITEM = rb"[ \t]*\(?((?:\"[^\"\n]*\"|'[^'\n]*'|\$\{[^{}\n]*\}|[^\s\"'()$;]|\$(?![({]))+)\)"


def _case_patterns(data: bytes, start: int, end: int) -> list[Repair]:
    """A case item's pattern the grammar fails on, mended so bash matches the same or
    more: a double-quoted string with nothing to expand, before or after a bracket
    expression (`*"> "[0-9]"."*`), becomes single-quoted; an expansion that more of the
    word follows (`github.com/${OWNER}/x`) becomes as many `*`, which match what its
    value may be."""
    found: list[Repair] = []
    for match in _pattern(rb"(?m)^" + _CASE_ITEM).finditer(data, start, end):
        first, last = match.span(1)
        for part in _pattern(rb"\"[^\"$`\\'\n]*\"").finditer(data, first, last):
            found += [Repair(part.start(), 1, b"'"), Repair(part.end() - 1, 1, b"'")]
        for part in _pattern(rb"\$\{[^{}\n]*\}").finditer(data, first, last):
            if part.end() < last and data[part.end() : part.end() + 1] != b"|":
                found.append(Repair(part.start(), part.end() - part.start(), b"*" * len(part[0])))
    return found


def _case_item_commands(data: bytes, start: int, end: int) -> list[Repair]:
    """`*)break;;` → `*) break;;`: a case item whose first command, a word or assignment
    alone, follows its `)` with no blank and ends at a `;` (`-q)QUIET=1;shift;;`), which
    the grammar fails on, gets a blank inserted."""
    item = _pattern(rb"(?m)^" + _CASE_ITEM + rb"(?=[A-Za-z_][\w-]*(?:=[^\s;]*)?;)")
    return [Repair(match.end(), 0, b" ") for match in item.finditer(data, start, end)]


def _closing_brace(data: bytes, at: int, end: int) -> int:
    """The `}` that closes a `${` whose text goes on at `at`, over nested `${…}`; -1 if
    none before `end`."""
    depth = 0
    for index in range(at, end):
        char = data[index]
        if char == ord("{") and index and data[index - 1] == ord("$"):
            depth += 1
        elif char == ord("}") and not (index > at and data[index - 1] == ord("\\")):
            if depth == 0:
                return index
            depth -= 1
    return -1


def _test_globs(data: bytes, start: int, end: int) -> list[Repair]:
    """`[[ $f = gp-* || … ]]` → `[[ $f = gp-x || … ]]`: a glob pattern on the right of
    `=`, `==` or `!=` in `[[ ]]`, which the grammar misreads before `||`/`&&`, becomes a
    plain word of the same length."""
    if b"[[" not in data[start:end]:
        return []
    return [
        Repair(match.start(1) + index, 1, b"x")
        for match in _TEST_GLOB.finditer(data, start, end)
        for index, char in enumerate(match.group(1))
        if char in b"*?"
    ]


def _default_operators(data: bytes, start: int, end: int, budget: _Budget) -> list[Repair]:
    """`${X:-(a|b)}` → `${X:-.a.b.}`: in a default word `( ) | ; & < >` are literal.

    Only in default words without quotes or backslashes (whose reading differs
    inside and outside double quotes), but for an escaped `"`, `$`, backquote or
    backslash, a literal character in both (`"${1:?usage: run <dir> \\"<prompt>\\"}"`,
    `"${CMD:-claude -p \\$(cat f)}"`); `.` is as literal and the grammar takes it.
    """
    found: list[Repair] = []
    for match in _pattern(_DEFAULT).finditer(data, start, end):
        found.extend(Repair(at, 1, b".") for at in _literal_operators(data, match.end(), budget))
    return found


def _pattern_brackets(data: bytes, start: int, end: int, budget: _Budget) -> list[Repair]:
    """`${s%]}` → `${s%.}`: brackets in a removal or substitution pattern become `.`.

    Bash reads a `]` with no `[` before it as a literal character, but the grammar
    fails on it (`"${json%]}, $item]"`); which character the pattern matches does
    not matter to the analysis. Only in patterns without quotes.
    """
    found: list[Repair] = []
    for match in _pattern(_REMOVAL).finditer(data, start, end):
        brackets = _literal_chars(data, match.end(), budget, b"[]")
        if any(data[at : at + 1] == b"]" for at in brackets):
            found.extend(Repair(at, 1, b".") for at in brackets)
    return found


def _pattern_quotes(data: bytes, start: int, end: int) -> list[Repair]:
    """`"${2//\\"/}"` → `"${2//../}"`: an escaped double quote in a removal or
    substitution pattern, in the message of `${1:?…}` or in a default word
    (`"${CMD:-claude -p \\"$PROMPT\\"}"`), inside a double-quoted word, which the grammar
    reads as the word's end, becomes two characters (which ones does not matter to the
    analysis: a default keeps its words, its program first)."""
    found: list[Repair] = []
    # patterns, `${1:?usage: …}` messages and default words (`${CMD:-claude -p \"…\"}`)
    operators = (_REMOVAL, _PARAMETER + rb":?\?", _DEFAULT)
    for match in (m for source in operators for m in _pattern(source).finditer(data, start, end)):
        close = data.find(b"}", match.end(), end)
        inside = data[match.end() : close] if close != -1 else b""
        if _pattern(_UNESCAPED_DOLLAR).search(inside) or b"\n" in inside:
            continue
        found += _two_dots(match.end(), inside, b'\\"')
    return found


def _two_dots(at: int, inside: bytes, escape: bytes) -> list[Repair]:
    """Each `escape` (two bytes) in the word `inside`, which starts at `at`, made `..`."""
    found: list[Repair] = []
    index = inside.find(escape)
    while index != -1:
        found.append(Repair(at + index, 2, b".."))
        index = inside.find(escape, index + 2)
    return found


def _default_backquotes(data: bytes, start: int, end: int, budget: _Budget) -> list[Repair]:
    """`"${P:+, agent \\`$P\\`}"` → `"${P:+, agent ..$P..}"`: an escaped backquote in a
    default or alternative word, a literal one to bash, which the grammar fails on around
    an expansion, becomes two characters (which ones does not matter to the analysis: the
    word is text around the expansion)."""
    found: list[Repair] = []
    if data.find(b"\\`", start, end) == -1:
        return found  # (the usual line: no escaped backquote to look for)
    for match in _pattern(_DEFAULT).finditer(data, start, end):
        limit = min(end, match.end() + max(budget.left, 0))
        close = _closing_brace(data, match.end(), limit)
        budget.spend((close if close != -1 else limit) - match.end())
        inside = data[match.end() : close] if close != -1 else b""
        found += _two_dots(match.end(), inside, b"\\`")
    return found


def _pattern_slashes(data: bytes, start: int, end: int) -> list[Repair]:
    """An escaped slash (a backslash before `/`) in a substitution's pattern or replacement
    (`${p//scripts<backslash>/x.py/...}`), a literal `/` to bash, which the grammar fails on
    (also with a `${…}` nested in the replacement), becomes two characters, `..` (which
    ones does not matter to the analysis: the value is the variable's, transformed)."""
    found: list[Repair] = []
    for match in _pattern(_PARAMETER + rb"//?").finditer(data, start, end):
        close = _closing_brace(data, match.end(), end)
        inside = data[match.end() : close] if close != -1 else b""
        found += _two_dots(match.end(), inside, b"\\/")
    return found


def _literal_operators(data: bytes, start: int, budget: _Budget) -> list[int]:
    """Where the default word at `start` holds operator characters, up to its `}`."""
    return _literal_chars(data, start, budget, b"()|;&<>", b"\\")


# A quoted word on one line, by its opening quote.
_QUOTED = {b"'": re.compile(rb"'[^'\n]*'"), b'"': re.compile(rb'"(?:[^"\\\n]|\\.)*"')}


def _literal_chars(
    data: bytes, start: int, budget: _Budget, chars: bytes, stops: bytes = b""
) -> list[int]:
    """Where the word of an expansion at `start` holds any of `chars` outside a nested
    `$(…)`/`${…}`, up to its `}`; none when it holds a quote (but in a nested command),
    a newline or `stops`, or when `budget` is spent before its end."""
    found: list[int] = []
    ended = False  # at the word's `}`
    nested = 0  # depth inside `$(…)` and `${…}`, whose characters are shell's own
    index, limit = start, min(len(data), start + max(budget.left, 0))
    while index < limit:
        char = data[index : index + 1]
        if char == b"\\" and data[index + 1 : index + 2] in (b'"', b"$", b"`", b"\\"):
            index += 2  # `\"`, `\$`: a literal character, inside double quotes and outside alike
            continue
        if nested and char in (b"'", b'"'):  # a quoted word of a nested command: its own
            closing = _QUOTED[char].match(data, index, limit)
            if closing is None:
                break
            index = closing.end()
            continue
        if char in (b"'", b'"', b"`", b"\n") or (char and char in stops):
            break
        if char == b"$" and data[index + 1 : index + 2] in (b"(", b"{"):
            nested += 1
            index += 2
            continue
        if nested and char in (b"(", b"{"):
            nested += 1
        elif nested and char in (b")", b"}"):
            nested -= 1
        elif char == b"}":
            ended = True
            break
        elif not nested and char in chars:
            found.append(index)
        index += 1
    budget.spend(index + 1 - start)
    return found if ended else []


def _misgrouped_pipelines(root: Node) -> list[tuple[int, int]]:
    """The byte spans bash reads as one pipeline where the grammar put an and-or list.

    `a | (b | c || d)` should have been the pipeline `a | b | c`; `(a || b 2>&1) | c`
    should have been the pipeline `b 2>&1 | c`. Spans that do not overlap, in source
    order: one inside another is found again in the mended tree.
    """
    found: list[tuple[int, int]] = []
    stack = [root]
    while stack:
        node = stack.pop()
        span = _misgrouped_span(node) if node.type == "pipeline" else None
        if span is not None and (not found or span[0] >= found[-1][1]):
            found.append(span)
        if span is None:
            stack.extend(reversed(node.children))
    return found


def _misgrouped_span(node: Node) -> tuple[int, int] | None:
    stages = [c for c in node.named_children if c.type != "comment"]
    if stages and stages[-1].type == "list":
        first = stages[-1]
        while first.type == "list" and first.named_children:
            first = first.named_children[0]
        return node.start_byte, first.end_byte
    head = stages[0] if stages else None
    body = head.child_by_field_name("body") if head is not None else None
    if (
        head is not None
        and head.type == "redirected_statement"
        and body is not None
        and body.type == "list"
        and not _heredoc_around(node)
    ):
        return body.named_children[-1].start_byte, node.end_byte
    return None


def _heredoc_around(pipeline: Node) -> bool:
    """Whether the grammar hung a here-doc of the pipeline's last stage around it.

    Braces cannot close before the here-doc's body, and the grammar does not
    read a here-doc started inside braces on one line, so such a pipeline stays.
    """
    parent = pipeline.parent
    return (
        parent is not None
        and parent.type == "redirected_statement"
        and any(c.type == "heredoc_redirect" for c in parent.children)
    )


def _coproc_repairs(root: Node, data: bytes) -> list[Repair]:
    """`coproc NAME { …; }` → `coproc NAME;{ …; }&`, `coproc CMD` → `coproc;CMD&`.

    The grammar has no `coproc`: it reads the keyword, the name and the body's first
    command as one command. bash runs the body as a background job (`$!`,
    `NAME_PID`, default `COPROC_PID`); with the blank before the body made a `;` and
    a `&` after it, the tree holds a command `coproc [NAME]` (which the model reads
    as the job's name) followed by that job. One step at a time: the `;` first, the
    `&` once the body's statement is known.
    """
    stack = [root]
    while stack:
        node = stack.pop()
        name = node.child_by_field_name("name") if node.type == "command" else None
        if name is not None and data[name.start_byte : name.end_byte] == b"coproc":
            body = _coproc_body(node, data)
            if body is not None and body.type == ";":  # `coproc NAME;{ …; };` → `…; }&`
                return [Repair(body.start_byte, 1, b"&")]
            if body is not None and body.type != "&":
                return [Repair(body.end_byte, 0, b"&")]
            match = _pattern(_COPROC).match(data, node.start_byte)
            if body is None and match is not None and match.end() < node.end_byte:
                blank = match.end() - 1  # the blank before the body
                return [Repair(blank, 1, b";")]
        stack.extend(reversed(node.children))
    return []


def _coproc_body(keyword: Node, data: bytes) -> Node | None:
    """The statement after a mended `coproc [NAME];`, or the `&` after it once it is in
    the background; None when `keyword` is not a mended `coproc` yet."""
    separator = keyword.next_sibling
    body = separator.next_sibling if separator is not None else None
    if separator is None or separator.type != ";" or body is None or not body.is_named:
        return None
    if separator.start_byte != keyword.end_byte or separator.end_byte != body.start_byte:
        return None  # only `coproc;BODY`, as the repair writes it
    words = len(keyword.named_children) - 1
    compound = data[body.start_byte : body.start_byte + 1] in (b"{", b"(")
    if words > 1 or (words == 1 and not compound):
        return None
    after = body.next_sibling
    if after is not None and after.type in ("&", ";"):
        return after
    if after is not None and after.type in ("&&", "||", "|"):
        return None
    return body


def _compound_herestring(error: Node, data: bytes) -> list[Repair]:
    """`{ read -r a; } <<< "$x"` → `{ read -r a; }   < "$x"`: a here-string on a group
    or a subshell, which the grammar reads as an error before an input redirect (on `if`
    and loops it reads it right); the redirect the grammar keeps feeds the same word."""
    statement = error.parent
    if (
        statement is None
        or statement.type != "redirected_statement"
        or error.end_byte - error.start_byte != 2
        or data[error.start_byte : error.end_byte] != b"<<"
        or data[error.end_byte : error.end_byte + 1] != b"<"
    ):
        return []
    return [Repair(error.start_byte, 2, b"  ")]


_OPERATORS = (b"&&", b"|")  # (`|` starts `||` too)


def _redirected_assignment(gap: Node) -> list[Repair]:
    """`X=$(a) 2>/dev/null` → `{ X=$(a); } 2>/dev/null`: assignments with redirects and no
    command, valid bash (the status is the last substitution's), which the grammar reads
    as a command missing its name (`gap`), or, with an operator after them (`|| true`), as
    one that has an error there. Braces keep the assignment in the current shell."""
    if gap.type == "ERROR":
        name, command = None, gap.parent
        parts = (
            [c for c in command.named_children if c.end_byte <= gap.start_byte] if command else []
        )
    else:
        name = gap.parent
        command = name.parent if name is not None and name.type == "command_name" else None
        parts = command.named_children if command is not None else []
    if command is None or command.type != "command":
        return []
    parts = [c for c in parts if name is None or c.id != name.id]
    redirects = [c for c in parts if c.type in ("file_redirect", "herestring_redirect")]
    assignments = [c for c in parts if c.type == "variable_assignment"]
    if not redirects or not assignments or len(redirects) + len(assignments) != len(parts):
        return []
    if assignments[-1].end_byte > redirects[0].start_byte:
        return []
    return [
        Repair(command.start_byte, 0, b"{ "),
        Repair(assignments[-1].end_byte, 0, b"; }"),
    ]


def _declared_functions(data: bytes, start: int, end: int) -> list[Repair]:
    """`export -f foo::bar` read with `foo__bar` (same length): a name, as bash reads it."""
    return [
        Repair(match.start(2) + offset, 1, b"_")
        for match in _pattern(_DECLARED_FUNCTIONS).finditer(data, start, end)
        for offset, byte in enumerate(match.group(2))
        if byte == ord(":")
    ]


def _base_prefixes(data: bytes, start: int, end: int) -> list[Repair]:
    """`$((10#$n))` → `$((   $n))`, `$((0x$h))` → `$((  $h))`: the base is blanked (the
    value stays the variable's)."""
    return [
        Repair(m.start(), m.end() - m.start(), b" " * (m.end() - m.start()))
        for m in _pattern(_BASE_PREFIX).finditer(data, start, end)
    ]


def _unread_expansions(data: bytes, start: int, end: int) -> list[Repair]:
    """`${(%):-%x}` (zsh's flags, in a branch bash never runs) and `${#a[@]:-0}` (a
    length with an operator after it): valid words to bash, which fails on them only if
    it runs them, and errors to the grammar: read as a variable of the same length
    (`${_________}`), whose value is not known."""
    return [
        Repair(m.start() + 2, m.end() - m.start() - 3, b"_" * (m.end() - m.start() - 3))
        for m in _pattern(_UNREAD_EXPANSION).finditer(data, start, end)
    ]


def _subshell_substitutions(data: bytes, start: int, end: int, budget: _Budget) -> list[Repair]:
    """`$((cd d && make) 2>&1)` → `$( (cd d && make) 2>&1)`: a command substitution whose
    command is a subshell, which bash tells from arithmetic by the inner `)` not being
    followed by the outer one; the grammar reads arithmetic. A blank goes between."""
    found: list[Repair] = []
    at = data.find(b"$((", start, end)
    while at != -1:
        depth, index, quote = 0, at + 1, 0
        limit = min(end, index + max(budget.left, 0))
        while index < limit:
            char = data[index]
            if quote:  # inside quotes, parentheses do not count
                escaped = quote == ord('"') and data[index - 1] == ord("\\")
                if char == quote and not escaped:  # (single quotes know no escapes)
                    quote = 0
            elif char in b"\"'":
                quote = char
            elif char == ord("("):
                depth += 1
            elif char == ord(")"):
                depth -= 1
                if depth == 1:  # the inner `(`'s match: arithmetic closes with `))`
                    if data[index + 1 : index + 2] != b")":
                        found.append(Repair(at + 2, 0, b" "))
                    break
            index += 1
        budget.spend(index - at)
        at = data.find(b"$((", at + 3, end)
    return found


def _read_write_redirects(data: bytes, start: int, end: int) -> list[Repair]:
    """`exec 3<>"/dev/tcp/$h/$p"` → `exec 3< "/dev/tcp/$h/$p"`: opened for reading only
    (what it reads and writes is the same file)."""
    return [Repair(m.start(), 2, b"< ") for m in _pattern(_READ_WRITE).finditer(data, start, end)]


def _empty_backticks(data: bytes, start: int, end: int) -> list[Repair]:
    """`"a``b"` → `"a""b"`: an empty command substitution, which the grammar does not
    read, expands to nothing, as an empty pair of quotes does (outside quotes too).
    Backticks pair up in order: in `"```text```"` an empty one comes first, then one
    that runs `text`, then another empty one; an escaped backtick, or one in single
    quotes, is a literal."""
    found: list[Repair] = []
    if data.find(b"``", start, end) < 0:
        return found  # no two backticks side by side: no empty substitution
    opened: int | None = None
    quote = 0  # the quote character the text is in (0: none)
    at = start
    while at < end:
        char = data[at]
        if char == 0x5C and quote != 0x27:  # a backslash escapes the next character
            at += 2
            continue
        if char in (0x27, 0x22) and opened is None and quote in (0, char):
            quote = 0 if quote else char  # `'` or `"` opens or closes
        elif char == 0x60 and quote != 0x27:
            if opened is None:
                opened = at
            else:
                if at == opened + 1:
                    found.append(Repair(opened, 2, b'""'))
                opened = None
        at += 1
    return found


def _single_word_operands(
    data: bytes, start: int, end: int
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Where the regex words after `=~` are, with the pattern words after `==` or `!=` that
    hold an escaped blank (`git\\ add*' && '*`); and apart, the pattern words with an
    expansion the grammar fails on (`feat\\ \\[${id}\\]*`, `fix-${id}-done`). Each up to the first
    blank outside quotes and parentheses that no backslash escapes (as bash's `[[` reads
    it)."""
    words = _operand_words(data, start, end, _REGEX_OPERATOR)
    patterns = _operand_words(data, start, end, _PATTERN_OPERATOR)
    blanks = [(a, b) for a, b in patterns if b"\\ " in data[a:b] or b"\\\t" in data[a:b]]
    misread = _pattern(_MISREAD_PATTERN)
    expanded = [(a, b) for a, b in patterns if b"$" in data[a:b] and misread.search(data, a, b)]
    return words + [w for w in blanks if w not in expanded], expanded


def _quoted(data: bytes, positions: list[int]) -> set[int]:
    """Which of `positions` lie in a quoted string that opens on their line (`"a != b"`,
    `'x'`), as bash reads quotes and backslashes from a line's start: one pass over the
    text from the first position's line to the last position."""
    found: set[int] = set()
    if not positions:
        return found
    ordered = sorted(positions)
    quote, index = b"", data.rfind(b"\n", 0, ordered[0]) + 1
    for at in ordered:
        while index < at:
            char = data[index : index + 1]
            if char == b"\n":
                quote = b""
            elif char == b"\\" and quote != b"'":
                index += 1
            elif quote:
                quote = b"" if char == quote else quote
            elif char in (b"'", b'"'):
                quote = char
            index += 1
        if quote and index == at:
            found.add(at)
    return found


def _operand_words(data: bytes, start: int, end: int, operators: bytes) -> list[tuple[int, int]]:
    """The words after each of `operators` in the text from `start` to `end`."""
    words: list[tuple[int, int]] = []
    for operator in _pattern(operators).finditer(data, start, end):
        depth, quote, index = 0, b"", operator.end()
        while index < end:
            char = data[index : index + 1]
            if char == b"\\" and quote != b"'":
                index += 2
                continue
            if quote:
                quote = b"" if char == quote else quote
            elif char in (b"'", b'"'):
                quote = char
            elif char == b"(":
                depth += 1
            elif char == b")" and depth:
                depth -= 1
            elif char in b" \t\n" and not depth:
                break
            index += 1
        if index > operator.end():
            words.append((operator.end(), min(index, end)))
    return words


def _mended_operands(
    data: bytes, words: list[tuple[int, int]], filler: bytes = b"x"
) -> list[Repair]:
    """`[[ $o =~ "in "([0-9]+)" min" ]]` → `[[ $o =~ xinxxxxx0x9xxxxxxminx ]]`.

    Bash reads the word after `=~` as one regex: quotes, parentheses (and the blanks in
    them), `|`, `<`, `>` and backslashes are all part of it, which the grammar reads as
    words, groups and redirects. Each character but a word character or an expansion
    becomes `x`: the same length, one plain word, and the variables it reads stay. In a
    pattern word every character but an expansion becomes `filler` (`.`: the grammar
    fails on a word character after a `${…}` there).
    """
    repairs: list[Repair] = []
    kept_source = _REGEX_KEPT if filler == b"x" else _EXPANSION
    for first, last in words:
        kept = [m.span() for m in _pattern(kept_source).finditer(data, first, last)]
        stays = {at for start, end in kept for at in range(start, end)}
        repairs += [Repair(at, 1, filler) for at in range(first, last) if at not in stays]
    return repairs


def _bracket_words(data: bytes, start: int, end: int) -> list[Repair]:
    """`$([\\d.]+)` → `$(_\\d.]+)`: a command word that starts with `[` and no blank is
    a glob to bash (the test command is `[` alone); the grammar opens a test there."""
    return [Repair(m.start(1), 1, b"_") for m in _pattern(_BRACKET_WORD).finditer(data, start, end)]


def _placeholder_words(data: bytes, start: int, end: int) -> list[Repair]:
    """`{{CHOWN_CODEX}}` → `_{CHOWN_CODEX}}`: a command word that starts with `{{`, a
    template's placeholder, is a word to bash; the grammar opens a group there."""
    words = _pattern(_PLACEHOLDER_WORD).finditer(data, start, end)
    return [Repair(m.start(1), 1, b"_") for m in words]


def _root_operands(data: bytes, start: int, end: int) -> list[Repair]:
    """`[ -w / ]` → `[ -w . ]`: the root directory as a test's last operand, which the
    grammar reads as a division in a list or in `[[ ]]`, becomes another path word."""
    return [Repair(m.start(), 1, b".") for m in _pattern(_ROOT_OPERAND).finditer(data, start, end)]


def _default_brackets(data: bytes, start: int, end: int) -> list[Repair]:
    """`"${A:-["x"]}"` → `"${A:-."x"]}"`: a `[` before a quote in a default word, a
    literal character to bash, becomes `.` (the word's characters do not matter to the
    analysis)."""
    brackets = _pattern(_DEFAULT_BRACKET).finditer(data, start, end)
    return [Repair(m.start(1), 1, b".") for m in brackets]


def _nested_arithmetic(
    root: Node, data: bytes, start: int, end: int, budget: _Budget
) -> list[Repair]:
    """`$(( (b - a) * 1000 ))` in a here-document → `${____…}`: an arithmetic expansion
    with a parenthesised group in it (`$(( k * 100 / (d + k) ))`), which the grammar
    reads as a command substitution there, becomes a variable of as many characters
    (its value is known only at run time either way)."""
    found: list[Repair] = []
    for match in _pattern(rb"\$\(\(").finditer(data, start, end):
        node = root.descendant_for_byte_range(match.start(), match.start() + 2)
        if node is None or node.parent is None or node.parent.type != "command_substitution":
            continue
        limit = min(end, match.start() + max(budget.left, 0))
        close = _arithmetic_end(data, match.start() + 1, limit)
        budget.spend((close if close > 0 else limit) - match.start())
        if close > 0:
            width = close - match.start()
            found.append(Repair(match.start(), width, b"${" + b"_" * (width - 3) + b"}"))
    return found


def _arithmetic_end(data: bytes, at: int, limit: int) -> int:
    """The end of the `$((…))` whose first `(` is at `at`, when its parentheses pair up
    as arithmetic's (the second `(` closes right before the first); -1 else."""
    depth = 0
    for index in range(at, limit):
        char = data[index]
        if char == ord("("):
            depth += 1
        elif char == ord(")"):
            depth -= 1
            if depth == 1:
                return index + 2 if data[index + 1 : index + 2] == b")" else -1
        elif char in b"\"'`\n":
            return -1
    return -1
