"""Issue 25, items 6, 7 and 10: no runner file silently escapes the gate (RA901), and a
sourced file's failure stays that file's."""

from __future__ import annotations

from pathlib import Path

import pytest
from subprocess_cli import runaudit

MASKED = "#!/bin/bash\nset -e\ngptme x | tee log\n"
CHECK = ["check", "--isolated", "--no-cache", "-f", "concise"]


def test_a_named_path_that_does_not_exist_is_not_audited(tmp_path: Path) -> None:
    (tmp_path / "run.sh").write_text(MASKED)
    result = runaudit([*CHECK, "run.sh", "gone.sh"], tmp_path, timeout=60)
    assert result.returncode == 1
    assert result.stdout.splitlines()[0] == (
        "gone.sh:1:1: RA901 [error] file not audited: it does not exist (or vanished during"
        " the run); correct the path given"
    )


def test_a_file_past_the_time_bound_fails_the_gate(tmp_path: Path) -> None:
    # 120 lines of `x = f"{x}{x}"` in a command string once hid a script's findings.
    body = "import subprocess\nx = 'a'\n" + 'x = f"{x}{x}"\n' * 120
    (tmp_path / "run.py").write_text(body + "subprocess.run(f'gptme {x} | tee', shell=True)\n")
    (tmp_path / "big.sh").write_text(
        "#!/bin/bash\nset -e\n" + "gptme x 2>&1 | tee -a l | grep -v x | sort > o\n" * 4000
    )
    result = runaudit([*CHECK, "--timeout", "0.2", "big.sh"], tmp_path, timeout=60)
    assert result.returncode == 1
    assert result.stdout.splitlines()[0] == (
        "big.sh:1:1: RA901 [error] file not audited: its analysis took longer than 0.2 s;"
        " raise `--timeout` (or `timeout` in config) to audit it"
    )
    python = runaudit([*CHECK, "run.py"], tmp_path, timeout=60, memory_mib=1024)
    assert python.returncode == 1, python.stderr
    assert "Traceback" not in python.stderr


def test_the_help_says_a_file_past_the_time_bound_is_ra901(tmp_path: Path) -> None:
    result = runaudit(["check", "--help"], tmp_path, timeout=30)
    words = " ".join(result.stdout.split())  # however argparse wraps it
    assert (
        "--timeout SECONDS longest one file's analysis may take; a file past it is not"
        " audited, an RA901 error finding" in words
    )
    assert "skipped" not in words


def test_a_file_past_the_size_bound_fails_the_gate_unless_ignored(tmp_path: Path) -> None:
    (tmp_path / "run.sh").write_text(MASKED + "echo x\n" * 100)
    (tmp_path / "runaudit.toml").write_text(
        'max-file-size = 200\n[per-file-ignores]\n"vendor/*" = ["RA901"]\n'
    )
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "big.sh").write_text(MASKED + "echo x\n" * 100)
    result = runaudit(["check", "--no-cache", "-f", "concise", "."], tmp_path, timeout=60)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "run.sh:1:1: RA901 [error] file not audited: it is 737 bytes, above `max-file-size`"
        " (200 bytes); raise `max-file-size` in config to audit it",
        "Found 1 finding.",
    ]


@pytest.mark.parametrize(
    ("body", "shape"),
    [
        ("a|" * 10_000 + "a\n", "a pipeline of more than 1,000 stages"),
        ("a=(" * 20_000 + "\n", "more than 1,000 unclosed array openings"),
        # `|&` ended the stage count at its `&`: 1.5 MB took 1.6 GB, and died under a limit
        ("a|&" * 10_000 + "a\n", "a pipeline of more than 1,000 stages"),
        ("a |&\n" * 10_000 + "a\n", "a pipeline of more than 1,000 stages"),
    ],
    ids=["pipeline", "arrays", "stderr pipeline", "stderr pipeline over lines"],
)
def test_a_shape_the_shell_parser_reads_in_quadratic_time_is_refused(
    tmp_path: Path, body: str, shape: str
) -> None:
    (tmp_path / "slow.sh").write_text("#!/bin/bash\n" + body)
    result = runaudit([*CHECK, "slow.sh"], tmp_path, timeout=10, memory_mib=400)
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines()[0] == (
        f"slow.sh:1:1: RA901 [error] file not audited: it holds {shape}, which the shell"
        " parser reads in quadratic time; split it, or leave the file out with `extend-exclude`"
    )


def test_a_sourced_file_that_cannot_be_read_keeps_the_script_findings(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    deep = "if true; then\n" * 1000 + "echo\n" + "fi\n" * 1000
    (tmp_path / "lib" / "deep.sh").write_text("AGENT=gptme\n" + deep)
    (tmp_path / "lib" / "slow.sh").write_text("a|" * 2000 + "a\n")
    (tmp_path / "run.sh").write_text(
        "#!/bin/bash\nset -e\nsource lib/deep.sh\nsource lib/slow.sh\ngptme x | tee log\n"
    )
    result = runaudit([*CHECK, "run.sh"], tmp_path, timeout=60, memory_mib=1024)
    assert result.stdout.splitlines() == [
        "run.sh:5:1: RA101 [error] [*] exit status of `gptme` is lost: without pipefail the"
        " pipeline returns the status of `tee`, and it is the last command of the script",
        "Found 1 finding.",
    ]
