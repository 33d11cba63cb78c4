"""What assignments do to the shell model's variables.

`NAME=VALUE`, `NAME+=VALUE`, `NAME=(…)` with or without keys, `NAME[key]=VALUE`: the
value is known (`words.evaluate`) or the variable becomes unknown, keeping what is known
of it (its file name, its text around the unknown parts). A variable also keeps the
values it holds on other paths (`ALTERNATIVES_SUFFIX`): the values of another arm of an
`if` or `case`, every element of an array read at a key known only at run time.
`variants` shows a command's words with each of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, MutableMapping

from auditor.shell.arrays import (
    appended_index,
    implicit_keys,
    index_of,
    keyed_element,
    with_element,
)
from auditor.shell.parse import Node, loop_words
from auditor.shell.words import (
    ALTERNATIVES_SUFFIX,
    KEYS_SUFFIX,
    MAX_VALUE_SIZE,
    PATH_SUFFIX,
    SET_SUFFIX,
    SPELLED_SUFFIX,
    Env,
    Overlay,
    Value,
    applies_when_empty,
    evaluate,
    expand_argument,
    is_program_path,
    kept,
    output_key,
    program_path,
)
from auditor.unit import OPAQUE_WORD

_VARIABLE = re.compile(rb"\$\{?([A-Za-z_][A-Za-z0-9_]*)")  # a variable a word reads
_INDEXED = re.compile(rb"\[\$")  # an element read at a key known only at run time
_SUBSTITUTED = re.compile(rb"\$\(\s*([A-Za-z_][\w-]*)")  # a function whose output a word reads
_MAX_VARIANTS = 16  # values of a command's words tried one by one (`variants`)
_KEPT_BESIDE = (SPELLED_SUFFIX, SET_SUFFIX, KEYS_SUFFIX, ALTERNATIVES_SUFFIX, PATH_SUFFIX)


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


def assigned_value(value_node: Node | None, env: Env) -> Value | None:
    """The value a `NAME=VALUE` assignment gives, for arrays and scalars."""
    if value_node is None:
        return ""
    if value_node.type == "array":
        literal = _array_literal(value_node, env)
        return literal[0] if literal is not None else None
    return evaluate(value_node, env)


def _array_literal(
    node: Node, env: Env, *, appended: bool = False
) -> tuple[tuple[str, ...], tuple[str, ...] | None] | None:
    """The elements of `(a b …)` and, where it names them (`[claude]="claude -p"`), their
    keys; None past `MAX_VALUE_SIZE`, or when its first word is known only at run time
    (unless it is `appended` to an array that has its first: `cmd+=("$PROMPT")`)."""
    elements: list[str] = []
    keys: list[str] = []
    keyed = False
    following = 0  # the index of the next element given without a key
    size = 0
    for child in node.named_children:
        if child.type == "concatenation" and _text(child.children[0]) == "[":
            text = evaluate(child, env)
            pair = keyed_element(text) if text is not None else None
            if pair is None:  # `[claude]="$HOME/.local/bin/claude"`: its program is known
                spelled = evaluate(child, env, OPAQUE_WORD)
                held = keyed_element(spelled) if spelled is not None else None
                pair = held if held is not None and is_program_path(held[1]) else None
            key = pair[0] if pair is not None else _text(child)[1:].split("]", 1)[0]
            keyed = True
            keys.append(key)
            elements.append(pair[1] if pair is not None else "")
            index = index_of(key)
            following = index + 1 if index is not None else following  # as bash numbers
            size += len(elements[-1]) + 1
            continue
        for word in expand_argument(child, env):
            word = word if word is not None else program_path(child, env)
            if word is None and not elements and not appended:
                return None
            elements.append(word or "")
            keys.append(str(following))
            following += 1
            size += len(elements[-1]) + 1
        if size > MAX_VALUE_SIZE:
            return None
    if size > MAX_VALUE_SIZE:
        return None
    values = kept(tuple(elements))
    if values is None:
        return None
    return values, kept(tuple(keys)) if keyed else None


def assign(node: Node, env: MutableMapping[str, Value]) -> None:
    """Apply a `NAME=VALUE` or `NAME+=VALUE` assignment node to env. A value known only
    at run time makes the variable unknown (and set: no `${NAME:-default}` applies), and
    keeps what is known of it: its file name (`program_path`), its text around the
    unknown parts (for `eval`)."""
    name = node.child_by_field_name("name")
    if name is not None and name.type == "subscript":
        _assign_element(name, node.child_by_field_name("value"), env)
        return
    written = node.child_by_field_name("value")
    is_array = written is not None and written.type == "array"
    appends = any(c.type == "+=" for c in node.children)
    onto = appends and name is not None and isinstance(env.get(_text(name)), tuple)
    literal = (
        _array_literal(written, env, appended=onto) if written is not None and is_array else None
    )
    value = literal[0] if literal is not None else assigned_value(written, env)
    if name is None:
        return
    key = _text(name)
    if appends and not is_array and key not in env and key + SET_SUFFIX in env:
        # `+=` onto a value known only at run time: still one, its known text extended
        # (`CMD="$CLI -p '$PROMPT'"`, then `CMD+=" --model opus"`)
        known_text = env.get(key + SPELLED_SUFFIX)
        extra = value if isinstance(value, str) else None
        if extra is None and written is not None:
            extra = evaluate(written, env, OPAQUE_WORD)
        forget(env, key)
        env[key + SET_SUFFIX] = ""
        if isinstance(known_text, str) and extra is not None:
            env[key + SPELLED_SUFFIX] = known_text + extra
        return
    if value is None:
        path = program_path(written, env) if written is not None else None
        spelled = evaluate(written, env, OPAQUE_WORD) if written is not None else None
        others = _values_in_variants(written, env) if not appends else []
        held = env.get(key) if appends else ""  # what `+=` adds to, when it is known
        forget(env, key)  # it may hold anything now
        if path is not None and not appends:
            env[key + PATH_SUFFIX] = path
        if spelled is not None and isinstance(held, str):
            spelled = held + spelled
            if spelled.replace(OPAQUE_WORD, "").strip():
                env[key + SPELLED_SUFFIX] = spelled
        env[key + SET_SUFFIX] = ""  # set, to a value known only at run time: no default applies
        add_alternatives(env, key, others)  # what it holds where its words are known
        return
    old = env.get(key) if appends else None  # only `+=` reads what it held
    if isinstance(old, tuple) and literal is not None and literal[1] is not None:
        _add_keyed(env, key, old, literal[0], literal[1])  # `M+=([k]=v)`: by key
        return
    if old is not None:
        value = _appended(old, value)
        if value_size(value) > MAX_VALUE_SIZE or kept(value) is None:
            del env[key]  # opaque from here on, as a value that depends on the run
            return
    keys = literal[1] if literal is not None else None
    if appends and isinstance(old, tuple) and (keys is not None or key + KEYS_SUFFIX in env):
        before = env.get(key + KEYS_SUFFIX)
        old_keys = before if isinstance(before, tuple) else implicit_keys(old)
        start = appended_index(old_keys)
        added = keys or tuple(str(start + n) for n in range(len(value) - len(old)))
        keys = (*old_keys, *added)
    env[key] = value
    for kept_key in (
        key + SPELLED_SUFFIX,
        key + SET_SUFFIX,
        key + KEYS_SUFFIX,
        key + ALTERNATIVES_SUFFIX,
    ):
        if kept_key in env:
            del env[kept_key]
    if keys is not None and isinstance(value, tuple) and len(keys) == len(value):
        env[key + KEYS_SUFFIX] = keys
    if isinstance(value, str) and not appends:
        add_alternatives(env, key, _values_in_variants(written, env))


def _values_in_variants(written: Node | None, env: Env) -> list[Value]:
    """The values an assignment's words give with each of their other values."""
    if written is None or not may_vary(written, env):
        return []
    found = (assigned_value(written, variant) for variant in variants(written, env))
    return [value for value in found if value is not None]


def forget(env: MutableMapping[str, Value], name: str) -> None:
    """Drop what is known of a variable: its value, and what is kept beside it (its keys,
    its other values, what is known of a value known only in part)."""
    for key in (name, *(name + suffix for suffix in _KEPT_BESIDE)):
        if key in env:
            del env[key]


def loop_variable(node: Node, name: str, env: MutableMapping[str, Value]) -> None:
    """What a `for` loop's variable may hold while its body is walked as written (the loop
    is run element by element only over words all known): the known words as its other
    values, and a program path among the rest (`for loc in "$HOME/.local/bin/claude"
    /usr/local/bin/claude`), as `NAME="$HOME/…"` would keep it."""
    forget(env, name)
    known: list[Value] = []
    values = loop_words(node)
    for value in values:
        words = expand_argument(value, env)
        known += [word for word in words if word is not None]
        path = program_path(value, env) if words == [None] else None
        if path is not None and name + PATH_SUFFIX not in env:
            env[name + PATH_SUFFIX] = path
        if len(known) > _MAX_VARIANTS:
            break
    env[name + SET_SUFFIX] = ""
    add_alternatives(env, name, known[:_MAX_VARIANTS])


def add_alternatives(env: MutableMapping[str, Value], name: str, values: Iterable[Value]) -> None:
    """Record that variable `name` may also hold `values` (on other paths than the one
    its value is from); an array among them is kept as one alternative (`_ARRAY`)."""
    held = env.get(name + ALTERNATIVES_SUFFIX)
    known = dict.fromkeys(held if isinstance(held, tuple) else ())
    known.update(dict.fromkeys(map(_alternative, values)))
    current = env.get(name)
    if len(known) > 1 or (known and (current is None or _alternative(current) not in known)):
        kept_values = kept(tuple(known)[-_MAX_VARIANTS:])  # the latest, past the cap
        if kept_values is not None:
            env[name + ALTERNATIVES_SUFFIX] = kept_values


# An alternative that is an array: its elements after this mark, each ended by a NUL
# (which no shell value holds)
_ARRAY = "\0array\0"


def _alternative(value: Value) -> str:
    return value if isinstance(value, str) else _ARRAY + "".join(f"{e}\0" for e in value)


def values_held(env: Env, name: str) -> tuple[Value | None, ...]:
    """Every value variable `name` may hold: its own (None when unknown on this path),
    then those it holds on other paths."""
    held = env.get(name + ALTERNATIVES_SUFFIX)
    return (env.get(name), *map(_value, held if isinstance(held, tuple) else ()))


def _value(alternative: str) -> Value:
    if not alternative.startswith(_ARRAY):
        return alternative
    return tuple(alternative[len(_ARRAY) :].split("\0")[:-1])


def _add_keyed(
    env: MutableMapping[str, Value],
    name: str,
    old: tuple[str, ...],
    elements: tuple[str, ...],
    keys: tuple[str, ...],
) -> None:
    """`NAME+=([k]=v …)`: each element set at its key, replacing what the key held."""
    held = env.get(name + KEYS_SUFFIX)
    current, current_keys = old, held if isinstance(held, tuple) else None
    for at, element in zip(keys, elements, strict=True):
        current, current_keys = with_element(current, current_keys, at, element)
    if kept(current) is None or value_size(current) > MAX_VALUE_SIZE:
        return
    env[name] = current
    if current_keys is not None:
        env[name + KEYS_SUFFIX] = current_keys


def _assign_element(subscript: Node, written: Node | None, env: MutableMapping[str, Value]) -> None:
    """`NAME[key]=VALUE`: the array with that element set (an element known only at run
    time leaves what is known of the array as it was)."""
    array = subscript.child_by_field_name("name")
    index = subscript.child_by_field_name("index")
    value = evaluate(written, env) if written is not None else ""
    if array is None or index is None or value is None:
        return
    name = _text(array)
    old = env.get(name, ())
    elements = old if isinstance(old, tuple) else (old,)
    before = env.get(name + KEYS_SUFFIX)
    new, keys = with_element(
        elements, before if isinstance(before, tuple) else None, _text(index), value
    )
    if kept(new) is None or value_size(new) > MAX_VALUE_SIZE:
        return
    env[name] = new
    env[name + KEYS_SUFFIX] = keys


def value_size(value: Value) -> int:
    """A value's size against `MAX_VALUE_SIZE`: its characters, and one per array element."""
    if isinstance(value, str):
        return len(value)
    return sum(len(element) for element in value) + len(value)


def _appended(old: Value, added: Value) -> Value:
    """`NAME+=VALUE`: arrays gain elements; a scalar appended to an array extends element 0."""
    if isinstance(old, tuple):
        if isinstance(added, tuple):
            return old + added
        return (old[0] + added, *old[1:]) if old else (added,)
    if isinstance(added, tuple):
        return (old, *added)
    return old + added


def may_vary(node: Node, env: Env) -> bool:
    """Whether a word below `node` may have another value (a quick look before `variants`
    walks them): an element at a key known only at run time, a variable with values on
    other paths, or one set at run time read with a colon default (`${X:-claude}`)."""
    text = node.text or b""
    return (
        bool(_INDEXED.search(text))
        or any(
            name.decode() + ALTERNATIVES_SUFFIX in env
            or (name.decode() + SET_SUFFIX in env and _colon_default(name, text))
            for name in _VARIABLE.findall(text)
        )
        or any(
            output_key(name.decode()) + ALTERNATIVES_SUFFIX in env
            for name in _SUBSTITUTED.findall(text)
        )
    )


def _colon_default(name: bytes, text: bytes) -> bool:
    """Whether `text` reads variable `name` with a colon default (`${X:-…}`, `${X:=…}`)."""
    return b"${" + name + b":-" in text or b"${" + name + b":=" in text


def variants(node: Node, env: Env) -> list[Overlay]:
    """The variables under which the words below `node` take their other values: each
    element of an array read at a key known only at run time (`${AI_CMD[$AI_TOOL]}`),
    each value a variable holds on another path (`ALTERNATIVES_SUFFIX`), the default of
    `${NAME:-word}` when NAME was set to a value known only at run time (which may be
    empty: `NAME="$(config agent)"`). Several variables vary together (`$TIMEOUT_CMD
    "${CMD[@]}"`, each set on other paths): their combinations, at most `_MAX_VARIANTS`,
    none when the words have one value (a variable unknown here, or known here and
    with one other value on another path, has two)."""
    choices: dict[str, list[dict[str, Value | None]]] = {}  # by variable: what each sets
    unknown = False  # a variable with other values is unknown on this path
    pending = [node]
    while pending:
        current = pending.pop()
        pending.extend(reversed(current.named_children))
        if current.type == "command_substitution":  # `$(resolve_agent_cmd "$name")`
            called = _SUBSTITUTED.match(current.text or b"")
            key = output_key(called.group(1).decode()) if called else ""
            held = env.get(key + ALTERNATIVES_SUFFIX) if key not in choices else None
            if isinstance(held, tuple):
                choices[key] = [{key: _value(other)} for other in held[:_MAX_VARIANTS]]
                unknown = unknown or env.get(key) is None
            continue
        if current.type not in ("simple_expansion", "expansion"):
            continue
        subscript = next((c for c in current.named_children if c.type == "subscript"), None)
        name = subscript.child_by_field_name("name") if subscript is not None else None
        name = name or next((c for c in current.named_children if c.type == "variable_name"), None)
        if name is None or _text(name) in choices:
            continue
        key = _text(name)
        empty: list[dict[str, Value | None]] = []
        if key + SET_SUFFIX in env and key not in env and applies_when_empty(current):
            empty = [{key + SET_SUFFIX: None}]  # empty: the default applies
            unknown = True
        index = subscript.child_by_field_name("index") if subscript is not None else None
        elements = index is not None and index.type not in ("word", "number")
        if elements:  # the element at a key known only at run time: each of them
            value = env.get(key)
            others = dict.fromkeys(value[: 4 * _MAX_VARIANTS] if isinstance(value, tuple) else ())
        else:
            held = env.get(key + ALTERNATIVES_SUFFIX)
            others = dict.fromkeys(held) if isinstance(held, tuple) else {}
            own = env.get(key)  # unknown here, or a value none of the others is
            unknown = unknown or (bool(others) and (own is None or _alternative(own) not in others))
        given: list[dict[str, Value | None]] = [
            {key: (other,) if elements else _value(other), key + KEYS_SUFFIX: None}
            for other in list(others)[:_MAX_VARIANTS]
        ]
        if empty or given:
            choices[key] = [*empty, *given][:_MAX_VARIANTS]
    found = [_overlay(env, combination) for combination in _combinations(list(choices.values()))]
    return found if len(found) > 1 or (found and unknown) else []


def _combinations(
    choices: list[list[dict[str, Value | None]]],
) -> list[list[dict[str, Value | None]]]:
    """Every value of every variable: all of them changed together first (variant `i`
    gives each variable its value `i`, round its values), then each changed alone (the
    others as they are), at most `_MAX_VARIANTS`."""
    if not choices:
        return []
    widest = max(len(each) for each in choices)
    picks: list[tuple[int | None, ...]] = [
        tuple(i % len(each) for each in choices) for i in range(widest)
    ]
    if len(choices) > 1:
        picks += [
            tuple(i if other == changed else None for other in range(len(choices)))
            for changed, each in enumerate(choices)
            for i in range(len(each))
        ]
    return [
        [each[i] for each, i in zip(choices, pick, strict=True) if i is not None]
        for pick in list(dict.fromkeys(picks))[:_MAX_VARIANTS]
    ]


def _overlay(env: Env, changes: list[dict[str, Value | None]]) -> Overlay:
    variant = Overlay(env)
    for change in changes:
        for key, value in change.items():
            if value is None:
                variant.unset(key)
            else:
                variant[key] = value
    return variant
