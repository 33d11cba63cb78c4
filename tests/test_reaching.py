"""Every definition that reaches a use (python/reaching.py), and every value the resolver
gives for it (python/strings.py `texts`, `argvs`; python/choices.py)."""

from __future__ import annotations

import ast
import textwrap

import pytest

from auditor.python.model.choices import Choices
from auditor.python.model.module import PythonModule
from auditor.python.model.strings import Resolver
from auditor.python.unit import parse_python
from auditor.source import SourceFile


def _module(code: str) -> PythonModule:
    unit = parse_python(SourceFile("m.py", textwrap.dedent(code)))
    assert unit.module is not None
    return unit.module


def _argument(module: PythonModule, function: str = "run") -> ast.expr:
    """The first argument of the last call of `function` in the module."""
    calls = [
        c
        for c in module.calls
        if isinstance(c.func, ast.Name | ast.Attribute)
        and (c.func.id if isinstance(c.func, ast.Name) else c.func.attr) == function
    ]
    return calls[-1].args[0]


def texts(code: str) -> list[str]:
    module = _module(code)
    return [t.text for t in Resolver(module, positions=False).texts(_argument(module))]


def argvs(code: str) -> list[list[str]]:
    module = _module(code)
    found = Resolver(module, positions=False).argvs(_argument(module))
    return [[w.text for w in words] for words in found]


def test_both_arms_of_an_if_reach_the_use() -> None:
    code = """\
        def go(agent, p):
            if agent == "claude":
                cmd = f"claude -p {p} | tee log"
            else:
                cmd = f"gptme -n {p} | tee log"
            run(cmd)
        """
    found = texts(code)
    assert len(found) == 2
    assert found[0].startswith("gptme") and found[1].startswith("claude")


def test_an_unconditional_assignment_hides_the_earlier_ones() -> None:
    code = """\
        def go(p):
            cmd = "claude -p x"
            cmd = "echo hi"
            run(cmd)
        """
    assert texts(code) == ["echo hi"]


def test_a_conditional_reassignment_keeps_the_default() -> None:
    code = """\
        def go(fast):
            cmd = "gptme -n task"
            if fast:
                cmd = "claude -p task"
            run(cmd)
        """
    assert texts(code) == ["claude -p task", "gptme -n task"]


def test_try_and_except_both_reach() -> None:
    code = """\
        def go():
            try:
                cmd = ["claude", "-p", "x"]
            except OSError:
                cmd = ["gptme", "x"]
            run(cmd)
        """
    assert [w[0] for w in argvs(code)] == ["gptme", "claude"]


def test_a_later_turn_of_a_loop_reaches_back() -> None:
    code = """\
        def go(tasks):
            cmd = ["gptme", "-n"]
            for task in tasks:
                run(cmd)
                cmd = ["claude", "-p", task]
        """
    assert [w[0] for w in argvs(code)] == ["gptme", "claude"]


def test_an_assignment_each_turn_before_the_use_hides_the_back_edge() -> None:
    code = """\
        def go(tasks):
            for task in tasks:
                cmd = ["claude", "-p", task]
                run(cmd)
                cmd = ["echo", task]
        """
    assert [w[0] for w in argvs(code)] == ["claude"]


def test_a_with_body_always_runs() -> None:
    code = """\
        def go(lock):
            cmd = ["claude", "-p", "x"]
            with lock:
                cmd = ["echo", "x"]
            run(cmd)
        """
    assert argvs(code) == [["echo", "x"]]


def test_changes_follow_only_the_assignment_they_see() -> None:
    code = """\
        def go(agent):
            if agent:
                cmd = ["claude"]
                cmd.append("-p")
            else:
                cmd = ["gptme"]
                cmd.append("-n")
            cmd += ["task"]
            run(cmd)
        """
    assert argvs(code) == [["gptme", "-n", "task"], ["claude", "-p", "task"]]


def test_text_and_words_follow_the_last_definition() -> None:
    code = """\
        def go(a):
            if a:
                cmd = "claude -p x"
            else:
                cmd = "gptme x"
            run(cmd)
        """
    module = _module(code)
    found = Resolver(module, positions=False).text(_argument(module))
    assert found is not None and found.text == "gptme x"


def test_combinations_of_two_names() -> None:
    code = """\
        def go(a, b):
            if a:
                exe = "claude"
            else:
                exe = "gptme"
            if b:
                log = "one.log"
            else:
                log = "two.log"
            run(f"{exe} x | tee {log}")
        """
    assert sorted(texts(code)) == sorted(
        f"{exe} x | tee {log}" for exe in ("claude", "gptme") for log in ("one.log", "two.log")
    )


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ('os.getenv("CLAUDE_PATH", "claude")', "claude"),
        ('os.environ.get("CLAUDE_BIN", "claude")', "claude"),
        ('os.getenv("CLAUDE_PATH", default="claude")', "claude"),
        ('Path(os.getenv("CLAUDE_PATH", "claude"))', "claude"),
        ('shutil.which(os.getenv("CLAUDE_PATH", "claude"))', "claude"),
        ('Path(os.environ.get("AGENT", "~/.local/bin/gptme")).expanduser()', "~/.local/bin/gptme"),
        ('os.environ.get("AGENT") or "gptme"', "gptme"),
    ],
)
def test_environment_defaults_and_paths(expression: str, expected: str) -> None:
    code = f"""\
        import os, shutil
        from pathlib import Path
        run([{expression}, "-p", "x"])
        """
    assert argvs(code)[0][0] == expected


def test_an_environment_lookup_without_default_is_unknown() -> None:
    code = """\
        import os
        run([os.environ.get("CLAUDE_BIN"), "-p", "x"])
        """
    assert "claude" not in argvs(code)[0][0]


def test_choices_enumerate_every_combination_once() -> None:
    choices = Choices()

    def resolve() -> tuple[int, int]:
        first = choices.pick("a", 3)
        second = choices.pick("b", 2)
        return first, second

    found = choices.each(resolve)
    assert found[0] == (0, 0)
    assert sorted(found) == [(a, b) for a in range(3) for b in range(2)]


def test_choices_stop_at_the_limit() -> None:
    choices = Choices()
    found = choices.each(lambda: tuple(choices.pick(n, 4) for n in range(5)), limit=8)
    assert len(found) == 8
