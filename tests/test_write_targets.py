"""Issue 25, items 2 and 3: runaudit never replaces what it should not write, and never
rewrites bytes away from an edit."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from subprocess_cli import runaudit

RUNNER = "#!/bin/bash\ngptme x | tee log\n"


def _tree(tmp_path: Path) -> Path:
    (tmp_path / "run.sh").write_text(RUNNER)
    return tmp_path


def _write_baseline(tmp_path: Path, target: str) -> tuple[int, list[str]]:
    args = ["check", "--isolated", "--no-cache", "--write-baseline", target, "run.sh"]
    result = runaudit(args, tmp_path, timeout=60)
    return result.returncode, result.stderr.splitlines()


def test_write_baseline_refuses_a_device(tmp_path: Path) -> None:
    status, errors = _write_baseline(_tree(tmp_path), "/dev/null")
    assert status == 2
    assert errors == [
        "runaudit: error: /dev/null: not written: not a regular file (a character device)"
    ]
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_write_baseline_refuses_a_fifo(tmp_path: Path) -> None:
    os.mkfifo(_tree(tmp_path) / "baseline.json")
    status, errors = _write_baseline(tmp_path, "baseline.json")
    assert (status, errors) == (
        2,
        ["runaudit: error: baseline.json: not written: not a regular file (a FIFO)"],
    )
    assert stat.S_ISFIFO(os.lstat(tmp_path / "baseline.json").st_mode)


def test_write_baseline_refuses_a_link_out_of_the_tree(tmp_path: Path) -> None:
    (tmp_path / "tree").mkdir()
    tree = _tree(tmp_path / "tree")
    outside = tmp_path / "outside.json"
    outside.write_text("{}\n")
    (tree / "baseline.json").symlink_to(outside)
    status, errors = _write_baseline(tree, "baseline.json")
    assert (status, errors) == (
        2,
        ["runaudit: error: baseline.json: not written: it is a symbolic link out of the tree"],
    )
    assert outside.read_text() == "{}\n"
    assert (tree / "baseline.json").is_symlink()


def test_write_baseline_writes_through_a_link_in_the_tree_and_keeps_modes(tmp_path: Path) -> None:
    tree = _tree(tmp_path)
    (tree / "ci").mkdir()
    real = tree / "ci" / "baseline.json"
    real.write_text("{}\n")
    real.chmod(0o640)
    (tree / "baseline.json").symlink_to(real)
    status, errors = _write_baseline(tree, "baseline.json")
    assert (status, errors[0]) == (0, "runaudit: recorded 1 finding in baseline.json.")
    assert (tree / "baseline.json").is_symlink()
    assert '"RA101"' in real.read_text()
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    _write_baseline(tree, "new.json")
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE((tree / "new.json").stat().st_mode) == 0o666 & ~umask


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user takes root")
def test_write_baseline_keeps_the_owner_as_fix_does(tmp_path: Path) -> None:
    import pwd

    nobody = pwd.getpwnam("nobody")
    tree = _tree(tmp_path)
    baseline, script = tree / "ex.json", tree / "run.sh"
    baseline.write_text("{}\n")
    for owned in (baseline, script):
        os.chown(owned, nobody.pw_uid, nobody.pw_gid)
    status, errors = _write_baseline(tree, "ex.json")
    assert (status, errors[0]) == (0, "runaudit: recorded 1 finding in ex.json.")
    assert '"RA101"' in baseline.read_text()
    args = ["check", "--isolated", "--no-cache", "--unsafe-fixes", "--fix", "run.sh"]
    assert runaudit(args, tree, timeout=60).returncode == 0
    assert "set -o pipefail" in script.read_text()
    for written in (baseline, script):
        assert (written.stat().st_uid, written.stat().st_gid) == (nobody.pw_uid, nobody.pw_gid)


@pytest.mark.parametrize(
    ("case", "refusal"),
    [
        ("hard link", "it has 2 hard links, which a rewrite would split"),
        ("read-only", "it is read-only"),
    ],
)
def test_write_baseline_refuses_what_fix_refuses(tmp_path: Path, case: str, refusal: str) -> None:
    tree = _tree(tmp_path)
    baseline = tree / "baseline.json"
    baseline.write_text("{}\n")
    if case == "hard link":
        os.link(baseline, tree / "other.json")
    else:
        baseline.chmod(0o444)
    status, errors = _write_baseline(tree, "baseline.json")
    assert (status, errors) == (2, [f"runaudit: error: baseline.json: not written: {refusal}"])
    assert baseline.read_text() == "{}\n"
    assert os.stat(baseline).st_nlink == (2 if case == "hard link" else 1)
    assert sorted(p.name for p in tree.iterdir() if p.name.startswith(".")) == []


@pytest.mark.parametrize("encoding", ["unicode_escape", "raw_unicode_escape", "utf-7"])
def test_fix_refuses_an_encoding_that_does_not_round_trip(tmp_path: Path, encoding: str) -> None:
    data = (
        f"# -*- coding: {encoding} -*-\nimport subprocess\n"
        "subprocess.run('gptme x | tee log', shell=True, check=True)  # \\u00e9 +AGk-\n"
    ).encode("ascii")
    script = tmp_path / "run.py"
    script.write_bytes(data)
    args = ["check", "--isolated", "--no-cache", "--fix", "--unsafe-fixes", "run.py"]
    result = runaudit(args, tmp_path, timeout=60)
    assert script.read_bytes() == data
    name = encoding.replace("_", "-")
    assert result.stderr.splitlines()[1] == (
        f"runaudit: run.py: not fixed: its encoding ({name}) does not give back the same bytes"
        " it was read from"
    )


def test_diff_escapes_file_names_when_piped(tmp_path: Path) -> None:
    name = "new\nline::error::x\x1b[31m.sh"
    (tmp_path / name).write_text(RUNNER)
    args = ["check", "--isolated", "--no-cache", "--unsafe-fixes", "--diff", "."]
    result = runaudit(args, tmp_path, timeout=60)
    assert result.returncode == 1, result.stderr
    headers = [line for line in result.stdout.splitlines() if line.startswith(("---", "+++"))]
    assert headers == [
        "--- new\\nline::error::x\\x1b[31m.sh",
        "+++ new\\nline::error::x\\x1b[31m.sh",
    ]
    assert "\x1b" not in result.stdout and not result.stdout.startswith("line")


@pytest.mark.parametrize(
    "output",
    ["text", "concise", "grouped", "json", "sarif", "github", "junit", "markdown", "--statistics"],
)
def test_every_format_escapes_file_names_when_piped(tmp_path: Path, output: str) -> None:
    """Item 16 in every output: no line a CI log shows starts a workflow command (`::`)
    or carries an ESC, whether the name is an audited file's, a sourced file's or one
    a diagnostic names; the `github` format's own commands name the file escaped."""
    (tmp_path / "x\n::error title=pwned::a\x1b[31m.sh").write_text(RUNNER)
    (tmp_path / "lib\n::error::l.sh").write_text("run() { gptme x | tee log; }\n")
    (tmp_path / "main.sh").write_text('#!/bin/bash\nsource "./lib\n::error::l.sh"\nrun\n')
    (tmp_path / "bad\n::warning::enc.sh").write_bytes(b"#!/bin/bash\n\xff gptme x\n")
    chosen = ["--statistics"] if output == "--statistics" else ["-f", output]
    args = ["check", "--isolated", "--no-cache", "--verbose", *chosen, "."]
    result = runaudit(args, tmp_path, timeout=60)
    assert result.returncode == 1, result.stderr
    assert output == "--statistics" or "pwned" in result.stdout  # the file is reported
    lines = (result.stdout + result.stderr).splitlines()
    commands = [line for line in lines if line.lstrip().startswith("::")]
    if output == "github":
        kinds = ("::error ", "::warning ", "::notice ")
        assert commands and all(c.startswith(kinds) for c in commands)
        assert not any(c.startswith(("::error title=pwned", "::error::l")) for c in commands)
    else:
        assert commands == []
    assert "\x1b" not in result.stdout + result.stderr
