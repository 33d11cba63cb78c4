"""Issue 25, items 1 and 4: what a script sources is bounded by the audited path, and
nothing read from a sourced file is printed unless it is a command word."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from subprocess_cli import runaudit

SECRET = "hunter2secretvalue"
# What a sourced file gives only when it is read: the secret, and the agent a variable
# names, whose lost status (line 4 of `SCRIPT`) is then a finding.
ENV = f"SECRET_TOKEN={SECRET}\nAGENT=gptme\n"
# Line 5's finding is the script's own: it shows the run analysed the script (a run
# that read out of the tree ended in RA900 instead, its findings lost).
SCRIPT = (
    '#!/bin/bash\nsource {}\n"$SECRET_TOKEN" | grep x\n"$AGENT" x | tee log\ngptme y | tee out\n'
)
CONCISE = ["check", "--isolated", "--no-cache", "--extend-select", "RA102", "-f", "concise"]


def _checkout(tmp_path: Path) -> Path:
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    (tmp_path / ".env").write_text(ENV)
    return checkout


def _findings(stdout: str) -> list[str]:
    """The findings of concise output: `path:line:column: CODE`."""
    return re.findall(r"^(\S+:\d+:\d+: RA\d+) ", stdout, re.MULTILINE)


def test_a_source_out_of_the_audited_path_is_not_read(tmp_path: Path) -> None:
    checkout = _checkout(tmp_path)
    (checkout / "run.sh").write_text(SCRIPT.format("../.env"))
    result = runaudit([*CONCISE, "checkout"], tmp_path, timeout=60)
    assert _findings(result.stdout) == ["checkout/run.sh:5:1: RA101"], result.stdout
    args = ["check", "--isolated", "--no-cache", "--extend-select", "RA102", "checkout"]
    for output in ("text", "json", "sarif"):
        result = runaudit([*args, "--format", output], tmp_path, timeout=60)
        assert result.returncode == 1, result.stderr
        assert SECRET not in result.stdout + result.stderr


def test_a_source_through_a_link_out_of_the_tree_is_not_read(tmp_path: Path) -> None:
    checkout = _checkout(tmp_path)
    (checkout / "env.sh").symlink_to(tmp_path / ".env")
    (checkout / "run.sh").write_text(SCRIPT.format("./env.sh"))
    result = runaudit([*CONCISE, "."], checkout, timeout=60)
    assert _findings(result.stdout) == ["run.sh:5:1: RA101"], result.stdout
    assert SECRET not in result.stdout + result.stderr


def test_a_gitignored_source_is_not_read(tmp_path: Path) -> None:
    checkout = _checkout(tmp_path)
    subprocess.run(["git", "init", "-q", str(checkout)], check=True)
    (checkout / ".gitignore").write_text(".env\n")
    (checkout / ".env").write_text(ENV)
    (checkout / "run.sh").write_text(SCRIPT.format("./.env"))
    result = runaudit([*CONCISE, "."], checkout, timeout=60)
    assert _findings(result.stdout) == ["run.sh:5:1: RA101"], result.stdout
    args = ["check", "--isolated", "--no-cache", "--extend-select", "RA102", "--format", "sarif"]
    result = runaudit([*args, "."], checkout, timeout=60)
    assert result.returncode == 1, result.stderr
    assert SECRET not in result.stdout


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
    (app / "own.sh").write_text("#!/bin/bash\ngptme y | tee out\n")  # found in every run
    args = ["check", "--isolated", "--no-cache", "--format", "concise"]
    alone = runaudit([*args, "app"], tmp_path, timeout=60)
    # the library is outside `app`
    assert _findings(alone.stdout) == ["app/own.sh:2:1: RA101"], alone.stdout
    both = runaudit([*args, "lib", "app"], tmp_path, timeout=60)
    # `lib` is a root of its own, not `app`'s
    assert _findings(both.stdout) == ["app/own.sh:2:1: RA101"], both.stdout
    whole = runaudit([*args, "."], tmp_path, timeout=60)
    assert _findings(whole.stdout) == ["app/own.sh:2:1: RA101", "app/run.sh:3:1: RA101"]


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


def test_a_script_run_by_an_absolute_path_is_read_only_from_the_tree(tmp_path: Path) -> None:
    """`bash /abs/…/scripts/step.sh` reads the tree's `scripts/step.sh` (the project
    checked out elsewhere), never the absolute path itself, which is out of the tree."""
    outside = tmp_path / "srv" / "scripts"
    outside.mkdir(parents=True)
    (outside / "step.sh").write_text("#!/bin/bash\necho 'no agent here'\n")  # never read
    checkout = _checkout(tmp_path)
    (checkout / "scripts").mkdir()
    step = "#!/bin/bash\nset -e\ngptme 'nightly step'\necho done\n"
    (checkout / "scripts" / "step.sh").write_text(step)
    runner = f'#!/bin/bash\nset -e\nbash "{tmp_path}/srv/scripts/step.sh"\nrc=$?\necho "$rc"\n'
    (checkout / "run.sh").write_text(runner)
    (checkout / "other.sh").write_text(runner.replace("scripts/step.sh", "other/none.sh"))
    result = runaudit([*CONCISE, "checkout"], tmp_path, timeout=60)
    # the finding needs the tree's copy (the file outside runs no agent); `other.sh`
    # names a path the tree holds no copy of: nothing to read, nothing found
    assert _findings(result.stdout) == ["checkout/run.sh:4:4: RA204"], result.stdout
