"""`--source-path DIR` (ShellCheck's `-P`): search roots for a sourced file the script's
folder does not hold, each a root of its own (issue 24)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from invoke import invoke

SECRET = "hunter2secretvalue"
RUNNER = '#!/bin/bash\nLIBDIR=/opt/lib\n{source}\n"$AGENT" x | tee log\n'
FINDING = (
    "app/run.sh:4:1: RA101 [error] [*] exit status of `gptme` is lost: without pipefail the "
    "pipeline returns the status of `tee`, and it is the last command of the script\n"
)
CHECK = ["check", "--isolated", "--no-cache", "-f", "concise"]


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`app/run.sh` sourcing `$LIBDIR/x.sh`; `lib/x.sh` (outside `app`) names the agent."""
    monkeypatch.chdir(tmp_path)
    _write(tmp_path / "lib" / "x.sh", "AGENT=gptme\n")
    _write(tmp_path / "app" / "run.sh", RUNNER.format(source='source "$LIBDIR/x.sh"'))
    return tmp_path


def test_a_dynamic_source_is_read_under_a_named_root_outside_the_audited_path(
    tree: Path,
) -> None:
    assert invoke([*CHECK, "app"]).stdout == ""  # `$LIBDIR` is known only at run time
    result = invoke([*CHECK, "--source-path", "lib", "app"])
    assert (result.exit_code, result.stdout) == (1, FINDING + "Found 1 finding.\n")
    assert invoke([*CHECK, "-P", "lib", "app"]).stdout == result.stdout
    # The roots are searched in order; a root without the file is passed over.
    (tree / "empty").mkdir()
    assert invoke([*CHECK, "-P", "empty", "-P", "lib", "app"]).stdout == result.stdout


@pytest.mark.parametrize(
    "source",
    [
        'source "${LIBDIR}/x.sh"',
        '. "$LIBDIR"/x.sh',
        '# runaudit: source=x.sh\nsource "$(find_lib)"',  # a directive's path, not beside
        "source x.sh",  # a literal, not beside the script
    ],
)
def test_each_way_of_naming_the_file_finds_it_under_the_root(tree: Path, source: str) -> None:
    text = RUNNER.format(source=source)
    _write(tree / "app" / "run.sh", text)
    line = text.splitlines().index('"$AGENT" x | tee log') + 1
    stdout = invoke([*CHECK, "-P", "lib", "app"]).stdout
    assert stdout.startswith(f"app/run.sh:{line}:1: RA101 [error]")


def test_the_script_folder_comes_before_the_roots(tree: Path) -> None:
    _write(tree / "app" / "x.sh", "AGENT=echo\n")
    _write(tree / "app" / "run.sh", RUNNER.format(source="source x.sh"))
    assert invoke([*CHECK, "-P", "lib", "app"]).stdout == ""  # app/x.sh: no agent


@pytest.mark.parametrize(
    "source", ['source "$LIBDIR/../outside.sh"', 'source "$LIBDIR/$NAME.sh"', 'source "$1"']
)
def test_only_a_literal_path_inside_the_root_is_searched(tree: Path, source: str) -> None:
    _write(tree / "outside.sh", f"AGENT=gptme\nTOKEN={SECRET}\n")
    _write(tree / "app" / "run.sh", RUNNER.format(source=source))
    result = invoke([*CHECK, "-P", "lib", "app"])
    assert (result.exit_code, result.stdout) == (0, "")


def test_never_through_a_link_out_of_the_root(tree: Path) -> None:
    _write(tree / "secret" / "x.sh", f"AGENT=gptme\nTOKEN={SECRET}\n")
    (tree / "lib" / "x.sh").unlink()
    (tree / "lib" / "x.sh").symlink_to(tree / "secret" / "x.sh")
    result = invoke([*CHECK, "-P", "lib", "app"])
    assert (result.exit_code, result.stdout) == (0, "")
    # A link to the root's own folder is not a way out: a named root is read as its real path.
    (tree / "link").symlink_to(tree / "secret")
    _write(tree / "app" / "run.sh", RUNNER.format(source='source "$LIBDIR/x.sh"'))
    assert invoke([*CHECK, "-P", "link", "app"]).stdout.startswith("app/run.sh:4:1: RA101")


def test_git_ignore_applies_inside_the_root_but_not_to_the_root_named(tree: Path) -> None:
    subprocess.run(["git", "init", "-q", str(tree)], check=True)
    _write(tree / "vendor" / "lib" / "x.sh", "AGENT=gptme\n")
    _write(tree / ".gitignore", "vendor/\nsecrets.sh\n")
    # `vendor/` is ignored, but the user named a folder in it: it is read.
    assert invoke([*CHECK, "-P", "vendor/lib", "app"]).stdout.startswith("app/run.sh:4:1: RA101")
    # A file the repository's ignore files ignore is never read, root or not.
    _write(tree / "lib" / "secrets.sh", f"AGENT=gptme\nTOKEN={SECRET}\n")
    _write(tree / "app" / "run.sh", RUNNER.format(source='source "$LIBDIR/secrets.sh"'))
    result = invoke([*CHECK, "-P", "lib", "app"])
    assert (result.exit_code, result.stdout) == (0, "")


def test_a_missing_folder_is_a_usage_error(tree: Path) -> None:
    result = invoke(["check", "-P", "nope", "app"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "runaudit: error: argument -P/--source-path: not a folder: 'nope'; "
        "see `runaudit check --help`\n"
    )


def test_the_settings_and_the_verbose_note_say_where_it_was_found(tree: Path) -> None:
    shown = invoke(["check", "--isolated", "-P", "lib", "--show-settings", "app"]).stdout
    assert f"# command line: --source-path {tree / 'lib'}\n" in shown
    notes = invoke([*CHECK, "-v", "-P", "lib", "app"]).stderr
    assert 'runaudit: app/run.sh: sources `"$LIBDIR/x.sh"`, found under --source-path `lib`\n' in (
        notes
    )


def test_standard_input_reads_sources_as_the_file_it_stands_for(tree: Path) -> None:
    text = (tree / "app" / "run.sh").read_text()
    args = [*CHECK, "-P", "lib", "--stdin-filename", "app/run.sh", "-"]
    result = invoke(args, input=text)
    assert (result.exit_code, result.stdout) == (1, FINDING + "Found 1 finding.\n")
    _write(tree / "app" / "conf.sh", "AGENT=gptme\n")
    beside = RUNNER.format(source="source ./conf.sh")
    result = invoke([*CHECK, "--stdin-filename", "app/run.sh", "-"], input=beside)
    assert (result.exit_code, result.stdout) == (1, FINDING + "Found 1 finding.\n")
