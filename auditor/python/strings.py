"""Static resolution of Python command strings and argv lists.

Literals, f-strings, `+`, `%`, `.format()`, `" ".join(…)` (lists and
generators), `shlex.join`/`shlex.quote`, `shutil.which`, `Path(…)`,
environment defaults (`os.getenv("CLAUDE_PATH", "claude")`), `or` defaults,
what a function of the module returns (`self.build()`), and names, through
every definition that reaches the use (`auditor.python.reaching`, with
`.append`, `.extend`, `+=`). `text` and `words` give one value, the last
definition's; `texts` and `argvs` give every value the definitions make.
Whatever cannot be known becomes an opaque word mapped to the expression
that produced it, so shell parsed from the result still points into the file.
"""

from __future__ import annotations

import re

import libcst as cst

from auditor.hosts.mapped import MappedText
from auditor.python.callees import called_function, returned_values
from auditor.python.choices import Choices
from auditor.python.cst_values import keyword_argument, positional_argument
from auditor.python.literals import decode_body, decode_literal, string_prefix
from auditor.python.module import Binding, PythonModule
from auditor.python.reaching import reaching_chains
from auditor.python.value_calls import (
    DEFAULT_KEYWORD,
    DEFAULT_POSITION,
    ENVIRONMENT_DEFAULTS,
    PASS_THROUGH,
    PATH_METHODS,
)

_MAX_DEPTH = 24
_PERCENT = re.compile(r"%(?:\((?P<key>[^)]*)\))?[-#0 +]*\d*(?:\.\d+)?(?P<type>[sdrifgxXoeEca%])")
_FORMAT_FIELD = re.compile(r"\{\{|\}\}|\{(?P<field>[^{}]*)\}")
_SAFE = re.compile(r"[\w@%+=:,./-]+", re.ASCII)
_DOUBLED_BRACE = re.compile(r"\{\{|\}\}")


def quote(text: MappedText, anchor: int) -> MappedText:
    """`shlex.quote` on mapped text; added quotes map to `anchor` or the nearest character."""
    if text.text and _SAFE.fullmatch(text.text):
        return text
    first = text.offsets[0] if text.offsets else anchor
    last = text.offsets[-1] if text.offsets else anchor
    parts = [MappedText.at("'", first)]
    for char, offset in zip(text.text, text.offsets, strict=True):
        parts.append(
            MappedText.at("'\"'\"'", offset) if char == "'" else MappedText(char, (offset,))
        )
    parts.append(MappedText.at("'", last))
    return MappedText.join(parts)


def unescape_braces(template: MappedText) -> MappedText:
    """A `.format()` template's literal text: `{{`/`}}` become `{`/`}`, fields stay."""
    parts: list[MappedText] = []
    position = 0
    for match in _DOUBLED_BRACE.finditer(template.text):
        parts.append(template.slice(position, match.start() + 1))
        position = match.end()
    parts.append(template.slice(position, len(template)))
    return MappedText.join(parts)


def format_templates(module: PythonModule) -> frozenset[str]:
    """Names whose value some call formats: the `TEMPLATE` of `TEMPLATE.format(…)`."""
    return frozenset(
        call.func.value.value
        for call in module.calls
        if isinstance(call.func, cst.Attribute)
        and call.func.attr.value == "format"
        and isinstance(call.func.value, cst.Name)
    )


def is_format_template(
    module: PythonModule, node: cst.BaseExpression, formatted: frozenset[str]
) -> bool:
    """Whether a string literal is formatted: `"…".format(…)`, or bound to a name in `formatted`.

    A template is read with its braces unescaped, as the string `.format()` returns.
    """
    parent = module.parent(node)
    if isinstance(parent, cst.Attribute) and parent.attr.value == "format":
        return True
    if isinstance(parent, cst.AnnAssign):
        return isinstance(parent.target, cst.Name) and parent.target.value in formatted
    return isinstance(parent, cst.Assign) and any(
        isinstance(target.target, cst.Name) and target.target.value in formatted
        for target in parent.targets
    )


class Resolver:
    """Resolves expressions of one module to mapped text or argv words."""

    def __init__(self, module: PythonModule, *, positions: bool = True) -> None:
        """`positions=False` resolves text only (every offset 0): no positions computed."""
        self.module = module
        self.positions = positions
        self.choices = Choices()  # which reaching definition each name follows
        self._chains: dict[cst.Name, list[list[Binding]]] = {}

    def texts(self, node: cst.BaseExpression) -> list[MappedText]:
        """Every string value an expression can have: one per combination of the
        definitions that reach the names it reads (the value `text` gives first)."""
        return self.choices.each(lambda: self.text(node))

    def argvs(self, node: cst.BaseExpression) -> list[list[MappedText]]:
        """Every argv an expression can be (the one `words` gives first)."""
        return self.choices.each(lambda: self.words(node))

    def _start(self, node: cst.CSTNode) -> int:
        return self.module.span(node)[0] if self.positions else 0

    def opaque(self, node: cst.CSTNode) -> MappedText:
        """An unknown value, mapped to the expression that produces it."""
        return MappedText.opaque(self._start(node))

    def text_or_opaque(self, node: cst.BaseExpression, depth: int = 0) -> MappedText:
        """The string value of an expression, or an opaque word."""
        return self.text(node, depth) or self.opaque(node)

    def part(self, node: cst.BaseExpression, depth: int) -> MappedText:
        """A part of a larger command (an f-string field, an argv element, an operand)."""
        return self.placed(self.text(node, depth), node)

    def placed(self, found: MappedText | None, node: cst.BaseExpression) -> MappedText:
        """A part's value (opaque if unknown). A single word written elsewhere (`exe` bound
        from `shutil.which("gptme")`) is mapped to the part itself: findings point where the
        command is put together, not where its program was looked up. A whole command
        (`script = "aider … | tee log"`) keeps pointing where it is written."""
        if found is None:
            return self.opaque(node)
        if not self.positions or not found.offsets or len(found.text.split()) != 1:
            return found
        start, end = self.module.span(node)
        if all(start <= offset < end for offset in found.offsets):
            return found
        last = max(end - start - 1, 0)
        return MappedText(found.text, tuple(start + min(i, last) for i in range(len(found))))

    def text(self, node: cst.BaseExpression, depth: int = 0) -> MappedText | None:
        """The string value of an expression, if it is a string runaudit can follow."""
        if depth > _MAX_DEPTH:
            return None
        depth += 1
        if isinstance(node, cst.SimpleString):
            if not self.positions:
                return decode_literal(node.value, 0)
            start = self.module.source.text.find(node.value, self._start(node))
            return decode_literal(node.value, max(start, 0))
        if isinstance(node, cst.ConcatenatedString):
            left, right = self.text(node.left, depth), self.text(node.right, depth)
            return left + right if left is not None and right is not None else None
        if isinstance(node, cst.FormattedString):
            return self._fstring(node, depth)
        if isinstance(node, cst.BinaryOperation):
            return self._binary(node, depth)
        if isinstance(node, cst.Call):
            return self._call_text(node, depth)
        if isinstance(node, cst.Name):
            return self._name_text(node, depth)
        if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or):
            return self.text(node.left, depth) or self.text(node.right, depth)
        if isinstance(node, cst.IfExp):
            return self.text(node.body, depth) or self.text(node.orelse, depth)
        return None

    def _fstring(self, node: cst.FormattedString, depth: int) -> MappedText | None:
        prefix = string_prefix(node.start + node.end)
        raw = prefix is not None and "r" in prefix[0]
        parts: list[MappedText] = []
        for part in node.parts:
            if isinstance(part, cst.FormattedStringText):
                parts.append(decode_body(part.value, self._start(part), raw=raw, braces=True))
            elif isinstance(part, cst.FormattedStringExpression):
                parts.append(self.part(part.expression, depth))
        return MappedText.join(parts)

    def _binary(self, node: cst.BinaryOperation, depth: int) -> MappedText | None:
        if isinstance(node.operator, cst.Add):
            left, right = self.text(node.left, depth), self.text(node.right, depth)
            if left is None and right is None:
                return None
            return self.placed(left, node.left) + self.placed(right, node.right)
        if isinstance(node.operator, cst.Modulo):
            template = self.text(node.left, depth)
            if template is None:
                return None
            values = (
                [e.value for e in node.right.elements]
                if isinstance(node.right, cst.Tuple)
                else [node.right]
            )
            return self._percent(template, values, node.right, depth)
        return None

    def _percent(
        self, template: MappedText, values: list[cst.BaseExpression], at: cst.CSTNode, depth: int
    ) -> MappedText:
        parts: list[MappedText] = []
        position = 0
        remaining = iter(values)
        for match in _PERCENT.finditer(template.text):
            parts.append(template.slice(position, match.start()))
            if match.group("type") == "%":
                parts.append(template.slice(match.start(), match.start() + 1))
            else:
                value = next(remaining, None)
                parts.append(self.part(value, depth) if value else self.opaque(at))
            position = match.end()
        parts.append(template.slice(position, len(template)))
        return MappedText.join(parts)

    def _format(self, template: MappedText, call: cst.Call, depth: int) -> MappedText:
        positional = [a.value for a in call.args if a.keyword is None and not a.star]
        keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
        parts: list[MappedText] = []
        position = 0
        automatic = iter(positional)
        for match in _FORMAT_FIELD.finditer(template.text):
            parts.append(template.slice(position, match.start()))
            field = match.group("field")
            if field is None:
                parts.append(template.slice(match.start(), match.start() + 1))
            else:
                name = re.split(r"[.\[!:]", field, maxsplit=1)[0]
                value: cst.BaseExpression | None
                if name == "":
                    value = next(automatic, None)
                elif name.isdigit():
                    index = int(name)
                    value = positional[index] if index < len(positional) else None
                else:
                    value = keywords.get(name)
                plain = value is not None and field == name
                start = template.offsets[match.start()] if len(template) else 0
                parts.append(
                    self.part(value, depth)
                    if plain and value is not None
                    else MappedText.opaque(start)
                )
            position = match.end()
        parts.append(template.slice(position, len(template)))
        return MappedText.join(parts)

    def _call_text(self, node: cst.Call, depth: int) -> MappedText | None:
        names = self._names(node)
        func = node.func
        first = node.args[0].value if node.args else None
        if "shlex.quote" in names and first is not None:
            return quote(self.text_or_opaque(first, depth), self._start(node))
        if "shlex.join" in names and first is not None:
            words = self.words(first, depth) or [self.opaque(first)]
            quoted = [quote(word, self._start(node)) for word in words]
            return self._joined(MappedText.at(" ", self._start(node)), quoted, node)
        if names & PASS_THROUGH and first is not None:
            return self.text(first, depth)
        if names & ENVIRONMENT_DEFAULTS:
            default = positional_argument(node, DEFAULT_POSITION) or keyword_argument(
                node, DEFAULT_KEYWORD
            )
            return self.text(default, depth) if default is not None else None
        if isinstance(func, cst.Attribute) and func.attr.value in PATH_METHODS and not node.args:
            return self.text(func.value, depth)
        if isinstance(func, cst.Attribute) and func.attr.value in ("format", "join"):
            receiver = self.text(func.value, depth)
            if receiver is None:
                return None
            if func.attr.value == "format":
                return self._format(receiver, node, depth)
            if first is None:
                return None
            words = self.words(first, depth) or [self.opaque(first)]
            return self._joined(receiver, words, node)
        returned = self._returned(node)
        return self.text(returned, depth) if returned is not None else None

    def _returned(self, call: cst.Call) -> cst.BaseExpression | None:
        """What a function of this module that `call` runs returns (`self.build()`): one of
        its `return` values, as `self.choices` picks."""
        function = called_function(self.module, call)
        values = returned_values(function) if function is not None else []
        return values[self.choices.pick(call, len(values))] if values else None

    def _joined(self, separator: MappedText, words: list[MappedText], node: cst.Call) -> MappedText:
        parts: list[MappedText] = []
        for index, word in enumerate(words):
            if index:
                parts.append(separator)
            parts.append(word)
        return MappedText.join(parts) if parts else MappedText.at("", self._start(node))

    def _names(self, node: cst.Call) -> frozenset[str]:
        return self.module.calls.get(node, frozenset())

    def _bindings(self, name: cst.Name) -> list[tuple[str, cst.BaseExpression]]:
        """The changes to `name` that give its value at this use: one reaching assignment
        and the changes after it (which one: `self.choices`; the last before the use first)."""
        chains = self._chains.get(name)
        if chains is None:
            scope = self.module.scope_of(name)
            local = self.module.bindings.get((scope, name.value), [])
            chains = reaching_chains(self.module, local, name) if local else []
            if not chains and scope is not self.module.tree:
                module_level = self.module.bindings.get((self.module.tree, name.value), [])
                chains = reaching_chains(self.module, module_level, None)
            self._chains[name] = chains
        if not chains:
            return []
        chain = chains[self.choices.pick(name, len(chains))]
        return [(b.kind, b.value) for b in chain]

    def _name_text(self, node: cst.Name, depth: int) -> MappedText | None:
        changes = self._bindings(node)
        if not changes:
            return None
        text = self.text(changes[0][1], depth)
        if text is None:
            return None
        for kind, value in changes[1:]:
            if kind == "add":
                text = text + self.part(value, depth)
        return text

    def words(self, node: cst.BaseExpression, depth: int = 0) -> list[MappedText] | None:
        """The elements of a list or tuple expression (an argv), if it is one."""
        if depth > _MAX_DEPTH:
            return None
        depth += 1
        if isinstance(node, cst.List | cst.Tuple):
            words: list[MappedText] = []
            for element in node.elements:
                if isinstance(element, cst.StarredElement):
                    words.extend(self.words(element.value, depth) or [self.opaque(element)])
                else:
                    words.append(self.part(element.value, depth))
            return words
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
            left, right = self.words(node.left, depth), self.words(node.right, depth)
            if left is None and right is None:
                return None
            return (left or [self.opaque(node.left)]) + (right or [self.opaque(node.right)])
        if isinstance(node, cst.Name):
            return self._name_words(node, depth)
        if isinstance(node, cst.GeneratorExp | cst.ListComp):
            return self._comprehension(node, depth)
        if isinstance(node, cst.Call) and self._names(node) & {"builtins.list", "list"}:
            return self.words(node.args[0].value, depth) if node.args else None
        returned = self._returned(node) if isinstance(node, cst.Call) else None
        return self.words(returned, depth) if returned is not None else None

    def spread_words(self, call: cst.Call) -> list[MappedText]:
        """The argv of a call that takes it as separate arguments (`create_subprocess_exec(
        "gptme", *args)`): each positional argument a word, a `*list` its words."""
        argv: list[MappedText] = []
        for arg in call.args:
            if arg.star == "*":
                argv += self.words(arg.value) or [self.opaque(arg.value)]
            elif arg.keyword is None and not arg.star:
                argv.append(self.part(arg.value, 0))
        return argv

    def _name_words(self, node: cst.Name, depth: int) -> list[MappedText] | None:
        changes = self._bindings(node)
        if not changes:
            return None
        words = self.words(changes[0][1], depth)
        if words is None:
            return None
        for kind, value in changes[1:]:
            if kind == "append":
                words.append(self.part(value, depth))
            else:  # extend, +=
                words.extend(self.words(value, depth) or [self.opaque(value)])
        return words

    def _comprehension(
        self, node: cst.GeneratorExp | cst.ListComp, depth: int
    ) -> list[MappedText] | None:
        loop = node.for_in
        if loop.inner_for_in is not None or loop.ifs or not isinstance(loop.target, cst.Name):
            return None
        source = self.words(loop.iter, depth)
        if source is None:
            return None
        element, variable = node.elt, loop.target.value
        if isinstance(element, cst.Name) and element.value == variable:
            return source
        if isinstance(element, cst.Call) and element.args:
            argument = element.args[0].value
            if isinstance(argument, cst.Name) and argument.value == variable:
                names = self._names(element)
                if "shlex.quote" in names:
                    return [quote(word, self._start(element)) for word in source]
                if names & {"builtins.str", "str"}:
                    return source
        return [self.opaque(element) for _ in source]
