"""What an attribute read resolves to (python/class_attributes.py, python/attribute_values.py,
through the resolver of python/strings.py): the values the module's classes give it."""

from __future__ import annotations

import ast
import textwrap

from auditor.profiles import default_catalog
from auditor.python.model.module import PythonModule
from auditor.python.model.strings import Resolver
from auditor.python.runner.summary import summarize_python
from auditor.python.unit import parse_python
from auditor.source import SourceFile


def _module(code: str) -> PythonModule:
    unit = parse_python(SourceFile("m.py", textwrap.dedent(code)))
    assert unit.module is not None
    return unit.module


def argvs(code: str) -> list[list[str]]:
    """Every argv the first argument of the module's last `run(…)` can be."""
    module = _module(code)
    call = [c for c in module.calls if isinstance(c.func, ast.Name) and c.func.id == "run"][-1]
    found = Resolver(module, positions=False).argvs(call.args[0])
    return [[w.text for w in words] for words in found]


def programs(code: str) -> list[str]:
    return [words[0] for words in argvs(code)]


def test_an_attribute_set_in_init_is_followed_through_its_environment_default() -> None:
    code = """\
        import os
        from pathlib import Path

        class Config:
            def __init__(self):
                self.claude_path = Path(os.getenv("CLAUDE_PATH", "claude"))

        def go(config):
            run([str(config.claude_path), "-p", "x"])
        """
    assert argvs(code) == [["claude", "-p", "x"]]


def test_a_dataclass_default_and_a_field_default() -> None:
    code = """\
        @dataclass
        class Settings:
            binary: str = field(default="gptme")
            flags: list = field(default_factory=list)
            model: str = "anthropic"

        def go(s):
            run([s.binary, "--model", s.model, *s.flags])
        """
    assert argvs(code)[0][:3] == ["gptme", "--model", "anthropic"]
    assert len(argvs(code)[0]) == 4  # `default_factory=` is not followed: an opaque word


def test_a_class_attribute_argv_read_through_self() -> None:
    code = """\
        class Worker:
            command = ["aider", "--yes"]

            def go(self, message):
                run(self.command + ["--message", message])
        """
    assert argvs(code)[0][:3] == ["aider", "--yes", "--message"]


def test_several_classes_give_each_value() -> None:
    code = """\
        class A:
            tool = "claude"

        class B:
            def __init__(self):
                self.tool = "gptme"

        def go(obj):
            run([obj.tool, "x"])
        """
    assert sorted(programs(code)) == ["claude", "gptme"]


def test_the_object_s_class_is_followed_where_the_module_says_it() -> None:
    classes = """\
        class Agent:
            binary = "claude"

        class Formatter:
            binary = "black"

        """
    annotated = "def go(f: Formatter):\n    run([f.binary, '.'])\n"
    constructed = "def go():\n    f = Formatter()\n    run([f.binary, '.'])\n"
    chained = (
        "class Job:\n    def __init__(self):\n        self.tool = Agent()\n"
        "    def go(self):\n        run([self.tool.binary, '.'])\n"
    )
    prefix = textwrap.dedent(classes)
    assert programs(prefix + annotated) == ["black"]
    assert programs(prefix + constructed) == ["black"]
    assert programs(prefix + chained) == ["claude"]


def test_objects_of_other_kinds_have_none_of_the_module_s_values() -> None:
    code = """\
        import sys

        class Config:
            executable = "claude"
            binary = "claude"

        def go(args: argparse.Namespace):
            run([args.binary, "x"])

        def other():
            run([sys.executable, "x"])
        """
    module = _module(code)
    resolver = Resolver(module, positions=False)
    runs = [c for c in module.calls if isinstance(c.func, ast.Name) and c.func.id == "run"]
    for call in runs:
        words = resolver.words(call.args[0])
        assert words is not None and words[0].text != "claude"


def test_nothing_found_stays_unknown() -> None:
    code = """\
        class Config:
            def __init__(self, path):
                self.other = path

        def go(config):
            run([config.binary, "x"])
        """
    module = _module(code)
    call = next(c for c in module.calls if isinstance(c.func, ast.Name) and c.func.id == "run")
    resolver = Resolver(module, positions=False)
    assert resolver.text(call.args[0].elts[0]) is None  # type: ignore[attr-defined]


def test_a_value_nothing_gives_is_read_by_its_name() -> None:
    """A config attribute no class of the tree gives is the agent its name says (its
    first word an agent's command, its last a word for a program); any other stays
    unknown, and a value the tree gives is that value."""
    code = """\
        class Formatter:
            binary = "black"

        def go(config, formatter: Formatter, codex_bin):
            run([config.claude_path, "x"])
            run([config.claude_dir, "x"])
            run([formatter.binary, "x"])
            run([codex_bin, "exec"])
        """
    module = _module(code)
    module.catalog = default_catalog()
    calls = [c for c in module.calls if isinstance(c.func, ast.Name) and c.func.id == "run"]
    resolver = Resolver(module, positions=False)
    texts = [resolver.text(c.args[0].elts[0]) for c in calls]  # type: ignore[attr-defined]
    assert [t.text if t is not None else None for t in texts] == [
        "claude",
        None,
        "black",
        "codex",
    ]


def test_the_project_index_finds_launchers_through_attributes() -> None:
    """The index's twin (python/summary.py): a function launching `config.claude_path`
    is a launcher; an editor, a version probe and another class's attribute are not."""
    code = """\
        import argparse
        import os
        import subprocess
        from pathlib import Path

        class Config:
            def __init__(self):
                self.claude_path = Path(os.getenv("CLAUDE_PATH", "claude"))
                self.editor = "vim"

        class Formatter:
            claude_path = "black"

        class Runner:
            command = ["aider", "--yes"]

            def run(self, message):
                return subprocess.run(self.command + ["--message", message]).returncode

        def run_once(config):
            return subprocess.run([str(config.claude_path), "-p", "go"]).returncode == 0

        def run_local():
            cfg = Config()
            return subprocess.run([cfg.claude_path, "-p", "go"]).returncode

        def edit(config, path):
            return subprocess.run([config.editor, path]).returncode

        def probe(config):
            return subprocess.run([config.claude_path, "--version"]).returncode

        def fmt(formatter: Formatter):
            return subprocess.run([formatter.claude_path, "."]).returncode

        def cli(args: argparse.Namespace):
            return subprocess.run([args.binary, "-p", "go"]).returncode
        """
    summary = summarize_python(textwrap.dedent(code), "m.py")
    assert sorted(summary.launchers) == ["Runner.run", "run_local", "run_once"]
