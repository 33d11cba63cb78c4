"""Function summaries and sourced files in the shell model: pass-through wrappers,
sourced functions, cycles, and files outside the audited tree."""

from __future__ import annotations

import os
import posixpath
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from auditor.config import Settings
from auditor.discover import Candidate
from auditor.engine import Auditor
from auditor.kinds import FileKind
from auditor.profiles import default_catalog
from auditor.project import Sourcers
from auditor.shell.includes import (
    MAX_SOURCED_FILES,
    SourcedFiles,
    folder_path,
    is_script_dir,
    script_folder,
    sourced_relative,
)
from auditor.shell.model import ShellScript
from auditor.shell.options import ShellOptions
from auditor.shell.parse import ShellText
from auditor.shell.sourcing import initial_options

LIBRARY = 'run_agent() { timeout 600 "$@"; }\n'
RUNNER = (
    "#!/bin/bash\nset -e\n{source}\n"
    'run_agent claude -p "$T"\nrc=$?\nif [ "$rc" -eq 124 ]; then echo timeout; fi\n'
)


def _model(script: Path, root: Path | None) -> ShellScript:
    sourced = SourcedFiles(script, root)
    return ShellScript.walk(ShellText(script.read_text()), default_catalog(), sourced=sourced)


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def _library_and_script(folder: Path, library: str, script: str) -> None:
    """`lib/x.sh` holding `library` and `main.sh` holding `script`, in `folder`."""
    (folder / "lib").mkdir()
    (folder / "lib" / "x.sh").write_text(library)
    (folder / "main.sh").write_text(script)


@pytest.mark.parametrize(
    ("body", "skipped", "wrappers"),
    [
        ('"$@"', 0, ()),
        ('timeout 60 "$@"', 0, ("timeout",)),
        ('exec "$@"', 0, ("exec",)),
        ('command "$@"', 0, ("command",)),
        ('timeout 60 "${@:2}"', 1, ("timeout",)),
        ('local t=$1; shift; timeout "$t" "$@"', 1, ("timeout",)),
    ],
)
def test_pass_through_summary(body: str, skipped: int, wrappers: tuple[str, ...]) -> None:
    script = ShellScript.build(f"wrap() {{ {body}; }}\n", default_catalog())
    summary = script.summaries["wrap"]
    assert summary.forwards
    assert summary.skipped == skipped
    assert tuple(w.name for w in summary.wrappers) == wrappers


def test_wrapper_call_runs_the_agent_in_its_arguments() -> None:
    text = 'wrap() { local t=$1; shift; timeout "$t" "$@"; }\nwrap 600 claude -p x\n'
    script = ShellScript.build(text, default_catalog())
    call = script.commands[-1]
    assert call.agent is not None and call.name == "claude"
    assert [w.name for w in call.wrappers] == ["timeout"]


def test_wrapper_checking_the_status_itself_is_no_pass_through() -> None:
    text = 'wrap() { "$@"; rc=$?; echo "$rc"; }\nwrap claude -p x\n'
    script = ShellScript.build(text, default_catalog())
    assert "wrap" not in script.summaries
    assert script.commands[-1].agent is None


def test_agent_function_summary_keeps_its_returns() -> None:
    text = "run() { gptme x || return 3; return $?; }\n"
    summary = ShellScript.build(text, default_catalog()).summaries["run"]
    assert summary.agent is not None and dict(summary.returns).keys() == {3}


def test_a_returned_code_is_the_status_bash_keeps_modulo_256() -> None:
    text = "run() { gptme x || return 429; return $?; }\n"
    summary = ShellScript.build(text, default_catalog()).summaries["run"]
    assert dict(summary.returns) == {173: "`return 429` in `run`"}


@pytest.mark.parametrize(
    "written",
    [
        "lib/run.sh",
        '"$(dirname "$0")/lib/run.sh"',
        '"$(dirname "${BASH_SOURCE[0]}")/lib/run.sh"',
        '"${BASH_SOURCE%/*}/lib/run.sh"',
        '"$SCRIPT_DIR/lib/run.sh"',
        "$DIR/lib/run.sh",
    ],
)
def test_sourced_paths(written: str) -> None:
    assert sourced_relative(written, {"SCRIPT_DIR": "", "DIR": ""}) == "lib/run.sh"


@pytest.mark.parametrize(
    ("value", "path"),
    [
        ('"$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"', ""),
        ('"$SCRIPT_DIR"', ""),
        ('"$(dirname "$SCRIPT_DIR")"', ".."),
        ('"$(dirname "$SCRIPT_DIR")/lib"', "../lib"),
        ('"$ROOT/lib"', "../lib"),
        ("${ROOT}/scripts/../lib", "../lib"),
        ('"$(dirname "$ROOT")"', "../.."),
        # `dirname` works on text: the folder above `$SCRIPT_DIR/..` is `$SCRIPT_DIR`
        ('"$(dirname "$SCRIPT_DIR/..")"', ""),
        ('"$(cd "$SCRIPT_DIR/.." && pwd)"', ".."),
        ('"$(cd "$(dirname "$0")/.." && pwd)/lib"', "../lib"),
        ('"$(dirname "$(cd "$SCRIPT_DIR/.." && pwd)")"', "../.."),
    ],
)
def test_script_folders(value: str, path: str) -> None:
    """Folders relative to the script's own, through the variables that hold them."""
    folder = script_folder(value, {"SCRIPT_DIR": "", "ROOT": "^"})
    assert folder is not None and folder_path(folder) == path


@pytest.mark.parametrize("value", ["lib", '"$HOME/lib"', '"$(dirname "$OTHER")"', '"$ROOT/$X"'])
def test_script_folders_unknown(value: str) -> None:
    assert script_folder(value, {"SCRIPT_DIR": "", "ROOT": "^"}) is None


def test_sourced_from_folder_above() -> None:
    assert sourced_relative('"$LIB_DIR/backend.sh"', {"LIB_DIR": "^/lib"}) == "../lib/backend.sh"
    assert (
        sourced_relative('"$(dirname "$SCRIPT_DIR")/lib/x.sh"', {"SCRIPT_DIR": ""}) == "../lib/x.sh"
    )


@pytest.mark.parametrize("written", ["$HOME/lib.sh", '"$LIB"', "/etc/profile", "$(pick)/x.sh"])
def test_sourced_paths_unknown(written: str) -> None:
    assert sourced_relative(written, {"SCRIPT_DIR": ""}) is None


def test_script_dir_values() -> None:
    assert is_script_dir('"$(cd "$(dirname "$0")" && pwd)"')
    assert is_script_dir('$(dirname "${BASH_SOURCE[0]}")')
    assert not is_script_dir("$(pwd)")


def test_sourced_functions_join_the_model(tmp_path: Path) -> None:
    _write(tmp_path / "lib" / "run.sh", LIBRARY)
    script = _write(tmp_path / "main.sh", RUNNER.format(source='. "$(dirname "$0")/lib/run.sh"'))
    model = _model(script, tmp_path)
    assert model.summaries["run_agent"].forwards
    assert any(c.agent is not None and c.command_name == "run_agent" for c in model.commands)


def test_script_dir_variable(tmp_path: Path) -> None:
    _write(tmp_path / "lib" / "run.sh", LIBRARY)
    source = 'SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"\nsource "$SCRIPT_DIR/lib/run.sh"'
    script = _write(tmp_path / "main.sh", RUNNER.format(source=source))
    assert "run_agent" in _model(script, tmp_path).summaries


def test_cycle_ends(tmp_path: Path) -> None:
    _write(tmp_path / "a.sh", 'source ./b.sh\nfrom_a() { "$@"; }\n')
    _write(tmp_path / "b.sh", 'source ./a.sh\nsource ./b.sh\nfrom_b() { "$@"; }\n')
    model = _model(tmp_path / "a.sh", tmp_path)
    assert {"from_a", "from_b"} <= set(model.summaries)


def test_sourced_file_count_is_bounded(tmp_path: Path) -> None:
    for index in range(100):
        text = f'source ./s{index + 1}.sh\nf{index}() {{ "$@"; }}\n'
        _write(tmp_path / f"s{index}.sh", text)
    model = _model(tmp_path / "s0.sh", tmp_path)
    assert len(model.summaries) == MAX_SOURCED_FILES + 1  # the script's own, then the bound


def test_never_leaves_the_tree(tmp_path: Path) -> None:
    tree, outside = tmp_path / "tree", tmp_path / "outside"
    _write(outside / "lib.sh", LIBRARY)
    tree.mkdir()
    os.symlink(outside / "lib.sh", tree / "link.sh")
    os.symlink(outside, tree / "linkdir")
    for source in ("source ../outside/lib.sh", "source ./link.sh", "source linkdir/lib.sh"):
        script = _write(tree / "main.sh", RUNNER.format(source=source))
        assert "run_agent" not in _model(script, tree).summaries, source


def test_without_a_tree_root_only_the_script_folder(tmp_path: Path) -> None:
    _write(tmp_path / "lib.sh", LIBRARY)
    script = _write(tmp_path / "bin" / "main.sh", RUNNER.format(source="source ../lib.sh"))
    assert "run_agent" not in _model(script, None).summaries
    assert "run_agent" in _model(script, tmp_path).summaries


def _findings(tmp_path: Path, script: Path) -> list[str]:
    auditor = Auditor(Settings(root=tmp_path))
    result = auditor.audit_file(Candidate(script, script.name, FileKind.SHELL))
    return [f"{f.code}:{f.span.start.line}" for f in result.findings]


def test_engine_reads_sourced_files(tmp_path: Path) -> None:
    _write(tmp_path / "lib" / "run.sh", LIBRARY)
    source = 'source "$(dirname "${BASH_SOURCE[0]}")/lib/run.sh"'
    script = _write(tmp_path / "main.sh", RUNNER.format(source=source))
    assert _findings(tmp_path, script) == ["RA204:5"]


# A library whose function names the agent itself: a call of it shows no agent, so only
# the library read tells the finding.
NAMING_LIBRARY = 'run_agent() { timeout 600 claude -p "$1"; }\n'
NAMING_RUNNER = (
    "#!/bin/bash\nset -e\n{source}\n"
    'run_agent "$T"\nrc=$?\nif [ "$rc" -eq 124 ]; then echo timeout; fi\n'
)


def test_engine_absent_or_outside_file_is_no_finding(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    _write(tmp_path / "lib.sh", NAMING_LIBRARY)
    _write(tree / "inside.sh", NAMING_LIBRARY)
    script = _write(tree / "main.sh", NAMING_RUNNER.format(source="source ./inside.sh"))
    assert _findings(tree, script) == ["RA204:5"]  # read inside the tree
    for source in ("source ./absent.sh", "source ../lib.sh"):
        script = _write(tree / "main.sh", NAMING_RUNNER.format(source=source))
        assert _findings(tree, script) == [], source


def test_a_script_that_sources_a_library_sees_the_library_edited_between_runs(
    tmp_path: Path,
) -> None:
    from auditor.config import Settings
    from auditor.run import audit

    tree = tmp_path / "tree"
    (tree / "lib").mkdir(parents=True)
    library = tree / "lib" / "agent.sh"
    library.write_text('run_agent() { timeout 600 "$@"; }\n')
    (tree / "main.sh").write_text(
        '#!/bin/bash\nset -e\nsource "$(dirname "$0")/lib/agent.sh"\n'
        'run_agent claude -p "$T"\nrc=$?\nif [ "$rc" -eq 124 ]; then echo late; fi\n'
    )
    settings = Settings(root=tree)

    def codes() -> list[str]:
        report = audit([tree], settings, cwd=tree, cache_dir=tmp_path / "cache", jobs=1)
        return [f.code for f in report.findings if f.path == "main.sh"]

    assert codes() == ["RA204"]
    assert any((tmp_path / "cache").rglob("*.json"))  # the cache is in use
    library.write_text("run_agent() { echo not an agent; }\n")  # same main.sh bytes
    assert codes() == []


def test_the_verbose_note_follows_a_script_dir_source_as_the_finding_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from invoke import invoke

    monkeypatch.chdir(tmp_path)
    _library_and_script(
        tmp_path,
        '#!/bin/bash\nrun_agent() { gptme "$@"; }\n',
        '#!/bin/bash\nsource "$(dirname "$0")/lib/x.sh"\nrun_agent hi || true\n'
        'D=$(cd "$(dirname "$0")" && pwd)\n. "$D/lib/x.sh"\necho done\n',
    )
    result = invoke(["check", "--no-cache", "-v", "main.sh"])
    assert "known only at run time" not in result.stderr
    assert (
        'runaudit: main.sh: sources `"$(dirname "$0")/lib/x.sh"`, which is not among the '
        "audited files\n" in result.stderr
    )
    assert 'main.sh: sources `"$D/lib/x.sh"`, which is not among the audited files' in (
        result.stderr
    )
    # The finding follows the same source: `run_agent` runs the agent only through it.
    assert (
        "main.sh:3:1: RA203" in invoke(["check", "--no-cache", "-f", "concise", "main.sh"]).stdout
    )


def test_a_path_behind_a_variable_is_read_from_the_nearest_folder_above_that_holds_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from invoke import invoke

    monkeypatch.chdir(tmp_path)
    (tmp_path / "lib").mkdir()
    (tmp_path / "bin").mkdir()
    (tmp_path / "lib" / "x.sh").write_text('#!/bin/bash\nrun_agent() { gptme "$@"; }\n')
    (tmp_path / "bin" / "main.sh").write_text(
        '#!/bin/bash\nsource "$APP_HOME/lib/x.sh"\nsource "$APP_HOME/lib/y.sh"\n'
        "run_agent hi || true\necho done\n"
    )
    result = invoke(["check", "--no-cache", "-v", "."])
    assert (
        'bin/main.sh: sources `"$APP_HOME/lib/x.sh"`, read from `.`, the nearest folder above'
        " it that holds `lib/x.sh`" in result.stderr
    )
    assert 'sources `"$APP_HOME/lib/y.sh"`, a path known only at run time' in result.stderr
    # the finding reads the same file: `run_agent` runs the agent only through it
    found = invoke(["check", "--no-cache", "-f", "concise", "."]).stdout
    assert "bin/main.sh:4:1: RA203" in found


def test_the_nearest_folder_above_never_leads_out_of_the_audited_path(tmp_path: Path) -> None:
    from auditor.shell.includes import above, nearest_files

    project = tmp_path / "proj"
    (project / "lib").mkdir(parents=True)
    (project / "bin").mkdir()
    (tmp_path / "outside.sh").write_text("run_agent() { gptme; }\n")
    (project / "lib" / "x.sh").write_text("run_agent() { gptme; }\n")
    (project / "lib" / "linked.sh").symlink_to(tmp_path / "outside.sh")
    assert above(project / "bin", "lib/x.sh", project) == project
    assert above(project / "bin", "../outside.sh", project) is None
    assert above(project / "bin", "lib/linked.sh", project) is None  # a link out of it
    assert above(tmp_path, "lib/x.sh", project) is None  # a script outside the root
    files = frozenset({"proj/lib/x.sh", "proj/lib/y.sh", "outside.sh"})
    by_folder = {"proj/lib": ["x.sh", "y.sh"], "": ["outside.sh"]}
    assert nearest_files("proj/bin", "lib/x.sh", files, by_folder) == ["proj/lib/x.sh"]
    assert nearest_files("proj/bin", "../../outside.sh", files, by_folder) == []
    # a pattern (`"$ROOT/lib/$name.sh"`): the files it matches in the nearest folder
    found = nearest_files("proj/bin", "lib/*.sh", files, by_folder)
    assert found == ["proj/lib/x.sh", "proj/lib/y.sh"]
    assert nearest_files("proj/bin", "../*.sh", files, by_folder) == []


@pytest.mark.parametrize(
    ("directive", "found"),
    [
        ("", False),  # a dynamic path: not followed
        ("# runaudit: source=lib/x.sh\n", True),
        ("# shellcheck source=lib/x.sh\n", True),
        ("# shellcheck disable=SC1091 source=lib/x.sh\n", True),
        ("# shellcheck source=/dev/null\n", False),  # not a file: the word as written
    ],
)
def test_a_source_directive_names_the_file_a_dynamic_source_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, directive: str, found: bool
) -> None:
    from invoke import invoke

    monkeypatch.chdir(tmp_path)
    _library_and_script(
        tmp_path,
        '#!/bin/bash\nrun_agent() { gptme "$@"; }\n',
        f'#!/bin/bash\nLIBDIR=$(find_libs)\n{directive}source "$LIBDIR/x.sh"\n'
        "run_agent hi || true\n",
    )
    result = invoke(["check", "--no-cache", "-f", "concise", "main.sh"])
    line = 5 if directive else 4
    assert (f"main.sh:{line}:1: RA203" in result.stdout) is found, result.stdout


def test_shellchecks_dev_null_directive_leaves_the_word_to_be_read_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`# shellcheck source=/dev/null` stops ShellCheck looking, most often at a path it
    cannot resolve: runaudit still reads the file the word names, when it can."""
    from invoke import invoke

    monkeypatch.chdir(tmp_path)
    _library_and_script(
        tmp_path,
        'run_agent() { gptme "$@" | tee -a log; }\n',
        '#!/bin/bash\nset -o pipefail\nROOT="$(cd "$(dirname "$0")" && pwd)"\n'
        '# shellcheck source=/dev/null\nsource "$ROOT/lib/x.sh"\n'
        "if ! run_agent hi; then rc=$?; fi\n",
    )
    result = invoke(["check", "--no-cache", "-f", "concise", "main.sh"])
    assert "main.sh:6:28: RA203" in result.stdout, result.stdout


def test_a_sourced_library_is_walked_once_per_content(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = _write(tmp_path / "lib.sh", LIBRARY)
    _write(tmp_path / "nested.sh", "source ./lib.sh\n")
    first = _write(tmp_path / "a.sh", RUNNER.format(source="source ./lib.sh"))
    second = _write(tmp_path / "b.sh", RUNNER.format(source="source ./lib.sh"))
    through = _write(tmp_path / "c.sh", RUNNER.format(source="source ./nested.sh"))
    walked: list[str] = []

    def parsing(text: str) -> ShellText:
        walked.append(text)
        return ShellText(text)

    monkeypatch.setattr("auditor.shell.model.ShellText", parsing)
    models = [_model(script, tmp_path) for script in (first, second, through, through)]
    assert all("run_agent" in model.summaries for model in models)
    # The library once; nested.sh each time (what it sources depends on the script).
    assert walked.count(LIBRARY) == 1
    assert walked.count("source ./lib.sh\n") == 2
    library.write_text(LIBRARY.replace("600", "60"))  # edited in place: walked again
    assert _model(first, tmp_path).summaries["run_agent"].wrappers[0].words == ("60",)
    assert walked.count(LIBRARY.replace("600", "60")) == 1


def test_sourced_by_follows_a_chain_of_sources() -> None:
    """A script sourced in turn passes on the options its own sourcer gives it: the
    library two sources down runs with pipefail, and its function with the call's options."""
    from auditor.shell.sourcing import sourced_by

    scripts = [
        ("run.sh", [("lib/steps.sh", True, True)], [("plan_step", False, True, True)], []),
        ("lib/steps.sh", [("agent.sh", False, False)], [("run_claude", False, False, False)], []),
    ]
    found = sourced_by(scripts, frozenset({"lib/steps.sh", "lib/agent.sh"}))
    assert found["lib/agent.sh"].pipefail and found["lib/agent.sh"].errexit
    # the calls of the script at the top reach the library two sources down too
    assert found["lib/agent.sh"].calls == (
        ("plan_step", False, True, True),
        ("run_claude", False, True, True),
    )
    alone = sourced_by(scripts[1:], frozenset({"lib/agent.sh"}))
    assert alone["lib/agent.sh"].calls == (("run_claude", False, False, False),)
    assert not alone["lib/agent.sh"].pipefail


def test_called_with_every_call_and_the_library_top_level() -> None:
    """A library's function runs with the options on at every call; errexit off at a
    call in a condition; the library's own `set -e` holds after it is sourced."""
    from auditor.shell.options import ShellOptions, called_with

    top = ShellOptions(errexit=True, pipefail=True)
    calls = [
        ("run", False, False, False),
        ("check", True, False, False),
        ("other", False, True, True),
    ]
    found = called_with(calls, ["run", "check"], top)
    assert found["run"].errexit and found["run"].pipefail
    assert not found["check"].errexit
    assert "other" not in found  # not a function of the library
    both = called_with([("run", False, True, True), ("run", True, True, True)], ["run"], top)
    assert not both["run"].errexit  # one of its calls is a condition


@pytest.mark.parametrize(
    ("text", "sources"),
    [
        ('source "$DIR/lib.sh"\n', True),
        (". ./config\n", True),
        ("  . ~/.profile\n", True),
        ("source common.sh\n", True),
        ('[[ -f "$DIR/lib.sh" ]] && source "$DIR/lib.sh"\n', True),
        ("jq '\n  . as $all\n  | .items' data.json\n", False),
        ("echo 'source of truth'\n", False),
    ],
)
def test_may_source_reads_source_lines_only(text: str, sources: bool) -> None:
    """A script worth a model in the index sources a file; a jq program's `. as $x`
    line in a string is no `source` (it cost a 3,000-line script a second model)."""
    from auditor.shell.sourcing import may_source

    assert may_source(text) is sources


_NAMES = st.sampled_from(["a.sh", "b.sh", "lib/c.sh", "lib/d.sh"])
_CALLS = st.lists(st.tuples(st.sampled_from("fg"), st.booleans(), st.booleans(), st.booleans()))
_SCRIPTS = st.lists(
    st.tuples(_NAMES, st.lists(st.tuples(_NAMES, st.booleans(), st.booleans())), _CALLS),
    unique_by=lambda script: script[0],
)


@given(_SCRIPTS)
def test_sourced_by_is_the_least_fixpoint(drawn: list[Any]) -> None:
    """Whatever the sourcing graph (cycles too): what each file is given is what its
    sourcers give it with what they are given, and no option holds only by a cycle."""
    from auditor.project import Sourcers
    from auditor.shell.sourcing import sourced_by

    files = frozenset(["a.sh", "b.sh", "lib/c.sh", "lib/d.sh"])
    scripts = [  # targets as each script names them, from its own folder
        (
            name,
            [(posixpath.relpath(t, posixpath.dirname(name) or "."), e, p) for t, e, p in src],
            calls,
            [],
        )
        for name, src, calls in drawn
    ]
    found = sourced_by(scripts, files)
    for target in files:
        edges = [
            (name, e, p, calls) for name, src, calls in drawn for t, e, p in src if t == target
        ]
        held = found.get(target, Sourcers())
        # each sourcer's options and calls there, raised by what it is given itself
        at = []
        for name, errexit, pipefail, calls in edges:
            own = found.get(name, Sourcers())
            e, p = errexit or own.errexit, pipefail or own.pipefail
            raised_calls = {(n, c, ce or own.errexit, cp or own.pipefail) for n, c, ce, cp in calls}
            at.append((e, p, raised_calls | set(own.calls)))
        assert held.errexit == (bool(at) and all(e for e, _, _ in at))
        assert held.pipefail == (bool(at) and all(p for _, p, _ in at))
        raised = set().union(*(calls for _, _, calls in at))
        assert set(held.calls) == raised
    # the least one: an option nothing in a cycle sets is not given by the cycle
    loop: list[Any] = [
        ("a.sh", [("b.sh", False, False)], [], []),
        ("b.sh", [("a.sh", False, False)], [], []),
    ]
    assert sourced_by(loop, files) == {}


def test_sourced_by_reaches_the_end_of_a_long_chain() -> None:
    """errexit set at the top of a chain of 3,000 sourcing scripts reaches its end."""
    from auditor.shell.sourcing import sourced_by

    chain: list[Any] = [
        (f"s{i}.sh", [(f"s{i + 1}.sh", i == 0, False)], [], []) for i in range(3_000)
    ]
    found = sourced_by(chain, frozenset(f"s{i}.sh" for i in range(1, 3_001)))
    assert found["s3000.sh"].errexit and not found["s3000.sh"].pipefail


def test_callbacks_go_down_a_chain_and_a_disputed_one_is_none() -> None:
    """A sourcer's function that ends by running a name it does not define reaches the
    files it sources, and those they source; one that two sourcers end differently is
    dropped."""
    from auditor.shell.sourcing import sourced_by

    scripts: list[Any] = [
        ("run.sh", [("lib/common.sh", True, False)], [], [("run_turn", "run_claude_turn")]),
        ("lib/common.sh", [("turns.sh", False, False)], [], []),
        ("other.sh", [("lib/turns.sh", True, False)], [], [("review", "run_codex")]),
    ]
    files = frozenset({"lib/common.sh", "lib/turns.sh"})
    found = sourced_by(scripts, files)
    assert found["lib/turns.sh"].callbacks == (
        ("review", "run_codex"),
        ("run_turn", "run_claude_turn"),
    )
    disputed = [*scripts, ("third.sh", [("lib/turns.sh", True, False)], [], [("run_turn", "skip")])]
    assert found["lib/common.sh"].callbacks == (("run_turn", "run_claude_turn"),)
    assert sourced_by(disputed, files)["lib/turns.sh"].callbacks == (("review", "run_codex"),)


def test_a_function_that_ends_with_a_job_passes_no_status_on() -> None:
    script = ShellScript.build(
        "run_turn() {\n  run_claude_turn x &\n}\nplain() {\n  run_claude_turn y\n}\n",
        default_catalog(),
    )
    assert script.last_command("run_turn") is None
    assert script.last_command("plain") == "run_claude_turn"


def test_a_call_in_a_substitution_runs_without_errexit() -> None:
    """bash drops errexit in `$(…)` (unless `inherit_errexit`): a library function called
    there runs without it, whatever the library's own top level sets."""
    from auditor.shell.sourcing import script_sourcing

    text = (
        '#!/bin/bash\nset -euo pipefail\nsource "$(dirname "$0")/lib.sh"\n'
        'out=$(run_review "$PROMPT") || echo failed\nrun_plain "$PROMPT"\n'
    )
    _, calls, _, _ = script_sourcing(text, default_catalog(), 10.0)
    assert ("run_review", True, False, True) in calls  # errexit off: a condition's
    assert ("run_plain", False, True, True) in calls
    inherited = text.replace("set -euo pipefail", "set -euo pipefail\nshopt -s inherit_errexit")
    inherited += 'notes=$(run_notes "$PROMPT")\n'
    _, calls, _, _ = script_sourcing(inherited, default_catalog(), 10.0)
    assert ("run_review", True, True, True) in calls  # its `$(…)` is a condition's
    assert ("run_notes", False, True, True) in calls  # errexit kept in the `$(…)`


def test_a_library_run_is_judged_where_every_sourcer_examines_its_output() -> None:
    """A function of a sourced library whose output every sourcing script captures and
    examines (`out=$(invoke …)`, then a grep) has its run judged there (`Sourcers.judged`);
    one that a script calls without examining what it prints is not."""
    from auditor.shell.sourcing import judged_by_sourcers, judged_calls, sourced_by

    loop = 'source lib/calls.sh\nout=$(invoke x)\ngrep -q DONE <<<"$out"\nsummarise y\n'
    script = ShellScript.build(loop, default_catalog())
    assert judged_calls(script) == ["invoke"]
    files = frozenset({"loop.sh", "lib/calls.sh", "other.sh"})
    sites = [("invoke", False, False, False), ("summarise", False, False, False)]
    scripts = [("loop.sh", [("lib/calls.sh", False, False)], sites, [])]
    given = sourced_by(scripts, files)
    judged = judged_by_sourcers(given, [("loop.sh", scripts[0][1], sites, ["invoke"])], files)
    assert judged["lib/calls.sh"].judged == ("invoke",)
    # a second script that calls `invoke` and throws its output away: judged by none
    plain = ("other.sh", [("lib/calls.sh", False, False)], [sites[0]], [])
    both = judged_by_sourcers(
        sourced_by([*scripts, plain], files),
        [("loop.sh", scripts[0][1], sites, ["invoke"]), plain],
        files,
    )
    assert both["lib/calls.sh"].judged == ()


_REFUSE = "echo 'lib.sh is a library: source it' >&2"


@pytest.mark.parametrize(
    ("guard", "inherits"),
    [
        (f'if [[ "${{BASH_SOURCE[0]}}" == "$0" ]]; then\n  {_REFUSE}\n  exit 1\nfi', True),
        (f'[[ "$0" == "${{BASH_SOURCE[0]}}" ]] && {{ {_REFUSE}; exit 1; }}', True),
        ('[[ "${BASH_SOURCE[0]}" == "$0" ]] && exit 1', True),
        (f'[[ "${{BASH_SOURCE[0]}}" == "$0" ]] && {_REFUSE} && exit 1', True),
        ('if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then\n  # run me? no\n  exit 1\nfi', True),
        ('if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then\n  main "$@"\nfi', False),
        ('if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then\n  echo "$(main "$@")"\n  exit\nfi', False),
    ],
)
def test_a_library_refusing_a_direct_run_takes_its_sourcers_options(
    guard: str, inherits: bool
) -> None:
    # a guard that only refuses a direct run leaves the sourcers' options in force; one
    # that runs the library's own work means it also runs alone, with its own options
    sourced = {"lib.sh": Sourcers(errexit=True, pipefail=True)}
    started = initial_options(sourced, "lib.sh", ShellOptions(), f"#!/bin/bash\n{guard}\n")
    expected = ShellOptions(errexit=True, pipefail=True) if inherits else None
    assert started == expected
