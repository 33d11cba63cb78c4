"""GitHub Actions: every `run:` step's script with its effective shell.

In a workflow, the shell of a step is its `shell:`, else the job's
`defaults.run.shell`, else the workflow's, else the runner's default
(`bash -e {0}` on Linux: errexit on, pipefail off; `pwsh` on Windows). In a
composite action (`action.yml` with `runs.using: composite`) every `run:`
step names its `shell:`. YAML scalars are decoded character by
character so each shell character keeps its offset in the workflow file;
`${{ … }}` expressions become opaque words.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import NamedTuple

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from auditor.hosts.mapped import EmbeddedShell, MappedText, UnreadableHost
from auditor.shell.command_strings import SHELLS
from auditor.shell.options import ShellOptions, apply_set
from auditor.unit import OPAQUE_WORD, ParseError

DEFAULT_OPTIONS = ShellOptions(errexit=True)  # `bash -e {0}`
_KEYWORD_OPTIONS = {
    "bash": ShellOptions(errexit=True, pipefail=True),  # bash --noprofile --norc -eo pipefail {0}
    "sh": ShellOptions(errexit=True),  # sh -e {0}
}
PIPEFAIL_HINT = (
    "add `shell: bash` to the step (or to `defaults.run`): GitHub runs it with "
    "`bash -eo pipefail {0}`; or start the script with `set -o pipefail`"
)
COMPOSITE_PIPEFAIL_HINT = (
    "use `shell: bash`: GitHub runs it with `bash -eo pipefail {0}`; "
    "or start the script with `set -o pipefail`"
)
_DOUBLE_QUOTED_ESCAPES = {
    "0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v",
    "f": "\f", "r": "\r", "e": "\x1b", " ": " ", '"': '"', "\\": "\\", "/": "/",
    "N": "\x85", "_": "\xa0", "L": "\u2028", "P": "\u2029",
}  # fmt: skip
_CODE_LENGTHS = {"x": 2, "u": 4, "U": 8}


class _Builder:
    """Characters of a decoded scalar, each with the source index it came from."""

    def __init__(self) -> None:
        self.chars: list[str] = []
        self.offsets: list[int] = []

    def add(self, text: str, offset: int) -> None:
        self.chars.append(text)
        self.offsets.extend([offset] * len(text))

    def copy(self, source: str, start: int, end: int) -> None:
        self.chars.append(source[start:end])
        self.offsets.extend(range(start, end))

    def mapped(self) -> MappedText:
        return MappedText("".join(self.chars), tuple(self.offsets))


def _break_at(source: str, index: int) -> int:
    """The length of the line break at `index` (0 if there is none)."""
    if source.startswith("\r\n", index):
        return 2
    return 1 if source[index : index + 1] in ("\n", "\r") else 0


def _column(source: str, index: int) -> int:
    return index - max(source.rfind("\n", 0, index), source.rfind("\r", 0, index)) - 1


def _skip_properties(source: str, index: int) -> int:
    """Past a node's tag (`!!str`) and anchor (`&a`), to its first character."""
    while source[index : index + 1] in ("!", "&"):
        while index < len(source) and source[index] not in " \t\r\n":
            index += 1
        while index < len(source) and source[index] in " \t\r\n":
            index += 1
    return index


def _flow_scalar(source: str, start: int, end: int, style: str | None) -> MappedText:
    """A plain or quoted scalar: line folding, `''` and backslash escapes undone."""
    out = _Builder()
    index = start
    while index < end:
        char = source[index]
        if char in " \t\r\n":
            blank_end = index
            while blank_end < end and source[blank_end] in " \t":
                blank_end += 1
            if blank_end < end and _break_at(source, blank_end):
                index = _fold(source, blank_end, end, out, space=True)
            else:
                out.copy(source, index, blank_end)
                index = blank_end
        elif style == "'" and source.startswith("''", index):
            out.add("'", index)
            index += 2
        elif style == '"' and char == "\\":
            index = _escape(source, index, end, out)
        else:
            out.add(char, index)
            index += 1
    return out.mapped()


def _fold(source: str, index: int, end: int, out: _Builder, space: bool) -> int:
    """Fold the line break at `index` and the empty lines after it; return where text resumes."""
    length = _break_at(source, index)
    first = index + length - 1
    index += length
    empty: list[int] = []
    while index < end:
        if source[index] in " \t":
            index += 1
        elif _break_at(source, index):
            empty.append(index + _break_at(source, index) - 1)
            index += _break_at(source, index)
        else:
            break
    if not empty and space:
        out.add(" ", first)
    for position in empty:
        out.add("\n", position)
    return index


def _escape(source: str, index: int, end: int, out: _Builder) -> int:
    following = source[index + 1 : index + 2]
    if following in _DOUBLE_QUOTED_ESCAPES:
        out.add(_DOUBLE_QUOTED_ESCAPES[following], index)
        return index + 2
    if following in _CODE_LENGTHS:
        digits = source[index + 2 : index + 2 + _CODE_LENGTHS[following]]
        out.add(chr(int(digits, 16)), index)
        return index + 2 + len(digits)
    if _break_at(source, index + 1):
        return _fold(source, index + 1, end, out, space=False)
    out.add(following, index)
    return index + 2


def _block_scalar(source: str, start: int, parent_indent: int) -> MappedText:
    """A literal (`|`) or folded (`>`) block scalar, as PyYAML reads it."""
    folded = source[start] == ">"
    index = start + 1
    chomping: bool | None = None
    increment: int | None = None
    while source[index : index + 1] and source[index] in "+-123456789":
        if source[index] in "+-":
            chomping = source[index] == "+"
        else:
            increment = int(source[index])
        index += 1
    while index < len(source) and not _break_at(source, index):
        index += 1
    index += _break_at(source, index)
    minimum = max(parent_indent + 1, 1)
    if increment is None:
        widest = 0
        probe = index
        while source[probe : probe + 1] == " " or _break_at(source, probe):
            probe += _break_at(source, probe) or 1
            if source[probe - 1] == " ":
                widest = max(widest, _column(source, probe))
        indent = max(minimum, widest)
    else:
        indent = minimum + increment - 1
    out = _Builder()
    breaks, index = _block_breaks(source, index, indent)
    line_break: int | None = None
    while _column(source, index) == indent and index < len(source):
        for position in breaks:
            out.add("\n", position)
        leading_text = source[index] not in " \t"
        line_end = index
        while line_end < len(source) and not _break_at(source, line_end):
            line_end += 1
        out.copy(source, index, line_end)
        length = _break_at(source, line_end)
        line_break = line_end + length - 1 if length else None
        breaks, index = _block_breaks(source, line_end + length, indent)
        if not (_column(source, index) == indent and index < len(source)):
            break
        if folded and line_break is not None and leading_text and source[index] not in " \t":
            if not breaks:
                out.add(" ", line_break)
        elif line_break is not None:
            out.add("\n", line_break)
    if chomping is not False and line_break is not None:
        out.add("\n", line_break)
    if chomping is True:
        for position in breaks:
            out.add("\n", position)
    return out.mapped()


def _block_breaks(source: str, index: int, indent: int) -> tuple[list[int], int]:
    """Empty lines before the next line of a block scalar: their breaks, and where it starts."""
    breaks: list[int] = []
    while _column(source, index) < indent and source[index : index + 1] == " ":
        index += 1
    while _break_at(source, index):
        length = _break_at(source, index)
        breaks.append(index + length - 1)
        index += length
        while _column(source, index) < indent and source[index : index + 1] == " ":
            index += 1
    return breaks, index


def scalar_text(source: str, node: ScalarNode, parent_indent: int) -> MappedText:
    """The value of a scalar node, each character mapped to its index in `source`."""
    start = _skip_properties(source, node.start_mark.index)
    end = node.end_mark.index
    if node.style in ("|", ">"):
        mapped = _block_scalar(source, start, parent_indent)
    elif node.style in ("'", '"'):
        mapped = _flow_scalar(source, start + 1, end - 1, node.style)
    else:
        mapped = _flow_scalar(source, start, end, None)
    if mapped.text != node.value:  # a construct decoded differently: keep the text, lose columns
        return MappedText.at(node.value, start)
    return mapped


def _get(node: Node | None, key: str) -> tuple[ScalarNode, Node] | None:
    """The key node and value of `key` in a mapping node."""
    if not isinstance(node, MappingNode):
        return None
    for key_node, value in node.value:
        if isinstance(key_node, ScalarNode) and key_node.value == key:
            return key_node, value
    return None


def _value(node: Node | None, *path: str) -> Node | None:
    for key in path:
        found = _get(node, key)
        if found is None:
            return None
        node = found[1]
    return node


def _scalar(node: Node | None) -> str | None:
    return node.value if isinstance(node, ScalarNode) else None


def shell_options(shell: str | None) -> ShellOptions | None:
    """The options a `shell:` value starts the script with, or None if it is not shell."""
    if shell is None:
        return DEFAULT_OPTIONS
    words = shell.split()
    if not words or "${{" in shell:
        return None
    program = words[0].rsplit("/", 1)[-1]
    if program not in SHELLS:
        return None  # pwsh, powershell, cmd, python, or a custom interpreter
    if len(words) == 1:
        return _KEYWORD_OPTIONS.get(program, DEFAULT_OPTIONS)
    end = words.index("{0}") if "{0}" in words else len(words)
    return apply_set(ShellOptions(), [w for w in words[1:end] if not w.startswith("--")])


def _runs_on_windows(job: Node) -> bool:
    runs_on = _value(job, "runs-on")
    labels = runs_on.value if isinstance(runs_on, SequenceNode) else [runs_on]
    return any((_scalar(label) or "").lower().startswith("windows") for label in labels)


class _Step(NamedTuple):
    """A `run:` step: its key and value, its explicit shell, whether it runs on Windows,
    and the folder it runs in relative to the workspace (None: not known)."""

    key: ScalarNode
    run: ScalarNode
    shell: str | None
    windows: bool
    workdir: str | None
    later: tuple[Node, ...] = ()  # the job's later steps: they run after it, in its workspace


def _steps(root: Node) -> Iterator[_Step]:
    """Each `run:` step of a workflow's jobs."""
    workflow_shell = _scalar(_value(root, "defaults", "run", "shell"))
    jobs = _value(root, "jobs")
    if not isinstance(jobs, MappingNode):
        return
    for _, job in jobs.value:
        job_shell = _scalar(_value(job, "defaults", "run", "shell")) or workflow_shell
        job_folder = _scalar(_value(job, "defaults", "run", "working-directory")) or ""
        steps = _value(job, "steps")
        if not isinstance(steps, SequenceNode):
            continue
        windows = _runs_on_windows(job)
        for index, step in enumerate(steps.value):
            run = _get(step, "run")
            if run is None or not isinstance(run[1], ScalarNode):
                continue
            shell = _scalar(_value(step, "shell")) or job_shell
            folder = _scalar(_value(step, "working-directory")) or job_folder
            later = tuple(steps.value[index + 1 :])
            yield _Step(run[0], run[1], shell, windows, _workdir(folder), later)


def _workdir(folder: str) -> str | None:
    """A `working-directory:` relative to the workspace; None when it is an expression or
    an absolute path (a folder the workflow names at run time or outside the checkout)."""
    return None if "${{" in folder or folder.startswith(("/", "~")) else folder


def _composite_steps(root: Node) -> Iterator[_Step]:
    """The `run:` steps of a composite action, each with the shell it must name; they run
    in the calling workflow's workspace, not beside the action."""
    runs = _value(root, "runs")
    if (_scalar(_value(runs, "using")) or "").lower() != "composite":
        return
    steps = _value(runs, "steps")
    if not isinstance(steps, SequenceNode):
        return
    for step in steps.value:
        run = _get(step, "run")
        shell = _scalar(_value(step, "shell"))
        if run is not None and isinstance(run[1], ScalarNode) and shell is not None:
            yield _Step(run[0], run[1], shell, False, None)


def without_expressions(script: MappedText) -> MappedText:
    """`${{ … }}` expressions (which tree-sitter cannot parse) replaced by opaque words.

    A placeholder as long as the expression is padded and mapped one to one,
    so a pipeline holding it still spans exactly what is written.
    """
    parts: list[MappedText] = []
    position = 0
    for start, end in _expressions(script.text):
        parts.append(script.slice(position, start))
        offsets = script.offsets[start:end]
        in_order = all(b == a + 1 for a, b in itertools.pairwise(offsets))
        if in_order and len(offsets) >= len(OPAQUE_WORD):
            parts.append(MappedText(OPAQUE_WORD.ljust(len(offsets), "_"), tuple(offsets)))
        else:
            parts.append(MappedText.opaque(offsets[0]))
        position = end
    parts.append(script.slice(position, len(script)))
    return MappedText.join(parts)


def _expressions(text: str) -> Iterator[tuple[int, int]]:
    """Where each `${{ … }}` starts and ends. One forward scan: once no `}}` follows an
    opening, none closes a later one either (a regex search from every `${{` made a step
    holding many unclosed ones quadratic)."""
    start = text.find("${{")
    while start != -1:
        close = text.find("}}", start + 3)
        if close == -1:
            return
        yield start, close + 2
        start = text.find("${{", close + 2)


def _yaml_error(text: MappedText, error: yaml.YAMLError) -> ParseError:
    """Where the YAML reader stopped, and why, as a parse error of the host file."""
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    offset = 0
    if mark is not None and 0 <= mark.index < len(text.offsets):
        offset = text.offsets[mark.index]
    problem = getattr(error, "problem", None) or "invalid YAML"
    line = f"line {mark.line + 1}" if mark is not None else "the start"
    message = f"runaudit could not read this workflow: {problem} at {line}"
    return ParseError(offset, offset + 1, message)


def actions_shells(text: MappedText) -> Iterator[EmbeddedShell]:
    """The shell script of every `run:` step whose effective shell is a POSIX shell."""
    try:
        root = yaml.compose(text.text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as error:
        raise UnreadableHost(_yaml_error(text, error)) from None
    if root is None:
        return
    steps = [(step, PIPEFAIL_HINT) for step in _steps(root)]
    steps += [(step, COMPOSITE_PIPEFAIL_HINT) for step in _composite_steps(root)]
    read: dict[int, tuple[str, str]] = {}  # what each step runs, read once (`_step_code`)
    for step, hint in steps:
        if step.shell is None and step.windows:
            continue  # the Windows runners' default shell is pwsh
        options = shell_options(step.shell)
        if options is None:
            continue
        script = scalar_text(text.text, step.run, step.key.start_mark.column)
        code = without_expressions(script).through(text.offsets)
        end_use, where = "the step fails on it", "`run:` step"
        later = [_step_code(text.text, node, read) for node in step.later]
        after = ("\n".join(s for s, _ in later if s), "\n".join(c for _, c in later if c))
        yield EmbeddedShell(code, options, end_use, where, hint, workdir=step.workdir, after=after)


def _step_code(source: str, step: Node, read: dict[int, tuple[str, str]]) -> tuple[str, str]:
    """What a step runs: the shell of its `run:` (expressions made opaque), and the
    program its action is given (`actions/github-script`'s `with: script:`); each step
    read once (`read`, by the node), however many earlier steps it follows."""
    if id(step) not in read:
        shell = code = ""
        run = _get(step, "run")
        if run is not None and isinstance(run[1], ScalarNode):
            shell = without_expressions(scalar_text(source, run[1], run[0].start_mark.column)).text
        program = _value(step, "with", "script")
        if isinstance(program, ScalarNode):
            code = program.value
        read[id(step)] = (shell, code)
    return read[id(step)]
