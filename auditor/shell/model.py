"""The shell model: one walk over a tree-sitter-bash tree, in source order.

It records every simple command (with wrappers stripped and the agent
recognised), every pipeline with its stages, the options in effect at each
(errexit, pipefail: from the shebang, `set`, `shopt`, with subshells, pipeline
stages and command substitutions scoped), the functions, and the variables
whose values are known statically.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from auditor.profiles import AgentCatalog, AgentProfile
from auditor.shell.commands import SimpleCommand, analyse_command
from auditor.shell.options import ShellOptions, apply_set, apply_shopt, shebang_options
from auditor.shell.parse import Node, ShellText
from auditor.shell.words import Value, assigned_value

TRIVIAL_PRODUCERS = frozenset({"echo", "printf", "true", ":", "yes"})
_SCOPES = frozenset({"subshell", "process_substitution"})
_COMPOUND_LABELS = {
    "subshell": "( … )",
    "compound_statement": "{ … }",
    "while_statement": "while loop",
    "for_statement": "for loop",
    "c_style_for_statement": "for loop",
    "if_statement": "if block",
    "case_statement": "case block",
}


@dataclass(frozen=True)
class Stage:
    """One stage of a pipeline."""

    node: Node
    command: SimpleCommand | None  # None for a compound stage
    label: str  # how messages name it: the program, or the compound's kind
    agent: AgentProfile | None  # the agent this stage runs directly, if any
    trivial: bool  # cannot meaningfully fail (`echo`, `cat <<EOF`)


@dataclass(frozen=True)
class Pipeline:
    """A pipeline (`a | b`, `a |& b`) and the options in effect where it runs."""

    node: Node  # the node in statement position
    stages: tuple[Stage, ...]
    options: ShellOptions
    negated: bool


@dataclass
class ShellScript:
    """What the rules read about one unit of shell."""

    parsed: ShellText
    catalog: AgentCatalog
    commands: list[SimpleCommand] = field(default_factory=list)
    pipelines: list[Pipeline] = field(default_factory=list)
    functions: dict[str, Node] = field(default_factory=dict)
    env: dict[str, Value] = field(default_factory=dict)
    _command_by_id: dict[int, SimpleCommand] = field(default_factory=dict)
    _options_by_id: dict[int, ShellOptions] = field(default_factory=dict)

    @classmethod
    def build(
        cls, text: str, catalog: AgentCatalog, initial: ShellOptions | None = None
    ) -> ShellScript:
        """Parse and walk `text`; `initial` overrides the shebang's options."""
        script = cls(ShellText(text), catalog)
        first_line = text.split("\n", 1)[0]
        script._walk(script.parsed.root, initial or shebang_options(first_line))
        return script

    def command_at(self, node: Node) -> SimpleCommand | None:
        """The analysed simple command of a `command` node."""
        return self._command_by_id.get(node.id)

    def options_at(self, node: Node) -> ShellOptions:
        """The options in effect at a pipeline or assignment statement."""
        return self._options_by_id.get(node.id, ShellOptions())

    # The walk returns the options in effect after the node.
    def _walk(self, node: Node, options: ShellOptions) -> ShellOptions:
        kind = node.type
        if kind == "command":
            return self._command(node, options)
        if kind == "variable_assignment":
            self._options_by_id[node.id] = options
            self._walk_children(node, options)
            name = node.child_by_field_name("name")
            value = assigned_value(node.child_by_field_name("value"), self.env)
            if name is not None and value is not None:
                self.env[self.parsed.node_text(name)] = value
            return options
        if kind in _SCOPES:
            self._walk_children(node, options)
            return options
        if kind == "command_substitution":
            self._walk_children(node, options.in_substitution())
            return options
        if kind == "function_definition":
            name = node.child_by_field_name("name")
            if name is not None:
                self.functions[self.parsed.node_text(name)] = node
            self._walk_children(node, options)
            return options
        parts = _pipeline_parts(node)
        if parts is not None:
            for part, _ in parts:
                self._walk(part, options)  # each stage runs in a subshell
            self.pipelines.append(self._pipeline(node, parts, options))
            return options
        return self._walk_children(node, options)

    def _walk_children(self, node: Node, options: ShellOptions) -> ShellOptions:
        for child in node.named_children:
            options = self._walk(child, options)
        return options

    def _command(self, node: Node, options: ShellOptions) -> ShellOptions:
        self._walk_children(node, options)  # substitutions in the words run first
        command = analyse_command(node, self.env, self.catalog)
        self.commands.append(command)
        self._command_by_id[node.id] = command
        if command.command_name == "set":
            return apply_set(options, command.argv[1:])
        if command.command_name == "shopt":
            return apply_shopt(options, command.argv[1:])
        return options

    def _pipeline(
        self, node: Node, parts: list[tuple[Node, bool]], options: ShellOptions
    ) -> Pipeline:
        negated = node.type == "pipeline" and node.named_children[0].type == "negated_command"
        stages = tuple(self._stage(part, heredoc) for part, heredoc in parts)
        return Pipeline(node, stages, options, negated)

    def _stage(self, node: Node, heredoc: bool) -> Stage:
        inner = node
        if inner.type == "redirected_statement":
            heredoc = heredoc or any(
                c.type in ("heredoc_redirect", "herestring_redirect") for c in inner.named_children
            )
            body = inner.child_by_field_name("body")
            inner = body if body is not None else inner
        if inner.type == "command":
            command = self.command_at(inner) or analyse_command(inner, self.env, self.catalog)
            name = command.name or self.parsed.node_text(inner).split(" ", 1)[0]
            trivial = _trivial(command, inner, heredoc)
            return Stage(node, command, name, command.agent, trivial)
        agent = self._agent_inside(inner)
        label = _COMPOUND_LABELS.get(inner.type, self.parsed.node_text(inner).split(" ", 1)[0])
        return Stage(node, None, label, agent, False)

    def _agent_inside(self, node: Node) -> AgentProfile | None:
        """The agent a compound stage runs directly (`{ gptme …; } 2>&1 | tee`)."""
        stack = [node]
        while stack:
            current = stack.pop()
            if current.type == "command":
                agent = analyse_command(current, self.env, self.catalog).agent
                if agent is not None:
                    return agent
            if current.type not in ("command_substitution", "function_definition"):
                stack.extend(current.named_children)
        return None


def _pipeline_parts(node: Node) -> list[tuple[Node, bool]] | None:
    """The stages of a pipeline node, each with whether it reads a here-doc."""
    if node.type == "pipeline":
        parts = list(node.named_children)
        if parts and parts[0].type == "negated_command" and parts[0].named_children:
            parts[0] = parts[0].named_children[0]  # `! a | b` negates the whole pipeline
        stages = [(part, False) for part in parts if part.type != "comment"]
        return stages if len(stages) >= 2 else None
    if node.type != "redirected_statement":
        return None
    # tree-sitter-bash puts `| b` of `cat <<EOF | b` inside the here-doc redirect.
    body = node.child_by_field_name("body")
    for child in node.named_children:
        if child.type != "heredoc_redirect" or body is None:
            continue
        tail = next((c for c in child.named_children if c.type == "pipeline"), None)
        if tail is not None:
            rest = [c for part in tail.named_children for c in _flatten(part)]
            return [(body, True), *((part, False) for part in rest)]
    return None


def _flatten(node: Node) -> list[Node]:
    if node.type == "pipeline":
        return [c for c in node.named_children if c.type != "comment"]
    return [node]


def _trivial(command: SimpleCommand, node: Node, heredoc: bool) -> bool:
    """A producer that cannot meaningfully fail: `echo`, `printf`, `cat <<EOF`."""
    if any(_has_substitution(child) for child in node.named_children):
        return False
    name = command.name
    if name in TRIVIAL_PRODUCERS and not command.wrappers:
        return True
    return name == "cat" and heredoc and not command.arguments


def _has_substitution(node: Node) -> bool:
    if node.type in ("command_substitution", "process_substitution"):
        return True
    return any(_has_substitution(child) for child in node.named_children)
