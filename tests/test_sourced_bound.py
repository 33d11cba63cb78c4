"""Issue 25, items 1 and 4: what a script sources is bounded by the audited path, and
nothing read from a sourced file is printed unless it is a command word."""

from __future__ import annotations

import subprocess
from pathlib import Path

from subprocess_cli import runaudit

SECRET = "hunter2secretvalue"


def _checkout(tmp_path: Path) -> Path:
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    (tmp_path / ".env").write_text(f"SECRET_TOKEN={SECRET}\n")
    return checkout


def test_a_source_out_of_the_audited_path_is_not_read(tmp_path: Path) -> None:
    checkout = _checkout(tmp_path)
    (checkout / "run.sh").write_text('#!/bin/bash\nsource ../.env\n"$SECRET_TOKEN" | grep x\n')
    args = ["check", "--isolated", "--no-cache", "--extend-select", "RA102", "checkout"]
    for output in ("text", "json", "sarif"):
        result = runaudit([*args, "--format", output], tmp_path, timeout=60)
        assert result.returncode == 0, result.stderr
        assert SECRET not in result.stdout + result.stderr


def test_a_source_through_a_link_out_of_the_tree_is_not_read(tmp_path: Path) -> None:
    checkout = _checkout(tmp_path)
    (checkout / "env.sh").symlink_to(tmp_path / ".env")
    (checkout / "run.sh").write_text('#!/bin/bash\nsource ./env.sh\n"$SECRET_TOKEN" | grep x\n')
    args = ["check", "--isolated", "--no-cache", "--extend-select", "RA102", "--format", "json"]
    result = runaudit([*args, "."], checkout, timeout=60)
    assert SECRET not in result.stdout + result.stderr


def test_a_gitignored_source_is_not_read(tmp_path: Path) -> None:
    checkout = _checkout(tmp_path)
    subprocess.run(["git", "init", "-q", str(checkout)], check=True)
    (checkout / ".gitignore").write_text(".env\n")
    (checkout / ".env").write_text(f"SECRET_TOKEN={SECRET}\n")
    (checkout / "run.sh").write_text('#!/bin/bash\nsource ./.env\n"$SECRET_TOKEN" | grep x\n')
    args = ["check", "--isolated", "--no-cache", "--extend-select", "RA102", "--format", "sarif"]
    result = runaudit([*args, "."], checkout, timeout=60)
    assert result.returncode == 0, result.stderr
    assert SECRET not in result.stdout
    assert "$SECRET_TOKEN" in result.stdout  # still found, named as written


def test_a_sourced_value_is_named_by_its_variable(tmp_path: Path) -> None:
    checkout = _checkout(tmp_path)
    (checkout / "conf.sh").write_text(f"SECRET_TOKEN={SECRET}\nAGENT=gptme\n")
    (checkout / "run.sh").write_text(
        '#!/bin/bash\nset -e\nsource ./conf.sh\n"$SECRET_TOKEN" | grep x\n"$AGENT" x | tee log\n'
    )
    args = ["check", "--isolated", "--no-cache", "--extend-select", "RA102", "--format", "concise"]
    result = runaudit([*args, "run.sh"], checkout, timeout=60)
    assert SECRET not in result.stdout
    first, second = result.stdout.splitlines()[:2]
    assert first.startswith("run.sh:4:1: RA102 [info] [*] exit status of `$SECRET_TOKEN` is lost")
    assert second.startswith("run.sh:5:1: RA101 [error] [*] exit status of `gptme` is lost")


def test_text_the_script_holds_itself_is_printed(tmp_path: Path) -> None:
    """A sourced value that the audited file also writes itself (`true`) reveals nothing:
    the script's own text is printed as written."""
    checkout = _checkout(tmp_path)
    (checkout / "conf.sh").write_text('export ENABLE_RAG="${ENABLE_RAG:-true}"\n')
    (checkout / "run.sh").write_text(
        '#!/bin/bash\nsource ./conf.sh\nwhile true; do\n  claude -p "next" && break\ndone\n'
    )
    args = ["check", "--isolated", "--no-cache", "--format", "concise"]
    result = runaudit([*args, "run.sh"], checkout, timeout=60)
    assert "`while true` loop re-runs `claude`" in result.stdout, result.stdout


def test_each_command_line_path_is_its_own_root(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "agent.sh").write_text("AGENT=gptme\n")
    app = tmp_path / "app"
    app.mkdir()
    (app / "run.sh").write_text('#!/bin/bash\nsource ../lib/agent.sh\n"$AGENT" x | tee log\n')
    args = ["check", "--isolated", "--no-cache", "--format", "concise"]
    alone = runaudit([*args, "app"], tmp_path, timeout=60)
    assert "RA101" not in alone.stdout  # the library is outside `app`
    both = runaudit([*args, "lib", "app"], tmp_path, timeout=60)
    assert "RA101" not in both.stdout  # `lib` is a root of its own, not `app`'s
    whole = runaudit([*args, "."], tmp_path, timeout=60)
    assert "app/run.sh:3:1: RA101" in whole.stdout


def test_a_fix_that_depends_on_a_sourced_file_is_applied(tmp_path: Path) -> None:
    (tmp_path / "lib.sh").write_text("AGENT=gptme\n")
    script = tmp_path / "run.sh"
    script.write_text('#!/bin/bash\nsource ./lib.sh\n"$AGENT" x | tee log\n')
    args = ["check", "--isolated", "--no-cache", "--unsafe-fixes"]
    diff = runaudit([*args, "--diff", "run.sh"], tmp_path, timeout=60)
    assert diff.returncode == 1, diff.stderr
    assert "+set -o pipefail" in diff.stdout
    fixed = runaudit([*args, "--fix", "run.sh"], tmp_path, timeout=60)
    assert "fixed 1 finding in 1 file" in fixed.stderr
    assert script.read_text().splitlines()[1] == "set -o pipefail"
