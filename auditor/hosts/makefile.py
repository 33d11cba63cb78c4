"""Makefiles: recipe lines, run by `$(SHELL) $(.SHELLFLAGS) LINE` as GNU make runs them.

Each logical recipe line is its own shell (the whole recipe is one under
`.ONESHELL`), and make stops when it fails unless it starts with `-`. Make
expands the line first: `$$` becomes `$`, a variable with one plain value is
substituted, and any other reference becomes an opaque word. Within a recipe
line a backslash-newline reaches the shell, and a recipe prefix (a tab) at
the start of the next line is removed. `SHELL`, `.SHELLFLAGS` and
`.ONESHELL` apply to every recipe wherever they appear, as make reads the
whole file before it runs anything.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from auditor.hosts.mapped import EmbeddedShell, MappedText, PhysicalLine, physical_lines
from auditor.shell.command_strings import SHELLS, shell_invocation
from auditor.shell.options import ShellOptions, apply_set

END_USE = "make stops on it"
PIPEFAIL_HINT = "set `SHELL := /bin/bash` and `.SHELLFLAGS := -eu -o pipefail -c`"
_PREFIX_CHARS = "@-+"
_CONDITIONAL = re.compile(r"(ifeq|ifneq|ifdef|ifndef|else|endif)(\s|$)")
_DEFINE = re.compile(r"((override|export|private)\s+)*define(\s|$)")
_DIRECTIVES = re.compile(r"(-include|include|sinclude|vpath|undefine|load|unexport)(\s|$)")
_QUALIFIERS = re.compile(r"((override|export|private|unexport)\s+)+")
_CLOSING = {"(": ")", "{": "}"}


class _Recipe:
    def __init__(self, targets: tuple[str, ...]) -> None:
        self.targets = targets
        self.lines: list[MappedText] = []
        self.breaks: list[int] = []  # where each line ends, for `.ONESHELL`

    def add(self, line: MappedText, line_break: int) -> None:
        self.lines.append(line)
        self.breaks.append(line_break)


class _Makefile:
    """What one read of a makefile finds: recipes, assignments and special targets."""

    def __init__(self) -> None:
        self.recipes: list[_Recipe] = []
        self.assignments: dict[str, list[tuple[str, str]]] = {}  # name: (operator, value)
        self.special: dict[str, tuple[str, ...]] = {}  # `.ONESHELL`: its prerequisites

    def value(self, name: str, default: str) -> str:
        """The value a variable ends with after every assignment to it."""
        value: str | None = None
        for operator, assigned in self.assignments.get(name, []):
            if operator == "+=" and value is not None:
                value = f"{value} {assigned}"
            elif operator != "?=" or value is None:
                value = assigned
        return default if value is None else value


def _continues(text: str) -> bool:
    return (len(text) - len(text.rstrip("\\"))) % 2 == 1


def _recipe_line(lines: list[PhysicalLine], index: int, prefix: str) -> tuple[MappedText, int]:
    """A logical recipe line: backslash-newlines kept, a prefix after them removed."""
    line = lines[index]
    parts = [MappedText.verbatim(line.text[1:], line.start + 1)]
    index += 1
    while _continues(line.text) and index < len(lines):
        parts.append(MappedText.at("\n", line.end - 1))
        line = lines[index]
        skip = 1 if line.text.startswith(prefix) else 0
        parts.append(MappedText.verbatim(line.text[skip:], line.start + skip))
        index += 1
    return MappedText.join(parts), index


def _make_line(lines: list[PhysicalLine], index: int) -> tuple[MappedText, int]:
    """A logical make line: each backslash-newline and the blanks around it become one space."""
    line = lines[index]
    parts: list[MappedText] = []
    text, start = line.text, line.start
    index += 1
    while _continues(text) and index < len(lines):
        kept = text[:-1].rstrip()
        parts.append(MappedText.verbatim(kept + " ", start))
        line = lines[index]
        stripped = line.text.lstrip()
        text, start = stripped, line.start + len(line.text) - len(stripped)
        index += 1
    parts.append(MappedText.verbatim(text, start))
    return MappedText.join(parts), index


def _reference_end(text: str, index: int) -> int:
    """The index after a `$(…)`/`${…}`/`$X` reference starting at `index` (at the `$`)."""
    opening = text[index + 1 : index + 2]
    if opening not in _CLOSING:
        return min(index + 2, len(text))
    depth = 0
    for position in range(index + 1, len(text)):
        if text[position] == opening:
            depth += 1
        elif text[position] == _CLOSING[opening]:
            depth -= 1
            if depth == 0:
                return position + 1
    return len(text)


def _operator(text: str) -> tuple[int, str] | None:
    """The first `:` or assignment operator outside references: its index and itself."""
    index = 0
    while index < len(text):
        char = text[index]
        if char == "$":
            index = _reference_end(text, index)
            continue
        if char == "=":
            before = text[index - 1 : index] if index and text[index - 1] in "?+!" else ""
            return index - len(before), before + "="
        if char == ":":
            match = re.compile(r":{1,3}=").match(text, index)
            return (index, match.group()) if match else (index, ":")
        index += 1
    return None


def _uncommented(text: str) -> str:
    match = re.search(r"(?<!\\)#", text)
    return text[: match.start()] if match else text


def read_makefile(source: str) -> _Makefile:
    """Recipes, assignments and special targets, in one pass like make's read phase."""
    found = _Makefile()
    lines = physical_lines(source)
    prefix = "\t"
    recipe: _Recipe | None = None
    defines = 0
    index = 0
    while index < len(lines):
        text = lines[index].text
        stripped = text.strip()
        if defines:
            defines += 1 if _DEFINE.match(stripped) else -1 if stripped.startswith("endef") else 0
            index += 1
            continue
        if recipe is not None and text.startswith(prefix):
            line, index = _recipe_line(lines, index, prefix)
            recipe.add(line, lines[index - 1].end - 1)
            continue
        line, index = _make_line(lines, index)
        stripped = line.text.strip()
        if not stripped or stripped.startswith("#") or _CONDITIONAL.match(stripped):
            continue
        recipe = None
        if _DEFINE.match(stripped):
            defines = 1
            continue
        if _DIRECTIVES.match(stripped):
            continue
        semicolon = _inline_recipe(line.text)
        head = _uncommented(line.text[:semicolon] if semicolon is not None else line.text)
        operator = _operator(head)
        if operator is None:
            continue  # include, vpath, export NAME
        position, kind = operator
        name = _QUALIFIERS.sub("", head[:position]).strip()
        if kind != ":":
            value = head[position + len(kind) :].strip()
            found.assignments.setdefault(name, []).append((kind, value))
            if name == ".RECIPEPREFIX":
                prefix = value[:1] or "\t"
            continue
        prerequisites = head[position + 1 :].lstrip(":")
        assignment = _operator(prerequisites)
        if assignment is not None and assignment[1] != ":":
            continue  # a target-specific variable: `target: VAR = value`
        targets = tuple(name.split())
        for target in targets:
            if target.startswith(".") and target.isupper():
                found.special[target] = tuple(prerequisites.split())
        recipe = _Recipe(targets)
        found.recipes.append(recipe)
        if semicolon is not None:
            recipe.add(line.slice(semicolon + 1, len(line)), lines[index - 1].end - 1)
    return found


def _inline_recipe(text: str) -> int | None:
    """The index of the `;` that starts a recipe on a rule line, if any."""
    semicolon = text.find(";")
    comment = _uncommented(text)
    return semicolon if 0 <= semicolon < len(comment) else None


class _Expander:
    """Make's expansion of a recipe line, with each resulting character mapped."""

    def __init__(self, makefile: _Makefile) -> None:
        self.makefile = makefile

    def reference(self, name: str) -> str | None:
        """The value of `$(name)` when one plain assignment decides it."""
        values = self.makefile.assignments.get(name, [])
        plain = [value for operator, value in values if operator != "!=" and "$" not in value]
        if values and len(plain) == len(values) and all(not v.strip("@-+ ") for v in plain):
            return plain[-1] if len(set(plain)) == 1 else ""  # `Q = @`: prefixes only
        if len(values) == 1 and len(plain) == 1 and values[0][0] != "+=":
            return plain[0]
        return None

    def expand(self, line: MappedText) -> MappedText:
        parts: list[MappedText] = []
        text = line.text
        index = 0
        while index < len(text):
            if text[index] != "$":
                parts.append(line.slice(index, index + 1))
                index += 1
                continue
            if text[index + 1 : index + 2] == "$":
                parts.append(line.slice(index, index + 1))
                index += 2
                continue
            end = _reference_end(text, index)
            inner = text[index + 1 : end]
            name = inner[1:-1] if inner[:1] in _CLOSING else inner
            value = self.reference(name.strip()) if name else ""
            at = line.offsets[index]
            parts.append(MappedText.opaque(at) if value is None else MappedText.at(value, at))
            index = end
        return MappedText.join(parts)


def _strip_prefixes(line: MappedText) -> tuple[MappedText, str]:
    """A recipe line without its leading `@`, `-`, `+` and blanks, and those prefixes."""
    text = line.text
    start = len(text) - len(text.lstrip(_PREFIX_CHARS + " \t"))
    return line.slice(start, len(text)), text[:start]


def _shell_options(makefile: _Makefile) -> ShellOptions | None:
    """The options recipes start with, or None when `SHELL` is not a POSIX shell."""
    shell = makefile.value("SHELL", "/bin/sh").split()
    program = shell[0].rsplit("/", 1)[-1] if shell else "sh"
    if program not in SHELLS and "$" not in program:
        return None
    default = "-ec" if ".POSIX" in makefile.special else "-c"
    flags = makefile.value(".SHELLFLAGS", default).split()
    found = shell_invocation(("sh", *flags, "LINE"))
    if found is not None:
        return found[1]
    return apply_set(ShellOptions(), [f.replace("c", "") if f[:1] == "-" else f for f in flags])


def makefile_shells(text: MappedText) -> Iterator[EmbeddedShell]:
    """The shell code of every recipe line (or whole recipe under `.ONESHELL`)."""
    makefile = read_makefile(text.text)
    options = _shell_options(makefile)
    if options is None:
        return
    expander = _Expander(makefile)
    ignored = makefile.special.get(".IGNORE")
    oneshell = ".ONESHELL" in makefile.special
    for recipe in makefile.recipes:
        ignore_all = ignored is not None and (
            not ignored or any(target in ignored for target in recipe.targets)
        )
        scripts: list[tuple[MappedText, str]] = []
        for line in recipe.lines:
            code, prefixes = _strip_prefixes(expander.expand(line))
            scripts.append((code, prefixes))
        if oneshell and scripts:
            joined = [scripts[0][0]]
            for line_break, (code, _) in zip(recipe.breaks, scripts[1:], strict=False):
                joined.extend((MappedText.at("\n", line_break), code))
            scripts = [(MappedText.join(joined), scripts[0][1])]
        where = "`.ONESHELL` recipe" if oneshell else "recipe line"
        for code, prefixes in scripts:
            if not code.text.strip():
                continue
            end_use = None if ignore_all or "-" in prefixes else END_USE
            yield EmbeddedShell(
                code.through(text.offsets),
                options,
                end_use,
                where,
                PIPEFAIL_HINT,
                interactive=True,
                workdir="",  # make runs a recipe in the Makefile's folder
            )
