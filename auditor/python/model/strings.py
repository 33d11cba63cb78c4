"""Static resolution of Python command strings and argv lists.

Literals, f-strings, `+`, `%`, `.format()`, `" ".join(…)` (lists and
generators), `shlex.join`/`shlex.quote`, `shutil.which`, `Path(…)`,
environment defaults (`os.getenv("CLAUDE_PATH", "claude")`), `or` defaults,
what a function of the module returns (`self.build()`), what its classes give an
attribute (`config.claude_path`: `auditor.python.model.attribute_values`), and names, through
every definition that reaches the use (`auditor.python.model.reaching`, with
`.append`, `.extend`, `+=`). `text` and `words` give one value, the last
definition's; `texts` and `argvs` give every value the definitions make.
Whatever cannot be known becomes an opaque word mapped to the expression
that produced it, so shell parsed from the result still points into the file.
So does a value longer than a program can be given (`MAX_TEXT`, `MAX_ARGV`): a
few lines of `.format` or f-strings that each repeat the last value would
otherwise build gigabytes; and so does a value past the file's value budget
(`auditor.value_budget`), which the memo of resolved values is charged to
while it keeps them: many distinct values under the caps must not add up to gigabytes. Each
expression is resolved once per set of choices (`Choices.generation`), so a value
read many times is not resolved again each time.
"""

from __future__ import annotations

import ast
import re
import shlex
import sys

from auditor.hosts.mapped import MappedText
from auditor.numbers import bounded_int
from auditor.python.model.ast_values import (
    Function,
    dotted_name,
    given_default,
    returned_values,
)
from auditor.python.model.attribute_values import attribute_values
from auditor.python.model.callees import called_function
from auditor.python.model.choices import Choices
from auditor.python.model.class_attributes import ClassAttributes, class_attributes
from auditor.python.model.expr_values import first_argument
from auditor.python.model.literals import decode_body
from auditor.python.model.module import Binding, PythonModule, StringNode, is_string
from auditor.python.model.project_words import (
    field_texts,
    imported_texts,
    parameter_texts,
    project_argvs,
)
from auditor.python.model.reaching import reaching_chains
from auditor.python.model.value_calls import (
    PATH_METHODS,
    lookup_default,
    passes_through,
)
from auditor.value_budget import Held

_MAX_DEPTH = 24
_MAX_SITES = 8  # calls of a function whose `*args` a resolution reads
# Linux hands no single argument longer than MAX_ARG_STRLEN (128 KiB) to a program, so a
# longer command string could not run as `sh -c STRING`; nor an argv past ARG_MAX (2 MiB).
MAX_TEXT = 131_072  # characters of one resolved string
MAX_ARGV = 2_097_152  # characters of one resolved argv, its words together
_PERCENT = re.compile(r"%(?:\((?P<key>[^)]*)\))?[-#0 +]*\d*(?:\.\d+)?(?P<type>[sdrifgxXoeEca%])")
_FORMAT_FIELD = re.compile(r"\{\{|\}\}|\{(?P<field>[^{}]*)\}")
_SAFE = re.compile(r"[\w@%+=:,./-]+", re.ASCII)


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


class Resolver:
    """Resolves expressions of one module to mapped text or argv words."""

    def __init__(self, module: PythonModule, *, positions: bool = True) -> None:
        """`positions=False` resolves text only (every offset 0)."""
        self.module = module
        self.positions = positions
        self.choices = Choices()  # which reaching definition each name follows
        self._chains: dict[ast.Name, list[list[Binding]]] = {}
        self._attributes: ClassAttributes | None = None  # built at the first `obj.attr`
        # what `text` and `words` gave each (node, depth) under `choices.generation`
        self._texts: dict[tuple[ast.expr, int], MappedText | None] = {}
        self._words: dict[tuple[ast.expr, int], list[MappedText] | None] = {}
        self._generation = 0
        self._held = Held()  # what the two hold, charged to the file's value budget

    def texts(self, node: ast.expr) -> list[MappedText]:
        """Every string value an expression can have: one per combination of the
        definitions that reach the names it reads (the value `text` gives first)."""
        return self.choices.each(lambda: self.text(node))

    def shell_texts(self, node: ast.expr) -> list[MappedText]:
        """Every command string a shell runs from a launch's `args` given with
        `shell=True` (the one `shell_text` gives first)."""
        return self.choices.each(lambda: self.shell_text(node))

    def shell_text(self, node: ast.expr) -> MappedText | None:
        """The command string a shell runs from a launch's `args` given with
        `shell=True`: a string's value, or the first item of a sequence's (`cmd =
        [f"claude -p {p}"]`; POSIX runs `sh -c ARGS[0] ARGS[1:]`)."""
        found = self.text(node)
        if found is not None:
            return found
        words = self.words(node)
        return words[0] if words else None

    def argvs(self, node: ast.expr) -> list[list[MappedText]]:
        """Every argv an expression can be (the one `words` gives first)."""
        return self.choices.each(lambda: self.words(node))

    def _start(self, node: ast.AST) -> int:
        return self.module.span(node)[0] if self.positions else 0

    def opaque(self, node: ast.AST) -> MappedText:
        """An unknown value, mapped to the expression that produces it."""
        return MappedText.opaque(self._start(node))

    def text_or_opaque(self, node: ast.expr, depth: int = 0) -> MappedText:
        """The string value of an expression, or an opaque word."""
        return self.text(node, depth) or self.opaque(node)

    def part(self, node: ast.expr, depth: int) -> MappedText:
        """A part of a larger command (an f-string field, an argv element, an operand)."""
        return self.placed(self.text(node, depth), node)

    def placed(self, found: MappedText | None, node: ast.expr) -> MappedText:
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

    def _fresh(self) -> None:
        """Forget what was resolved under other choices."""
        if self._generation != self.choices.generation:
            self._generation = self.choices.generation
            self._texts.clear()
            self._words.clear()
            self._held.release()

    def text(self, node: ast.expr, depth: int = 0) -> MappedText | None:
        """The string value of an expression, if it is a string runaudit can follow (and
        no longer than `MAX_TEXT`)."""
        self._fresh()
        key = (node, depth)
        if key in self._texts:
            return self._texts[key]
        found = self._text(node, depth)
        if found is not None and (len(found) > MAX_TEXT or not self._held.keep(found.footprint())):
            found = None
        self._texts[key] = found
        return found

    def _text(self, node: ast.expr, depth: int) -> MappedText | None:
        if depth > _MAX_DEPTH:
            return None
        depth += 1
        if isinstance(node, ast.Constant | ast.JoinedStr) and is_string(node):
            return self._string(node, depth)
        if isinstance(node, ast.BinOp):
            return self._binary(node, depth)
        if isinstance(node, ast.Call):
            return self._call_text(node, depth)
        if isinstance(node, ast.Name):
            return self._name_text(node, depth)
        if _is_sys_executable(self.module, node):
            return MappedText.at("python3", self._start(node))  # the interpreter running it
        if isinstance(node, ast.Attribute):
            value = self._elsewhere(node)
            return self.text(value, depth) if value is not None else self._field_text(node)
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            found: MappedText | None = None
            for value in node.values:  # `a or b or c`: the first that is not empty
                found = self.text(value, depth)
                if found:
                    break
            return found
        if isinstance(node, ast.IfExp):
            return self.text(node.body, depth) or self.text(node.orelse, depth)
        return None

    def _string(self, node: StringNode, depth: int) -> MappedText | None:
        """A string literal, implicitly joined literals, or an f-string: its text pieces
        decoded, its fields resolved (`ast` does not place an f-string's text, so the
        source is scanned: `literals.string_pieces`)."""
        if not self.positions and isinstance(node, ast.Constant):
            literal = str(node.value)  # a `str` literal, decoded by the parser
            return MappedText(literal, (0,) * len(literal))
        source = self.module.parsed_text
        pieces = self.module.string_pieces(node)
        if pieces is None:
            return None
        fields = iter(
            [v for v in node.values if isinstance(v, ast.FormattedValue)]
            if isinstance(node, ast.JoinedStr)
            else []
        )
        parts: list[MappedText] = []
        for piece in pieces:
            if piece.field:
                value = next(fields, None)
                if value is None:
                    return None
                parts.append(self.part(value.value, depth))
                continue
            body = source[piece.start : piece.end]
            decoded = decode_body(body, piece.start, raw=piece.raw, braces=piece.braces)
            if not self.positions:
                decoded = MappedText(decoded.text, (0,) * len(decoded))
            parts.append(decoded)
        if next(fields, None) is not None:
            return None
        return _joined_within(parts)

    def _binary(self, node: ast.BinOp, depth: int) -> MappedText | None:
        if isinstance(node.op, ast.Add):
            left, right = self.text(node.left, depth), self.text(node.right, depth)
            if left is None and right is None:
                return None
            return _joined_within([self.placed(left, node.left), self.placed(right, node.right)])
        if isinstance(node.op, ast.Div):  # `NODE_BIN / "claude"`: a `pathlib` join
            right = self.text(node.right, depth)
            if right is None:
                return None
            left = self.part(node.left, depth)
            start, _ = self.module.span(node.right) if self.positions else (0, 0)
            return _joined_within([left, MappedText("/", (start,)), self.placed(right, node.right)])
        if isinstance(node.op, ast.Mod):
            template = self.text(node.left, depth)
            if template is None:
                return None
            values = (
                [e.value if isinstance(e, ast.Starred) else e for e in node.right.elts]
                if isinstance(node.right, ast.Tuple)
                else [node.right]
            )
            return self._percent(template, values, node.right, depth)
        return None

    def _percent(
        self, template: MappedText, values: list[ast.expr], at: ast.AST, depth: int
    ) -> MappedText | None:
        parts: list[MappedText] = []
        position = 0
        remaining = iter(values)
        for match in _PERCENT.finditer(template.text):
            parts.append(template.slice(position, match.start()))
            if match.group("type") == "%":
                parts.append(template.slice(match.start(), match.start() + 1))
            else:
                value = next(remaining, None)
                parts.append(self.part(value, depth) if value is not None else self.opaque(at))
            position = match.end()
        parts.append(template.slice(position, len(template)))
        return _joined_within(parts)

    def _format(self, template: MappedText, call: ast.Call, depth: int) -> MappedText | None:
        positional = [a for a in call.args if not isinstance(a, ast.Starred)]
        keywords = {k.arg: k.value for k in call.keywords if k.arg is not None}
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
                value: ast.expr | None
                if name == "":
                    value = next(automatic, None)
                elif name.isdigit():
                    index = bounded_int(name)
                    in_range = index is not None and index < len(positional)
                    value = positional[index] if index is not None and in_range else None
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
        return _joined_within(parts)

    def _call_text(self, node: ast.Call, depth: int) -> MappedText | None:
        names = self._names(node)
        func = node.func
        first = first_argument(self.module, node)
        if "shlex.quote" in names and first is not None:
            return quote(self.text_or_opaque(first, depth), self._start(node))
        if "shlex.join" in names and first is not None:
            words = self.words(first, depth) or [self.opaque(first)]
            quoted = [quote(word, self._start(node)) for word in words]
            return self._joined(MappedText.at(" ", self._start(node)), quoted, node)
        if any(passes_through(name) for name in names) and first is not None:
            return self.text(first, depth)
        default = lookup_default(node, names)
        if default is not None:
            return self.text(default, depth)
        if isinstance(func, ast.Attribute) and func.attr in PATH_METHODS and first is None:
            return self.text(func.value, depth)
        if isinstance(func, ast.Attribute) and func.attr in ("format", "join"):
            receiver = self.text(func.value, depth)
            if receiver is None:
                return None
            if func.attr == "format":
                return self._format(receiver, node, depth)
            if first is None:
                return None
            words = self.words(first, depth) or [self.opaque(first)]
            return self._joined(receiver, words, node)
        returned = self._elsewhere(node)
        return self.text(returned, depth) if returned is not None else None

    def _elsewhere(self, node: ast.expr) -> ast.expr | None:
        """The expression written elsewhere that gives a call or an attribute its value, as
        `self.choices` picks: a `return` value of the function of this module `node` calls
        (`self.build()`), or a value the module's classes give the attribute it reads."""
        values: list[ast.expr] = []
        if isinstance(node, ast.Call):
            function = called_function(self.module, node)
            values = returned_values(function) if function is not None else []
        elif isinstance(node, ast.Attribute):
            if self._attributes is None:
                self._attributes = class_attributes(self.module.tree)
            values = attribute_values(self.module, self._attributes, node)
        return values[self.choices.pick(node, len(values))] if values else None

    def _joined(
        self, separator: MappedText, words: list[MappedText], node: ast.Call
    ) -> MappedText | None:
        parts: list[MappedText] = []
        for index, word in enumerate(words):
            if index:
                parts.append(separator)
            parts.append(word)
        return _joined_within(parts) if parts else MappedText.at("", self._start(node))

    def _names(self, node: ast.Call) -> frozenset[str]:
        return self.module.calls.get(node, frozenset())

    def _bindings(self, name: ast.Name) -> list[tuple[str, ast.expr]]:
        """The changes to `name` that give its value at this use: one reaching assignment
        and the changes after it (which one: `self.choices`; the last before the use first)."""
        chains = self._chains.get(name)
        if chains is None:
            scope = self.module.scope_of(name)
            local = self.module.bindings.get((scope, name.id), [])
            chains = reaching_chains(self.module, local, name) if local else []
            if not chains and scope is not self.module.tree:
                module_level = self.module.bindings.get((self.module.tree, name.id), [])
                chains = reaching_chains(self.module, module_level, None)
            self._chains[name] = chains
        if not chains:
            return []
        chain = chains[self.choices.pick(name, len(chains))]
        return [(b.kind, b.value) for b in chain]

    def _first_value(
        self, node: ast.Name, change: tuple[str, ast.expr], depth: int
    ) -> ast.expr | None:
        """The value the first change of a name's chain gives it: an assignment's value, or
        for a loop's target the item it holds on this turn (which one: `self.choices`)."""
        kind, value = change
        if kind != "each":
            return value
        items = self._items(value, depth)
        return items[self.choices.pick((node, "item"), len(items))] if items else None

    def _items(self, node: ast.expr, depth: int) -> list[ast.expr]:
        """The items a loop over `node` takes: a list, tuple or set written out, or a name
        holding one (with what is appended to it); none when they are not all known."""
        if depth > _MAX_DEPTH:
            return []
        if isinstance(node, ast.List | ast.Tuple | ast.Set):
            items = node.elts
            return [] if any(isinstance(item, ast.Starred) for item in items) else list(items)
        if not isinstance(node, ast.Name):
            return []
        changes = self._bindings(node)
        if not changes or changes[0][0] != "assign":
            return []
        items = self._items(changes[0][1], depth + 1)
        for kind, value in changes[1:]:
            more = [value] if kind == "append" else self._items(value, depth + 1)
            if not items or not more:
                return []
            items = items + more
        return items

    def _name_text(self, node: ast.Name, depth: int) -> MappedText | None:
        changes = self._bindings(node)
        if not changes:
            default = self._default(node)
            project = self._project_text(node)
            if default is None and project is None:
                return self._named_program(node, node.id)
            if default is None or (project is not None and self.choices.pick((node, "default"), 2)):
                return project
            return self.text(default, depth)
        first = self._first_value(node, changes[0], depth)
        text = self.text(first, depth) if first is not None else None
        if text is None:
            return None
        for kind, value in changes[1:]:
            if kind == "add":
                text = _joined_within([text, self.part(value, depth)])
                if text is None:
                    return None
        return text

    def words(self, node: ast.expr, depth: int = 0) -> list[MappedText] | None:
        """The elements of a list or tuple expression (an argv), if it is one (and its
        words together are no longer than `MAX_ARGV`); a new list, the caller's to change."""
        self._fresh()
        key = (node, depth)
        if key not in self._words:
            found = self._words_of(node, depth)
            if found is not None and (
                sum(len(word) + 1 for word in found) > MAX_ARGV
                or not self._held.keep(_slots(found))
            ):
                found = None
            self._words[key] = found
        found = self._words[key]
        return list(found) if found is not None else None

    def _words_of(self, node: ast.expr, depth: int) -> list[MappedText] | None:
        if depth > _MAX_DEPTH:
            return None
        depth += 1
        if isinstance(node, ast.List | ast.Tuple):
            words: list[MappedText] = []
            for element in node.elts:
                if isinstance(element, ast.Starred):
                    words.extend(self.words(element.value, depth) or [self.opaque(element)])
                else:
                    words.append(self.part(element, depth))
            return words
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left, right = self.words(node.left, depth), self.words(node.right, depth)
            if left is None and right is None:
                return None
            return (left or [self.opaque(node.left)]) + (right or [self.opaque(node.right)])
        if isinstance(node, ast.Name):
            return self._name_words(node, depth) or self._project_words(node)
        if isinstance(node, ast.GeneratorExp | ast.ListComp):
            return self._comprehension(node, depth)
        if isinstance(node, ast.Call) and self._names(node) & {"builtins.list", "list"}:
            first = first_argument(self.module, node)
            return self.words(first, depth) if first is not None else None
        if isinstance(node, ast.Call) and "shlex.split" in self._names(node):
            first = first_argument(self.module, node)  # a command kept as one string
            command = self.text(first, depth) if first is not None else None
            return _split(command) if command is not None else None
        found = self._elsewhere(node)  # a builder's return value, an attribute's
        if found is not None:
            return self.words(found, depth)
        return self._project_words(node) if isinstance(node, ast.Call) else None

    def _field_text(self, node: ast.Attribute) -> MappedText | None:
        """The program name the tree's classes give an attribute this module cannot
        place (`settings.claude_path`, with `claude_path: str = "claude"` elsewhere)."""
        texts = imported_texts(self.module, node) or field_texts(self.module, node)
        return self._picked(node, texts) if texts else self._named_program(node, node.attr)

    def _named_program(self, node: ast.expr, name: str) -> MappedText | None:
        """The agent program a value the tree never gives holds by its name (`claude_path`
        set in a config file or the environment: `AgentCatalog.named_program`)."""
        catalog = self.module.catalog
        program = catalog.named_program(name) if catalog is not None else None
        return MappedText.at(program, self._start(node)) if program is not None else None

    def _default(self, node: ast.Name) -> ast.expr | None:
        """The default of the parameter a name is, which it holds where a caller leaves
        the argument out (`binary="claude"`); None for `None` or no default."""
        scope = self.module.scope_of(node)
        return given_default(scope, node.id) if isinstance(scope, Function) else None

    def _project_text(self, node: ast.Name) -> MappedText | None:
        """The program name the rest of the tree passes a parameter (`binary` in
        `[binary, "app-server"]`, given `shutil.which("codex")` by a caller)."""
        texts = parameter_texts(self.module, node) or imported_texts(self.module, node)
        return self._picked(node, texts)

    def _picked(self, node: ast.expr, texts: list[str]) -> MappedText | None:
        if not texts:
            return None
        # each fork of a node has a key of its own: its bindings' choice is keyed by the node
        picked = self.choices.pick((node, "project"), len(texts))
        return MappedText.at(texts[picked], self._start(node))

    def _project_words(self, node: ast.Name | ast.Call) -> list[MappedText] | None:
        """The argv the rest of the tree gives a parameter or a call of another module
        (`run(cmd)` called with `["claude", "-p", …]`; `Builder().build()`): its leading
        literal words, then an opaque rest."""
        argvs = project_argvs(self.module, node)
        if not argvs:
            return None
        argv = argvs[self.choices.pick((node, "project"), len(argvs))]
        start = self._start(node)
        return [MappedText.at(word, start) for word in argv] + [self.opaque(node)]

    def spread_words(self, call: ast.Call) -> list[MappedText]:
        """The argv of a call that takes it as separate arguments (`create_subprocess_exec(
        "gptme", *args)`): each positional argument a word, a `*list` its words."""
        argv: list[MappedText] = []
        for arg in call.args:
            if isinstance(arg, ast.Starred):
                argv += self.words(arg.value) or [self.opaque(arg.value)]
            else:
                argv.append(self.part(arg, 0))
        return argv

    def _name_words(self, node: ast.Name, depth: int) -> list[MappedText] | None:
        changes = self._bindings(node)
        if not changes:
            default = self._default(node)
            if default is None:
                return self._vararg_words(node, depth)
            return self.words(default, depth)
        first = self._first_value(node, changes[0], depth)
        words = self.words(first, depth) if first is not None else None
        if words is None:
            return None
        for kind, value in changes[1:]:
            if kind == "append":
                words.append(self.part(value, depth))
            else:  # extend, +=
                words.extend(self.words(value, depth) or [self.opaque(value)])
        return words

    def _vararg_words(self, node: ast.Name, depth: int) -> list[MappedText] | None:
        """The words a function's `*args` holds where the module calls it (`_run("sh",
        "-c", cmd)` for `def _run(*args)` that runs `create_subprocess_exec(*args)`): the
        positional arguments from its place on, each call site a choice."""
        scope = self.module.scope_of(node)
        if not isinstance(scope, Function) or scope.args.vararg is None:
            return None
        if scope.args.vararg.arg != node.id:
            return None
        place = len(scope.args.posonlyargs) + len(scope.args.args)
        method = isinstance(self.module.parent(scope), ast.ClassDef)
        if method and [a.arg for a in scope.args.args[:1]] in (["self"], ["cls"]):
            place -= 1  # `self.run(…)` gives no `self`
        sites = [
            call
            for call in self.module.calls
            if len(call.args) > place and _calls_by_name(call.func, scope.name, method=method)
        ][:_MAX_SITES]
        if not sites:
            return None
        call = sites[self.choices.pick((node, "vararg"), len(sites))]
        words: list[MappedText] = []
        for argument in call.args[place:]:
            if isinstance(argument, ast.Starred):
                words += self.words(argument.value, depth) or [self.opaque(argument)]
            else:
                words.append(self.part(argument, depth))
        return words

    def _comprehension(
        self, node: ast.GeneratorExp | ast.ListComp, depth: int
    ) -> list[MappedText] | None:
        if len(node.generators) != 1:
            return None
        loop = node.generators[0]
        if loop.ifs or not isinstance(loop.target, ast.Name):
            return None
        source = self.words(loop.iter, depth)
        if source is None:
            return None
        element, variable = node.elt, loop.target.id
        if isinstance(element, ast.Name) and element.id == variable:
            return source
        if isinstance(element, ast.Call):
            argument = first_argument(self.module, element)
            if isinstance(argument, ast.Name) and argument.id == variable:
                names = self._names(element)
                if "shlex.quote" in names:
                    return [quote(word, self._start(element)) for word in source]
                if names & {"builtins.str", "str"}:
                    return source
        return [self.opaque(element) for _ in source]


def _is_sys_executable(module: PythonModule, node: ast.expr) -> bool:
    """Whether `node` is `sys.executable` (the attribute's name tested first: cheap)."""
    if not isinstance(node, ast.Attribute) or node.attr != "executable":
        return False
    return module.qualified(dotted_name(node) or "") == "sys.executable"


def _calls_by_name(func: ast.expr, name: str, *, method: bool) -> bool:
    """Whether a call's callee names function `name`: `name(…)` for a module's function,
    `self.name(…)` or `cls.name(…)` for a method."""
    if not method:
        return isinstance(func, ast.Name) and func.id == name
    return (
        isinstance(func, ast.Attribute)
        and func.attr == name
        and isinstance(func.value, ast.Name)
        and func.value.id in ("self", "cls")
    )


def _slots(words: list[MappedText]) -> int:
    """The bytes of an argv list itself (its words are charged as they are resolved)."""
    return sys.getsizeof(words)


def _joined_within(parts: list[MappedText]) -> MappedText | None:
    """The parts joined, unless that is longer than `MAX_TEXT` (then unknown: opaque)."""
    if sum(len(part) for part in parts) > MAX_TEXT:
        return None
    return MappedText.join(parts)


def _split(command: MappedText) -> list[MappedText] | None:
    """The words `shlex.split` makes of a known command string, each mapped to where the
    string starts; None when it cannot be split (an unclosed quote)."""
    try:
        words = shlex.split(command.text)
    except ValueError:
        return None
    start = command.offsets[0] if command.offsets else 0
    return [MappedText.at(word, start) for word in words]
