"""Whether a Python file's text can call an agent step: a test run before any parse.

A step call is resolved through the file's imports, so the file names both
the callable and where it comes from: `from gptme.chat import step` holds
`step` and `chat`; `tooluse.execute(…)` on a `ToolUse` holds `ToolUse` and
`.execute`; a launcher of the audited tree is named with its module (`from
.runner import run_agent`), or called in the module that defines it. A file
that holds no such pair of words cannot call a step, and is not parsed for
the rules that need one. Nothing is parsed here: this runs on every Python file.
For a module of the project index whose every function the call graph has facts
of, the graph answers instead of the words (a module of the audited tree names
its launchers' words in docstrings and unrelated calls alike): it may call a step
when it defines a launcher, or a call of it reaches a step callable or a launcher.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import NamedTuple

from auditor.project import ProjectIndex
from auditor.python.runner.steps import StepCatalog, may_look_up_tool


class StepNeedles(NamedTuple):
    """Groups of words a file must all hold to call a step, and the tree's own launchers;
    for the modules of the index, what the call graph says."""

    # the groups by their first word, each as the words it needs beside it (only a text
    # holding the first word can match a group)
    groups: Mapping[str, tuple[tuple[str, ...], ...]]
    # display path -> names of the launchers defined there (callable without an import)
    own: Mapping[str, tuple[str, ...]]
    # the catalogue's methods, as groups (`ToolUse`, `.execute`): a call on a value of a
    # class the graph does not follow
    methods: tuple[tuple[str, str], ...] = ()
    # the modules whose every function the call graph has facts of, and those of them
    # it says may run a step (`graph_questions.step_calling_paths`): asked instead of the text
    graph: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())

    @classmethod
    def build(
        cls,
        steps: StepCatalog,
        project: ProjectIndex,
        graph: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset()),
    ) -> StepNeedles:
        """The needles of the step catalogue and of the project index's launchers, and the
        call graph's answer for the modules it knows whole (`graph`)."""
        groups: set[tuple[str, ...]] = set()
        for qualified in steps.functions:
            module, _, name = qualified.rpartition(".")
            groups.add((name, module.rsplit(".", 1)[-1]) if module else (name,))
        groups.update((owner, f".{method}") for owner, method in steps.methods)
        own: dict[str, list[str]] = defaultdict(list)
        for module, summary in project.python.items():
            tail = module.rsplit(".", 1)[-1]
            for qualname in summary.launchers:
                name = qualname.rsplit(".", 1)[-1]
                groups.add((name, tail))
                own[summary.path].append(name)
                # a base class's `self.name()` may run it (a mixin's retry loop)
                owner = qualname.rsplit(".", 1)[0] if "." in qualname else ""
                bases = summary.class_bases.get(owner, ())
                groups.update((f"self.{name}(", f"class {b.rsplit('.', 1)[-1]}") for b in bases)
        by_word: dict[str, list[tuple[str, ...]]] = defaultdict(list)
        for group in sorted(groups):
            by_word[group[0]].append(group[1:])
        return cls(
            {word: tuple(found) for word, found in by_word.items()},
            {path: tuple(names) for path, names in own.items()},
            tuple(sorted(steps.methods)),
            graph,
        )

    def found(self, text: str, path: str) -> bool:
        """Whether `text` (the file at `path`) can call a step."""
        known, calling = self.graph
        if path in known:
            methods = any(o in text and f".{m}" in text for o, m in self.methods)
            return path in calling or methods
        if any(name in text for name in self.own.get(path, ())) or may_look_up_tool(text):
            return True  # (or a tool taken from a registry by a name: `runs_tool`)
        return any(
            all(other in text for other in group)
            for word, found in self.groups.items()
            if word in text
            for group in found
        )
