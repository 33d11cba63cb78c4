"""The project call graph (auditor/python/model/call_graph.py): values that reach an
attribute through the ways Python binds them, checked on small packages."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from packages import write_package

from auditor.config import Settings
from auditor.discover import discover
from auditor.indexing import build_index
from auditor.python.model.ast_values import annotation_names, item_names
from auditor.python.model.call_graph import CallGraph, Token
from auditor.python.model.graph_questions import step_calling_paths

CLAUDE: Token = ("", "text", "claude")


def graph(root: Path, files: dict[str, str]) -> CallGraph:
    write_package(root, "pkg", files)
    found = discover([root], Settings())
    return CallGraph(build_index(found.candidates, Settings()).python)


def test_a_dataclass_call_binds_its_fields_and_a_property_reads_them(tmp_path: Path) -> None:
    config = """\
        import os
        from dataclasses import dataclass


        @dataclass
        class Runtime:
            claude_path: str
            retries: int

            @classmethod
            def from_env(cls):
                return cls(os.getenv("CLAUDE_PATH", "claude"), retries=3)


        @dataclass
        class Config:
            runtime: Runtime

            @property
            def claude_path(self):
                return self.runtime.claude_path
        """
    found = graph(tmp_path, {"config.py": config})
    assert found.field_values("claude_path", "pkg.config.Runtime") == {CLAUDE}
    assert found.field_values("claude_path", "pkg.config.Config") == {CLAUDE}


def test_a_class_with_its_own_init_binds_parameters_not_fields(tmp_path: Path) -> None:
    config = """\
        class Config:
            claude_path: str

            def __init__(self, path):
                self.claude_path = "codex"


        def make():
            return Config(claude_path="claude")
        """
    found = graph(tmp_path, {"config.py": config})
    assert found.field_values("claude_path", "pkg.config.Config") == {("", "text", "codex")}


def test_a_command_line_option_default_is_the_parsed_attribute(tmp_path: Path) -> None:
    main = """\
        import argparse
        import subprocess


        def main():
            parser = argparse.ArgumentParser()
            parser.add_argument("--agent-exe", default="claude")
            parser.add_argument("-m", "--model", default="sonnet")
            args = parser.parse_args()
            subprocess.run([args.agent_exe, "-p", "go"])
        """
    found = graph(tmp_path, {"main.py": main})
    assert found.field_values("agent_exe", "") == {CLAUDE}
    assert found.field_values("model", "") == set()  # not an agent's name: not followed


def test_a_name_with_a_module_binding_and_callers_of_its_parameter_resolves(
    tmp_path: Path,
) -> None:
    """A parameter that shares its name with a module-level loop target, given different
    argvs by two callers: each fork of the resolution (the name's bindings, the callers'
    values) is a choice of its own, never an index into the other's list."""
    from invoke import invoke

    write_package(
        tmp_path,
        "pkg",
        {
            "run.py": """\
                import subprocess

                for command in load_commands():
                    print(command)


                def run(command):
                    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
                    return process.wait()
            """,
            "use.py": """\
                from .run import run


                def one(prompt):
                    return run(["claude", "-p", prompt])


                def two(prompt):
                    return run(["codex", "exec", prompt])
            """,
        },
    )
    result = invoke(["check", "--isolated", "--no-cache", "--exit-zero", str(tmp_path)])
    assert "internal" not in result.output, result.output
    assert result.exit_code == 0


def test_relative_imports_of_a_package_init_are_its_own_modules() -> None:
    import ast

    from auditor.python.model.ast_values import import_bindings, import_origin

    node = ast.parse("from .retry import RetryClient\nfrom ..base import Base\n").body
    origin = import_origin("feed.llm", "src/feed/llm/__init__.py")
    assert origin == "feed.llm.__init__"
    assert import_origin("feed.llm.retry", "src/feed/llm/retry.py") == "feed.llm.retry"
    found = [b for n in node if isinstance(n, ast.ImportFrom) for b in import_bindings(n, origin)]
    assert found == [
        ("RetryClient", "feed.llm.retry", "RetryClient"),
        ("Base", "feed.base", "Base"),
    ]


def test_the_modules_that_may_run_a_step_are_those_whose_calls_reach_one(
    tmp_path: Path,
) -> None:
    launcher = """\
        import subprocess


        def go(task):
            return subprocess.run(["claude", "-p", task], check=True)
        """
    # names `go` and its module in text only: the text needles would let it through
    naming = '''\
        """Notes: launcher.go runs the agent; this module never calls it, nor retries it."""

        ready = "go"
        '''
    calling = """\
        from pkg.launcher import go


        def run_all(tasks, attempts=1):
            return [go(t) for t in tasks for _ in range(attempts)]
        """
    handing = """\
        from pkg.launcher import go


        def schedule(retry_queue):
            retry_queue.put(go)
        """
    stepping = """\
        from claude_agent_sdk import query


        async def once(prompt):
            return [m async for m in query(prompt=prompt)]
        """
    nested = """\
        from pkg.launcher import go


        class Jobs:
            class Nightly:
                def run(self):
                    return go("x")  # one attempt
        """
    files = {"launcher.py": launcher, "naming.py": naming, "calling.py": calling}
    files |= {"handing.py": handing, "stepping.py": stepping, "nested.py": nested}
    found = graph(tmp_path, files)
    functions = frozenset({"claude_agent_sdk.query"})
    known, steps = step_calling_paths(found, functions)
    names = {Path(path).name for path in steps}
    assert names == {"launcher.py", "calling.py", "handing.py", "stepping.py"}
    # a method of a nested class has no facts: that module is asked of its text instead
    assert {Path(path).name for path in known} == names | {"naming.py"}


def test_a_name_given_the_result_of_calling_itself_ends(tmp_path: Path) -> None:
    """`frame = frame(**kwargs)` reads the call's value through the name it rebinds: the
    graph is built (it once recursed until Python's limit and ended the whole run), and
    the client beside it keeps its value."""
    loader = """\
        from openai import OpenAI

        client = OpenAI()


        def load(frame, **kwargs):
            if callable(frame):
                frame = frame(**kwargs)
            return frame


        def chained(step):
            step = step()(step)
            return step()
        """
    found = graph(tmp_path, {"loader.py": loader})
    assert found.evaluate("pkg.loader.load", ("result", 0, -1)) == set()
    assert found.evaluate("pkg.loader.<module>", ("global", "pkg.loader.client"))


def test_a_value_given_in_one_arm_of_an_if_never_reaches_the_other_arm(tmp_path: Path) -> None:
    from auditor.python.model.graph_launchers import graph_launchers
    from auditor.python.runner.steps import PROCESS_CALLS

    builder = """\
        class Builder:
            def command(self, prompt):
                return ["claude", "-p", prompt]
        """
    runner = """\
        import subprocess

        from pkg.builder import Builder


        def start(builder: Builder, prompt, dry):
            if dry:
                cmd = ["echo", prompt]
                subprocess.run(cmd)
            else:
                cmd = builder.command(prompt)
                subprocess.run(cmd)


        def each(builder: Builder, prompts):
            for prompt in prompts:
                if prompt:
                    subprocess.run(cmd)
                else:
                    cmd = builder.command(prompt)
        """
    found = graph(tmp_path, {"builder.py": builder, "runner.py": runner})
    launchers = graph_launchers(found, PROCESS_CALLS, frozenset({"claude"}))
    # the `echo` run is not the agent's; the loop's next turn carries the `else` arm's value
    assert launchers.found["pkg.runner.start"] == (12, 8)
    assert launchers.found["pkg.runner.each"] == (18, 12)


def test_a_caller_by_the_full_name_of_a_folder_audited_from_inside(tmp_path: Path) -> None:
    # the folder's modules are named by their files (no `__init__.py` here); a module
    # imports one by the name of the package it belongs to where it is installed
    (tmp_path / "runner.py").write_text(
        "import subprocess\n\n\ndef run_agent(prompt):\n    subprocess.run(prompt)\n"
    )
    (tmp_path / "main.py").write_text(
        "from app.tools.runner import run_agent\n\n\ndef main():\n"
        "    for attempt in range(3):\n        run_agent('x')\n"
    )
    found = discover([tmp_path], Settings())
    graph = CallGraph(build_index(found.candidates, Settings()).python)
    assert graph.callers("runner.run_agent") == [("main.main", 1)]  # after `range(3)`


def test_a_default_is_a_value_only_where_a_call_leaves_it_out(tmp_path: Path) -> None:
    runner = """\
        import subprocess


        def run_tool(program="claude", *args):
            return subprocess.run([program, *args]).returncode


        def run_agent(prompt, program="codex"):
            return subprocess.run([program, "exec", prompt]).returncode


        def lint():
            return run_tool("ruff", "check")


        def fix(prompt):
            return run_agent(prompt)
        """
    found = graph(tmp_path, {"runner.py": runner})
    # every call gives `program`: the default never reaches it; one leaves it: it does
    assert ("", "text", "claude") not in found.values.get(
        ("P", "pkg.runner.run_tool", "program"), set()
    )
    assert ("", "text", "codex") in found.values.get(
        ("P", "pkg.runner.run_agent", "program"), set()
    )


def test_the_last_definition_of_a_name_is_the_one_its_closures_read(tmp_path: Path) -> None:
    """`@overload` stubs before the implementation: the implementation's facts are kept
    (the closure's free name is read in it), not the last stub's, which has no calls (a
    real tree once ended the run with an IndexError here)."""
    chat = """\
        from typing import overload

        from openai import OpenAI


        @overload
        def ask(prompt: str) -> str: ...
        @overload
        def ask(prompt: bytes) -> str: ...
        def ask(prompt):
            client = OpenAI()
            reply = client.responses.create(model="m", input=prompt)

            def wrap():
                return reply

            return wrap()
        """
    found = graph(tmp_path, {"chat.py": chat})
    assert found.functions["pkg.chat.ask"].facts["calls"]
    (_, *returned), *_ = found.functions["pkg.chat.ask.wrap"].facts["returns"]
    assert returned[0] == "outer"
    assert found.evaluate("pkg.chat.ask.wrap", tuple(returned)) == set()


def test_a_union_annotation_dispatches_to_each_class_it_names(tmp_path: Path) -> None:
    runners = """\
        from typing import Optional, Union


        class Base:
            def run(self):
                raise NotImplementedError


        class Claude(Base):
            def run(self):
                return "claude"


        class Other:
            def run(self):
                return "other"


        def pipe(runner: "Base | None"):
            return runner.run()


        def optional(runner: Optional[Other]):
            return runner.run()


        def union(runner: Union[Base, Other, None]):
            return runner.run()
        """
    found = graph(tmp_path, {"runners.py": runners})
    callees = {
        name: set(found.callees(f"pkg.runners.{name}", 0)) for name in ("pipe", "optional", "union")
    }
    # (the base's own method only raises: an abstract one, never what runs)
    assert callees["pipe"] == {"pkg.runners.Claude.run"}
    assert callees["optional"] == {"pkg.runners.Other.run"}
    assert callees["union"] == {"pkg.runners.Claude.run", "pkg.runners.Other.run"}


@pytest.mark.parametrize(
    ("written", "names"),
    [
        ("Base", ("Base",)),
        ("llm.Base | None", ("llm.Base",)),
        ("Optional[Base]", ("Base",)),
        ("typing.Union[A, b.B, None]", ("A", "b.B")),
        ("'A | B'", ("A", "B")),
        ("'Optional[\"A\"]'", ("A",)),
        ("list[Base]", ()),
        ("'not python ('", ()),
        ("None", ()),
    ],
)
def test_an_annotation_names_the_classes_it_allows(written: str, names: tuple[str, ...]) -> None:
    annotation = ast.parse(written, mode="eval").body
    assert annotation_names(annotation) == names


@pytest.mark.parametrize(
    ("written", "names"),
    [
        ("list[Base]", ("Base",)),
        ("dict[str, llm.Base]", ("llm.Base",)),
        ("typing.Mapping[str, Optional[Base]]", ("Base",)),
        ("collections.defaultdict[str, Base]", ("Base",)),
        ("Base", ()),
        ("tuple[Base, int]", ()),
    ],
)
def test_a_container_annotation_names_what_its_items_are(
    written: str, names: tuple[str, ...]
) -> None:
    annotation = ast.parse(written, mode="eval").body
    assert item_names(annotation) == names


def test_the_callers_of_a_function_include_the_calls_of_a_parameter_given_it(
    tmp_path: Path,
) -> None:
    files = {
        "helper.py": """\
            def attempt(fn):
                return fn()
            """,
        "main.py": """\
            from .helper import attempt


            def outer(prompt):
                def step():
                    return prompt

                return attempt(step)
            """,
    }
    found = graph(tmp_path, files)
    assert ("pkg.helper.attempt", 0) in found.callers("pkg.main.outer.step")
    assert found.callers("pkg.main.outer") == []


def test_a_function_returning_what_another_returns_passes_on_its_tuple_items(
    tmp_path: Path,
) -> None:
    clients = """\
        from openai import OpenAI


        def make(name):
            return OpenAI(base_url=name), name


        def get(name=None):
            return make(name or "default")
        """
    found = graph(tmp_path, {"clients.py": clients})
    first = found.values.get(("R", "pkg.clients.get", 0), set())
    second = found.values.get(("R", "pkg.clients.get", 1), set())
    assert [token[1] for token in first] and all(t[0] == "pkg.clients" for t in first)
    assert not second  # a name, no client


def test_a_raise_of_a_method_on_self_raises_what_each_override_returns(tmp_path: Path) -> None:
    base = """\
        class ProviderError(Exception):
            pass


        class Provider:
            def complete(self, client):
                try:
                    return client.chat.completions.create(model="m", messages=[])
                except Exception as exc:
                    raise self._map_error(exc) from exc

            def _map_error(self, exc):
                return ProviderError(str(exc))
        """
    claude = """\
        from .base import Provider, ProviderError


        class RateLimited(ProviderError):
            pass


        class Claude(Provider):
            def _map_error(self, exc):
                if "RateLimit" in type(exc).__name__:
                    return RateLimited(str(exc))
                return super()._map_error(exc)
        """
    found = graph(tmp_path, {"base.py": base, "claude.py": claude})
    (send,) = found.functions["pkg.base.Provider.complete"].facts["sends"]
    assert set(send[4]) == {"ProviderError", "self._map_error"}  # the override, in the graph
    assert found.hierarchy.dispatch("pkg.base.Provider", "_map_error") == [
        "pkg.base.Provider._map_error",
        "pkg.claude.Claude._map_error",
    ]
    made = [
        found.functions[f].facts.get("made")
        for f in found.hierarchy.dispatch("pkg.base.Provider", "_map_error")
    ]
    assert made == [("ProviderError",), ("RateLimited",)]


def test_a_name_a_star_import_binds_resolves_in_the_module_that_defines_it(
    tmp_path: Path,
) -> None:
    """Of two star imports, the last whose module defines the name; a decorator taken
    that way is a layer reference of the tree's like any other; a local or a parameter
    of the star-importing module stays its own, and a builtin a builtin."""
    backoff = """\
        def patiently(func):
            def wrapper(*args):
                for attempt in range(3):
                    try:
                        return func(*args)
                    except Exception:
                        pass
            return wrapper
        """
    launch = """\
        import subprocess


        def run_claude(prompt):
            subprocess.run(["claude", "-p", prompt], check=True)


        class Runner:
            def run(self, prompt):
                run_claude(prompt)
        """
    step = """\
        from .backoff import *
        from .launch import *


        @patiently
        def review(prompt):
            run_claude(prompt)


        def local_runner(runner, prompt):
            Runner = print
            runner.run(prompt)
            print(prompt)
        """
    found = graph(tmp_path, {"backoff.py": backoff, "launch.py": launch, "step.py": step})
    assert found.resolve("*pkg.backoff+pkg.launch!run_claude") == "pkg.launch.run_claude"
    assert found.resolve("*pkg.backoff+pkg.launch!patiently") == "pkg.backoff.patiently"
    assert found.resolve("*pkg.backoff+pkg.launch!Runner.run") == "pkg.launch.Runner.run"
    assert found.resolve("*pkg.backoff+pkg.launch!print") is None
    assert found.callees("pkg.step.review", 0) == ["pkg.launch.run_claude"]
    assert list(found.callees("pkg.step.local_runner", 0)) == []
