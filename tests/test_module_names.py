"""Module names in the project index: files of namespace folders or script folders that
share a name each keep their own, and an import reaches the one nearest the importer."""

from __future__ import annotations

from pathlib import Path

from auditor.config import Settings
from auditor.discover import discover
from auditor.indexing import build_index
from auditor.project import PythonSummary, module_names
from auditor.python.model.call_graph import CallGraph
from auditor.python.model.module_names import ModuleNames


def test_namesakes_take_the_folders_above_them_until_each_name_is_its_own() -> None:
    paths = [
        Path("repo/models/openai/generator.py"),
        Path("repo/models/anthropic/generator.py"),
        Path("repo/tools/generator.py"),
        Path("repo/models/utils.py"),
    ]
    names = module_names((p, None) for p in paths)
    assert names == {
        paths[0]: "openai.generator",
        paths[1]: "anthropic.generator",
        paths[2]: "tools.generator",
        paths[3]: "utils",  # alone with its name: as it was
    }


def test_namesakes_that_differ_higher_up_are_named_as_long_as_that_takes() -> None:
    paths = [Path("a/jobs/run.py"), Path("b/jobs/run.py")]
    assert module_names((p, None) for p in paths) == {
        paths[0]: "a.jobs.run",
        paths[1]: "b.jobs.run",
    }


def test_a_package_keeps_its_own_parts_in_front_of_the_folders_added(tmp_path: Path) -> None:
    for side in ("left", "right"):
        package = tmp_path / side / "pkg"
        package.mkdir(parents=True)
        (package / "__init__.py").write_text("")
        (package / "client.py").write_text("")
    files = [tmp_path / "left/pkg/client.py", tmp_path / "right/pkg/client.py"]
    names = module_names((f, tmp_path) for f in files)
    assert sorted(names.values()) == ["left.pkg.client", "right.pkg.client"]


def test_a_namespace_folder_inside_a_package_is_part_of_the_package(tmp_path: Path) -> None:
    # `pkg/llm/openai/` has no `__init__.py`, but `pkg.llm.openai.chat` is how it is
    # imported: it is not the `openai.chat` of the SDK
    for folder in ("pkg", "pkg/llm"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "__init__.py").write_text("")
    (tmp_path / "pkg/llm/openai").mkdir()
    (tmp_path / "scripts/tools").mkdir(parents=True)
    files = [tmp_path / "pkg/llm/openai/chat.py", tmp_path / "scripts/tools/run.py"]
    assert module_names((f, tmp_path) for f in files) == {
        files[0]: "pkg.llm.openai.chat",
        files[1]: "run",  # no package above its folders: a script's name
    }
    assert module_names([(files[0], None)]) == {files[0]: "chat"}  # no audited path: its own


def test_namespace_folders_any_number_deep_and_through_a_link(tmp_path: Path) -> None:
    (tmp_path / "repo/pkg").mkdir(parents=True)
    (tmp_path / "repo/pkg/__init__.py").write_text("")
    (tmp_path / "repo/pkg/llm/remote/openai").mkdir(parents=True)
    chat = tmp_path / "repo/pkg/llm/remote/openai/chat.py"
    assert module_names([(chat, tmp_path / "repo")]) == {chat: "pkg.llm.remote.openai.chat"}
    (tmp_path / "link").symlink_to(tmp_path / "repo")  # audited as `link`, bounded by its target
    linked = tmp_path / "link/pkg/llm/remote/openai/chat.py"
    assert module_names([(linked, tmp_path / "repo")]) == {linked: "pkg.llm.remote.openai.chat"}


def test_namesake_packages_are_told_apart_by_the_folders_above_their_own(tmp_path: Path) -> None:
    files = [tmp_path / "left/pkg/__init__.py", tmp_path / "right/pkg/__init__.py"]
    for file in files:
        file.parent.mkdir(parents=True)
        file.write_text("")
    assert module_names((f, None) for f in files) == {
        files[0]: "left.pkg",
        files[1]: "right.pkg",
    }


def test_an_import_of_a_namesake_reaches_the_one_nearest_the_importer() -> None:
    python = {
        "a.retrying": PythonSummary("tree/a/retrying.py"),
        "b.retrying": PythonSummary("tree/b/retrying.py"),
    }
    modules = ModuleNames(python)
    assert modules.named("retrying") == ["a.retrying", "b.retrying"]
    assert modules.named("retrying", "tree/b/main.py") == ["b.retrying"]
    assert modules.summary("retrying", "tree/a/sub/job.py") == ("a.retrying", python["a.retrying"])
    assert modules.summary("retrying") is None  # which one, nobody said


def test_a_module_of_the_name_imported_yields_to_a_namesake_nearer_the_importer() -> None:
    # two projects in one tree: `app/llm/retry.py` of a package is `llm.retry`; the other
    # project's `llm/retry.py`, in a folder without `__init__.py`, is named otherwise, but
    # its own `from llm.retry import …` means its own file
    python = {
        "llm.retry": PythonSummary("tree/first/app/llm/retry.py"),
        "second.llm.retry": PythonSummary("tree/second/llm/retry.py"),
    }
    modules = ModuleNames(python)
    assert modules.named("llm.retry") == ["llm.retry"]  # from nowhere: the one of that name
    assert modules.named("llm.retry", "tree/second/llm/providers/openai.py") == ["second.llm.retry"]
    assert modules.named("llm.retry", "tree/first/app/llm/claude.py") == ["llm.retry"]


def test_two_script_folders_with_their_own_helper_each_call_their_own(tmp_path: Path) -> None:
    for side in ("one", "two"):
        folder = tmp_path / side
        folder.mkdir()
        (folder / "helper.py").write_text("import subprocess\n\ndef run():\n    pass\n")
        (folder / "main.py").write_text(
            "import subprocess\nfrom helper import run\n\ndef go():\n    run()\n"
        )
    found = discover([tmp_path], Settings())
    graph = CallGraph(build_index(found.candidates, Settings()).python)
    assert graph.resolve("helper.run") is None  # from where? either
    assert graph.resolve("helper.run", "one.main") == "one.helper.run"
    assert graph.resolve("helper.run", "two.main") == "two.helper.run"
    assert set(graph.callees("one.main.go", 0)) == {"one.helper.run"}
    assert set(graph.callees("two.main.go", 0)) == {"two.helper.run"}
