"""Pipelines and their stages as the shell model records them.

Each stage is named for messages (its program, or a compound's head: `while
read`, `for f in …`), and says whether it runs an agent, does consequential
work, cannot meaningfully fail (`echo`, `cat <<EOF`), or throws its stderr away.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from auditor.profiles import AgentCatalog, AgentProfile
from auditor.shell.commands import SimpleCommand, analyse_command
from auditor.shell.options import ShellOptions
from auditor.shell.parse import LOOPS, Node, ShellText
from auditor.shell.pipelines import PipelineParts
from auditor.shell.words import Value
from auditor.unit import OPAQUE_WORD

TRIVIAL_PRODUCERS = frozenset({"echo", "printf", "true", ":", "yes"})
_DEV_NULL = frozenset({"/dev/null"})


class Stage(NamedTuple):
    """One stage of a pipeline."""

    node: Node
    command: SimpleCommand | None  # None for a compound stage
    label: str  # how messages name it: the program, or a compound's head (`while read`)
    agent: AgentProfile | None  # the agent this stage runs (itself, or a function running one)
    trivial: bool  # cannot meaningfully fail (`echo`, `cat <<EOF`)
    # Work whose failure the runner must see: a fetch, build, test, install, deploy.
    consequential: bool = False
    quiet: bool = False  # its stderr is thrown away (`2>/dev/null`): failure ignored on purpose


class Pipeline(NamedTuple):
    """A pipeline (`a | b`, `a |& b`) and the options in effect where it runs."""

    node: Node  # the node in statement position
    stages: tuple[Stage, ...]
    options: ShellOptions
    negated: bool


class ScriptView(Protocol):
    """What reading a stage needs from the script around it."""

    parsed: ShellText
    catalog: AgentCatalog
    env: dict[str, Value]

    def command_at(self, node: Node) -> SimpleCommand | None:
        """The analysed simple command of a `command` node."""
        ...

    def agent_of(self, command: SimpleCommand) -> AgentProfile | None:
        """The agent a command runs, itself or through a function it calls."""
        ...

    def runs_project_agent(self, command: SimpleCommand) -> bool:
        """Whether a command runs a script of the project that runs an agent."""
        ...


class StageReader:
    """Reads the stages of pipelines in one script."""

    def __init__(self, script: ScriptView) -> None:
        self.script = script

    def pipeline(self, node: Node, parts: PipelineParts, options: ShellOptions) -> Pipeline:
        """The pipeline `node` (split into `parts`) with each stage read."""
        stages = tuple(self._stage(part, heredoc) for part, heredoc in parts.stages)
        return Pipeline(node, stages, options, parts.negated)

    def _stage(self, node: Node, heredoc: bool) -> Stage:
        inner = node
        quiet = False
        if inner.type == "redirected_statement":
            heredoc = heredoc or any(
                c.type in ("heredoc_redirect", "herestring_redirect") for c in inner.named_children
            )
            quiet = self._discards_stderr(inner)
            body = inner.child_by_field_name("body")
            inner = body if body is not None else inner
        if inner.type == "command":
            command = self.script.command_at(inner) or analyse_command(
                inner, self.script.env, self.script.catalog
            )
            name = command.label or self.script.parsed.node_text(inner).split(" ", 1)[0]
            name = name[:1] + name[1:].split("@", 1)[0]  # a package's version: `x@latest`
            if OPAQUE_WORD in name:  # an unknown value: messages name it as the host wrote it
                word = command.word_nodes[command.program_index : command.program_index + 1]
                at = word[0] if word and word[0] is not None else inner
                name = f"{OPAQUE_WORD}@{self.script.parsed.span(at)[0]}"
            trivial = _trivial(command, inner, heredoc)
            consequential = self._consequential(command)
            agent = self.script.agent_of(command)
            return Stage(node, command, name, agent, trivial, consequential, quiet)
        inside = self._commands_inside(inner)
        agent = next((a for c in inside if (a := self.script.agent_of(c)) is not None), None)
        consequential = any(self._consequential(c) for c in inside)
        return Stage(node, None, self._compound_label(inner, inside), agent, False, consequential)

    def _analysed(self, node: Node) -> SimpleCommand:
        script = self.script
        return script.command_at(node) or analyse_command(node, script.env, script.catalog)

    def _consequential(self, command: SimpleCommand) -> bool:
        """Consequential work: a command of the catalogue's (a fetch, a build, a deploy),
        or a script of the project that runs an agent (its failure is the agent's work
        failing, whatever verdict its own status gives)."""
        name = command.name
        listed = name is not None and self.script.catalog.consequential.covers(
            name, command.arguments
        )
        return listed or self.script.runs_project_agent(command)

    def _commands_inside(self, node: Node) -> list[SimpleCommand]:
        """The commands a compound stage runs directly (`{ gptme …; } 2>&1 | tee`), in order."""
        found: list[SimpleCommand] = []
        stack = [node]
        while stack:
            current = stack.pop()
            if current.type == "command":
                found.append(
                    self.script.command_at(current)
                    or analyse_command(current, self.script.env, self.script.catalog)
                )
            if current.type not in ("command_substitution", "function_definition"):
                stack.extend(reversed(current.named_children))
        return found

    def _compound_label(self, node: Node, inside: list[SimpleCommand]) -> str:
        """A compound stage named by its commands: `while read`, `for f in …`, or the
        agent (else the last command) of a `{ …; }` group, whose status is the group's."""
        if node.type == "while_statement":
            keyword = node.children[0].type  # `while` or `until`
            condition = node.child_by_field_name("condition")
            tested = self._commands_inside(condition) if condition is not None else []
            return f"{keyword} {tested[0].name}" if tested and tested[0].name else keyword
        if node.type in LOOPS:
            words = self.script.parsed.node_text(node).split("\n", 1)[0].replace(";", " ").split()
            return " ".join(words[:3]) + " …" if len(words) > 3 else " ".join(words)
        agents = [c for c in inside if self.script.agent_of(c) is not None]
        named = [c for c in agents or inside if c.name]
        if named:
            return named[0 if agents else -1].name or ""
        return self.script.parsed.node_text(node).split(" ", 1)[0]

    def _discards_stderr(self, node: Node) -> bool:
        """Whether a redirected stage sends its stderr to `/dev/null` (`2>/dev/null`, `&>`)."""
        for redirect in node.named_children:
            if redirect.type != "file_redirect":
                continue
            descriptor = redirect.child_by_field_name("descriptor")
            destination = redirect.child_by_field_name("destination")
            if destination is None or self.script.parsed.node_text(destination) not in _DEV_NULL:
                continue
            operator = next((c.type for c in redirect.children if not c.is_named), "")
            if descriptor is not None and self.script.parsed.node_text(descriptor) == "2":
                return True
            if descriptor is None and operator in ("&>", "&>>"):
                return True
        return False


def _trivial(command: SimpleCommand, node: Node, heredoc: bool) -> bool:
    """A producer that cannot meaningfully fail: `echo`, `printf`, `cat <<EOF`."""
    name = command.name
    if name in TRIVIAL_PRODUCERS and not command.wrappers:
        return True
    return name == "cat" and heredoc and not command.arguments
