"""Static values of shell words: what a word is before the script runs, if knowable.

A word whose value depends on the run (an unknown variable, most command
substitutions) evaluates to None: an opaque word. Variables assigned a
literal, an array literal or `$(command -v NAME)` are known, and so are a
function's positional parameters where a call binds them (`"$@"`, `$1`,
`"${@:2}"`, after `shift`): the words of that call, unknown ones empty. A value larger than
`MAX_VALUE_SIZE` is opaque too: `X="$X$X"` repeated must not fill memory. So is a value
built past the file's value budget (`auditor.value_budget`): many distinct values under
the cap must not either; `kept` charges each value the model builds.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Mapping, MutableMapping, Sequence
from typing import TypeVar

from auditor.shell.arrays import element_at
from auditor.shell.parse import Node
from auditor.unit import OPAQUE_WORD, named_file
from auditor.value_budget import afford

# A variable's value: a scalar, or the elements of an array.
Value = str | tuple[str, ...]
Env = Mapping[str, Value]
V = TypeVar("V", bound=Value)

# Characters (and array elements) one value may hold; larger is opaque (None). No command
# line runaudit reads is near it; doubling a variable reaches it in 17 steps, not 2 GB.
MAX_VALUE_SIZE = 128 * 1024


class Overlay(MutableMapping[str, Value]):
    """Variables as a branch or a subshell changes them, over those it started with,
    which it leaves alone: a copy that costs what it changes, not what it holds."""

    def __init__(self, base: Mapping[str, Value]) -> None:
        self.base = base
        self.changes: dict[str, Value] = {}
        self.removed: set[str] = set()

    def __getitem__(self, key: str) -> Value:
        if key in self.changes:
            return self.changes[key]
        if key in self.removed:
            raise KeyError(key)
        return self.base[key]

    def __setitem__(self, key: str, value: Value) -> None:
        self.changes[key] = value
        self.removed.discard(key)

    def __delitem__(self, key: str) -> None:
        if key not in self:
            raise KeyError(key)
        self.changes.pop(key, None)
        self.removed.add(key)

    def __iter__(self) -> Iterator[str]:
        yield from self.changes
        yield from (k for k in self.base if k not in self.changes and k not in self.removed)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def unset(self, key: str) -> None:
        """Unset a variable, without reading what it held."""
        self.changes.pop(key, None)
        self.removed.add(key)

    def touched(self) -> set[str]:
        """The variables it set or unset."""
        return set(self.changes) | self.removed


# `${NAME:-default}`, `${NAME-default}`; the last two also assign it.
_DEFAULTS = frozenset({":-", "-", ":=", "="})
_ASSIGNING_DEFAULTS = frozenset({":=", "="})
# a lookup of a program, its messages sent away or not (`command -v claude 2>/dev/null`;
# not its output: `command -v claude >/dev/null` prints nothing)
_LOOKUP_COMMANDS = re.compile(
    r"^\s*(?:command\s+-v|which|type\s+-P)\s+([\w./-]+)(?:\s+2>>?\s*&?[\w/.-]+)*\s*$"
)
# A backslash escape: in a bare word before any character, in double quotes only before
# `$`, a backquote, `"`, a backslash or a newline (before any other it is kept); a
# backslash-newline is removed, any other escape stands for its character.
_BARE_ESCAPE = re.compile(r"\\(.)", re.S)
_QUOTED_ESCAPE = re.compile(r"\\([$`\"\\\n])")
_HEREDOC_ESCAPE = re.compile(r"\\([$`\\\n])")
_NO_OUTPUT = frozenset({"true", ":"})  # a fallback that prints nothing


POSITIONAL = "@"  # where a call's arguments are kept in an environment
NUMBERED = tuple(str(n) for n in range(1, 10))  # `$1`…`$9`


def kept(value: V) -> V | None:
    """A value the model has just built (not one it read), charged to the file's value
    budget; None (opaque) past it. An array is charged for its slots: its elements are
    charged where they are built."""
    return value if afford(sys.getsizeof(value)) else None


def bind_positional(env: MutableMapping[str, Value], arguments: tuple[str | None, ...]) -> None:
    """Set `$@` and `$1`…`$9` to a call's words (an unknown word is kept empty; past the
    value budget, all of them are unknown)."""
    words = kept(tuple(word or "" for word in arguments))
    if words is None:
        shift_positional(env, None)
        return
    env[POSITIONAL] = words
    for index, name in enumerate(NUMBERED):
        if index < len(words):
            env[name] = words[index]
        else:
            env.pop(name, None)


def set_positional(env: MutableMapping[str, Value], arguments: Sequence[str | None]) -> None:
    """`set -- WORDS` (also `set -e -- WORDS`): `$@` and `$1`… become the words after
    the `--` (the form without `--`, `set a b`, is not read: they stay as they were)."""
    if "--" in arguments:
        bind_positional(env, tuple(arguments[arguments.index("--") + 1 :]))


def shift_positional(env: MutableMapping[str, Value], count: int | None) -> None:
    """`shift N`: drop the first N positional parameters (all unknown for an unknown N)."""
    words = env.get(POSITIONAL)
    if count is None:
        for name in (POSITIONAL, *NUMBERED):
            env.pop(name, None)
    elif isinstance(words, tuple):
        bind_positional(env, words[count:])


def _positional(node: Node, env: Env) -> list[str | None] | None:
    """The words of `"$@"`, `$*`, `"${@:N}"` where a call bound them; None for other words."""
    if node.type == "string" and len(node.named_children) == 1:
        node = node.named_children[0]
    if node.type not in ("simple_expansion", "expansion"):
        return None
    children = node.named_children
    if not children or children[0].type != "special_variable_name":
        return None
    if _text(children[0]) not in ("@", "*"):
        return None
    words = env.get(POSITIONAL)
    if not isinstance(words, tuple):
        return [None]
    offset = 1
    if len(children) == 2 and children[1].type == "number" and _text(children[1]).isdigit():
        offset = int(_text(children[1])[:4])
    elif len(children) > 1:
        return [None]
    return [word or None for word in words[max(offset - 1, 0) :]]


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


def _scalar(value: Value | None) -> str | None:
    if isinstance(value, tuple):
        return value[0] if value else ""
    return value


def _expansion(node: Node, env: Env, unknown: str | None = None) -> str | None:
    """`${NAME}`, `${NAME:-default}`, `${NAME[key]}`, `${NAME[@]}` (first element, as for
    a key known only at run time)."""
    name_node = node.child_by_field_name("name") if node.type != "subscript" else None
    subscript = next((c for c in node.named_children if c.type == "subscript"), None)
    if subscript is not None:
        name_node = subscript.child_by_field_name("name")
    if name_node is None:
        name_node = next((c for c in node.named_children if c.type == "variable_name"), None)
    if name_node is None:
        return None
    value = env.get(_text(name_node))
    if value is None:
        # `${AGENT:-gptme}`: the default is the value when the variable is unknown.
        default = _default(node)
        if default is not None:
            if _text(name_node) + SET_SUFFIX in env:
                return unknown  # `rc=$?` earlier: the default may not apply
            return evaluate(default[1], env, unknown)
        plain = subscript is None and _text(node) == "${" + _text(name_node) + "}"
        return _spelled(_text(name_node), env, unknown) if plain and unknown else None
    index = subscript.child_by_field_name("index") if subscript is not None else None
    found = _scalar(value)
    if isinstance(value, tuple) and index is not None and index.type in ("word", "number"):
        keys = env.get(_text(name_node) + KEYS_SUFFIX)
        at = element_at(value, keys if isinstance(keys, tuple) else None, _text(index))
        found = at if at is not None else found
    default = _default(node) if found == "" and applies_when_empty(node) else None
    if default is not None:  # `X=""`, then `${X:-claude}` (or an empty element of it)
        return evaluate(default[1], env, unknown)
    return found


def spelling(env: Mapping[str, Value], name: str) -> str | None:
    """A variable of unknown value as far as it is known, its unknown parts spelled
    `OPAQUE_WORD` (its spelling, else its program path), as one of the values it may hold
    beside others (`auditor.shell.arm_values`)."""
    return _spelled(name, env, OPAQUE_WORD)


def _spelled(name: str, env: Mapping[str, Value], unknown: str) -> str | None:
    """What a variable of unknown value holds as far as it is known, its unknown parts
    spelled `unknown` (`cmd="opencode run -- \"$PROMPT\""`, for `eval "$cmd"`; a program
    path, `$HOME/.local/bin/claude`)."""
    spelled = env.get(name + SPELLED_SUFFIX)
    if not isinstance(spelled, str):
        spelled = env.get(name + PATH_SUFFIX)  # a program path: its file name known
    return spelled.replace(OPAQUE_WORD, unknown) if isinstance(spelled, str) else None


def _default(node: Node) -> tuple[str, Node] | None:
    """The operator and default word of `${NAME:-word}` (`-`, `:=`, `=` too)."""
    operator = next((c for c in node.children if not c.is_named and _text(c) in _DEFAULTS), None)
    if operator is None:
        return None
    rest = [c for c in node.named_children if c.start_byte >= operator.end_byte]
    return (_text(operator), rest[0]) if len(rest) == 1 else None


def applies_when_empty(node: Node) -> bool:
    """Whether an expansion's default also applies to a variable set to the empty string
    (`${NAME:-word}`, `${NAME:=word}`; not `${NAME-word}`)."""
    default = _default(node) if node.type == "expansion" else None
    return default is not None and default[0].startswith(":")


def assign_default(node: Node, env: MutableMapping[str, Value]) -> None:
    """Apply the assignment of an `${NAME:=word}` (or `${NAME=word}`) expansion to env."""
    if node.type != "expansion":
        return
    name = next((c for c in node.named_children if c.type == "variable_name"), None)
    default = _default(node)
    if name is None or default is None or default[0] not in _ASSIGNING_DEFAULTS:
        return
    held = env.get(_text(name))
    if held is None or (_scalar(held) == "" and default[0].startswith(":")):
        value = evaluate(default[1], env)
        if value is not None:
            env[_text(name)] = value


def output_key(function: str) -> str:
    """The key under which the variables keep what a function of the script prints (no
    variable name holds parentheses)."""
    return f"{function}()"


def is_output_key(key: str) -> bool:
    """Whether a key of the variables holds a function's output (`output_key`)."""
    return key.endswith("()")


def _substitution(node: Node, env: Env) -> str | None:
    """`$(command -v gptme)` and `$(which gptme)` evaluate to the looked-up name, and
    `$(find_agent)` to the word the script's function prints, when it is known."""
    inner = _text(node)
    inner = inner[2:-1] if inner.startswith("$(") else inner.strip("`")
    # a chain of fallbacks shows its first (`command -v timeout || command -v gtimeout || true`)
    parts = inner.split("||")
    first = _LOOKUP_COMMANDS.match(parts[0])
    if first and all(_LOOKUP_COMMANDS.match(p) or p.strip() in _NO_OUTPUT for p in parts):
        return first.group(1)
    called = inner.strip().split(" ", 1)[0]
    return _scalar(env.get(output_key(called))) if called else None


def evaluate(node: Node, env: Env, unknown: str | None = None) -> str | None:
    """The static value of a word node, or None when it depends on the run (with
    `unknown` given, a quoted or joined word has its unknown parts spelled so)."""
    kind = node.type
    if kind in ("word", "number", "command_name"):
        if kind == "command_name":
            return evaluate(node.named_children[0], env) if node.named_children else None
        return unescape(_text(node), quoted=False)
    if kind == "raw_string":
        return _text(node)[1:-1]
    if kind == "ansi_c_string":
        return _text(node)[2:-1]
    if kind == "simple_expansion":
        name = next((c for c in node.named_children), None)
        if name is None:
            return None
        value = _scalar(env.get(_text(name)))
        return (
            value if value is not None or unknown is None else _spelled(_text(name), env, unknown)
        )
    if kind == "expansion":
        return _expansion(node, env, unknown)
    if kind == "command_substitution":
        return _substitution(node, env)
    if kind in ("string", "concatenation", "translated_string"):
        parts: list[str] = []
        size = 0
        whole = node.text or b""
        for child in string_children(node):
            if isinstance(child, tuple):  # text of the string no child holds
                gap = whole[child[0] - node.start_byte : child[1] - node.start_byte]
                parts.append(unescape(gap.decode("utf-8", "replace"), quoted=True))
                size += len(gap)
                continue
            if child.type == '"':
                continue
            if child.type == "string_content" or not child.is_named:
                content = child.type == "string_content"
                parts.append(unescape(_text(child), quoted=True) if content else "")
                continue
            value = evaluate(child, env, unknown)
            if value is None:
                value = unknown
            size += len(value) if value is not None else 0
            if value is None or size > MAX_VALUE_SIZE:
                return None
            parts.append(value)
        return "".join(parts) if len(parts) < 2 else kept("".join(parts))
    return None


def string_children(node: Node) -> Iterator[Node | tuple[int, int]]:
    """A word's children in order and, in a quoted string, the byte ranges between them
    that the grammar gives to no child (its newlines)."""
    covered = node.start_byte
    for child in node.children:
        if node.type != "concatenation" and child.start_byte > covered:
            yield covered, child.start_byte
        covered = max(covered, child.end_byte)
        yield child


def unescape(text: str, *, quoted: bool) -> str:
    """The text a shell word's text stands for once its backslash escapes are undone: in
    a bare word, or (`quoted`) a double-quoted string's content."""
    if "\\" not in text:
        return text
    return (_QUOTED_ESCAPE if quoted else _BARE_ESCAPE).sub(_escaped_char, text)


def unescaped(text: str, *, quoted: bool, heredoc: bool = False) -> list[tuple[int, str]]:
    """The characters of `unescape`, each with its index in `text` (`heredoc`: as the body
    of a here-document with an unquoted delimiter, where `\\"` stays as written)."""
    kept: list[tuple[int, str]] = []
    last = 0
    pattern = _HEREDOC_ESCAPE if heredoc else _QUOTED_ESCAPE if quoted else _BARE_ESCAPE
    for escape in pattern.finditer(text):
        kept.extend((index, text[index]) for index in range(last, escape.start()))
        if escape.group(1) != "\n":
            kept.append((escape.start(1), escape.group(1)))
        last = escape.end()
    kept.extend((index, text[index]) for index in range(last, len(text)))
    return kept


def _escaped_char(escape: re.Match[str]) -> str:
    return "" if escape.group(1) == "\n" else escape.group(1)


def _array_name(node: Node) -> str | None:
    """NAME when the word is exactly `"${NAME[@]}"` or `${NAME[*]}`."""
    if node.type == "string" and len(node.named_children) == 1:
        node = node.named_children[0]
    if node.type != "expansion":
        return None
    subscript = next((c for c in node.named_children if c.type == "subscript"), None)
    if subscript is None or len(node.named_children) != 1:
        return None
    index = subscript.child_by_field_name("index")
    name = subscript.child_by_field_name("name")
    if index is None or name is None or _text(index) not in ("@", "*"):
        return None
    return _text(name)


def expand_argument(node: Node, env: Env) -> list[str | None]:
    """The words one argument becomes: arrays spread, unquoted scalars split (one unknown
    word past the value budget)."""
    words = _expanded(node, env)
    return words if len(words) < 2 or afford(sys.getsizeof(words)) else [None]


def _expanded(node: Node, env: Env) -> list[str | None]:
    positional = _positional(node, env)
    if positional is not None:
        return positional
    array = _array_name(node)
    if array is not None:
        value = env.get(array)
        if isinstance(value, tuple):
            return list(value)
        return [_scalar(value)]
    if node.type == "simple_expansion" or (node.type == "expansion" and node.parent is not None):
        value = evaluate(node, env)
        if node.parent is None or node.parent.type == "string":
            return [value]
        # unquoted, it splits; a value known only in part splits as far as it is known
        text = value if value is not None else _spelled_plain(node, env)
        words = text.split() if text is not None else []
        if (value is None and not words) or (
            len(words) > 1 and not afford(sum(sys.getsizeof(word) for word in words))
        ):
            return [None]
        # empty: no word at all; a word known in part: a program path, or unknown
        return [w if OPAQUE_WORD not in w or named_file(w) else None for w in words]
    return [evaluate(node, env)]


# A variable's key in env for a path whose folder depends on the run but whose file name
# does not (`$HOME/.claude/local/claude`): never a shell name, so never read as one.
PATH_SUFFIX = "\0path"
# ... and for a value known only in part (`"opencode run -- \"$PROMPT\""`), as far as it is
# known, its unknown parts spelled `OPAQUE_WORD`: the command a string holds, for `eval`
SPELLED_SUFFIX = "\0spelled"
# ... and for an array's keys, where it names them (`auditor.shell.arrays`)
KEYS_SUFFIX = "\0keys"
# ... and for the values a variable may hold other than the one it is shown with, one
# per path that gives it one (see `variants`)
ALTERNATIVES_SUFFIX = "\0alternatives"
# ... and for a variable set to a value of any kind known only at run time (`rc=$?`): it
# is set, so `${rc:-0}` is that unknown value, not the default
SET_SUFFIX = "\0set"


def _spelled_plain(node: Node, env: Env) -> str | None:
    """What a plain `$NAME` of unknown value holds as far as it is known (`CMD="$BIN -p"`,
    `BIN` set to `$HOME/.local/bin/claude`), its unknown parts spelled `OPAQUE_WORD`."""
    name = _plain_name(node)
    return _spelled(name, env, OPAQUE_WORD) if name is not None else None


def _plain_name(node: Node) -> str | None:
    """The variable a `$NAME` or `${NAME}` expansion reads, whole."""
    name = node.named_children[0] if node.named_children else None
    plain = name is not None and _text(node) in ("$" + _text(name), "${" + _text(name) + "}")
    return _text(name) if plain and name is not None else None


def expanded_name(node: Node) -> str | None:
    """The variable a word is, whole: `$NAME`, `${NAME}`, `"$NAME"` (its value is the word)."""
    inner = node.named_children[0] if node.type == "string" and node.named_children else node
    alone = node.type != "string" or len(node.named_children) == 1
    if not alone or inner.type not in ("simple_expansion", "expansion"):
        return None
    return _plain_name(inner)


def program_path(node: Node, env: Env) -> str | None:
    """A program path whose folder depends on the run but whose file name does not:
    `"$HOME/.claude/local/claude"`, or `"$CLAUDE"` set to one (`${CLAUDE:-$HOME/…}`),
    spelled with `OPAQUE_WORD` for the unknown part, so the program's name is known.
    None for a word that is known whole, or whose file name is not."""
    alone = node.type != "string" or len(node.named_children) == 1
    inner = node.named_children[0] if node.type == "string" and node.named_children else node
    if alone and inner.type in ("simple_expansion", "expansion") and inner.named_children:
        kept_path = env.get(_text(inner.named_children[0]) + PATH_SUFFIX)
        if isinstance(kept_path, str):
            return kept_path
    spelled = evaluate(node, env, OPAQUE_WORD)
    return spelled if spelled is not None and is_program_path(spelled) else None


def is_program_path(spelled: str) -> bool:
    """Whether a word spelled with `OPAQUE_WORD` for its unknown parts is a path whose
    folder alone depends on the run (`program_path`)."""
    return "/" in spelled and OPAQUE_WORD in spelled and named_file(spelled)
