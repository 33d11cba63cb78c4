"""The GitHub Action end to end, offline, and the install paths the README documents.

`action.yml`'s steps run as the runner runs them.
Each composite step's `run:` goes through the command GitHub uses for `shell: bash`
(`bash --noprofile --norc -eo pipefail {0}`), with the `${{ … }}` expressions of
its `env:` and `run:` substituted, `GITHUB_ACTION_PATH` set to this checkout and
`GITHUB_OUTPUT` to a file read back for the step's outputs. The install step
builds runaudit from a copy of this checkout (pip builds in the source tree, and
this one must stay clean) into a new virtual environment with no network: pip
may not use an index (`PIP_NO_INDEX`) nor an isolated build environment, and
finds setuptools and runaudit's dependencies where the tests run (`PYTHONPATH`).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sysconfig
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO_ROOT = Path(__file__).resolve().parent.parent
BASH = shutil.which("bash")
# What the runner runs for a step with `shell: bash` (composite steps always name a shell).
SHELL_BASH = ["bash", "--noprofile", "--norc", "-eo", "pipefail", "{0}"]
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
FLAGGED = '#!/bin/bash\nset -e\ngptme "$PROMPT" 2>&1 | tee run.log\n'

pytestmark = pytest.mark.skipif(BASH is None, reason="bash is not installed")


def load_action() -> dict[str, Any]:
    data = yaml.safe_load((REPO_ROOT / "action.yml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def substitute(text: str, context: dict[str, Any]) -> str:
    """`text` with each `${{ a.b.c }}` replaced by its value; any other expression fails."""

    def value(match: re.Match[str]) -> str:
        expression = match.group(1)
        assert re.fullmatch(r"[a-z_]+(\.[a-z_-]+)+", expression), f"not a property: {expression}"
        found: Any = context
        for part in expression.split("."):
            if expression.startswith("steps.") and part not in found:
                return ""  # an output a step did not set is empty, as on GitHub
            found = found[part]
        assert isinstance(found, str), expression
        return found

    return EXPRESSION.sub(value, text)


def read_outputs(path: Path) -> dict[str, str]:
    """A step's `$GITHUB_OUTPUT`: `name=value` lines (the runaudit action writes no others)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return dict(line.split("=", 1) for line in lines)


# What a checkout of the action holds: no environments, caches or build output.
NOT_CHECKED_OUT = shutil.ignore_patterns(
    ".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"
)


class Runner:
    """Runs the action's steps in a workspace, as a GitHub runner would, offline."""

    def __init__(self, tmp_path: Path, workspace: Path) -> None:
        self.action = load_action()
        self.workspace, self.temp = workspace, tmp_path / "runner-temp"
        self.temp.mkdir()
        action_path = tmp_path / "action"
        shutil.copytree(REPO_ROOT, action_path, ignore=NOT_CHECKED_OUT, symlinks=True)
        paths = sysconfig.get_paths()
        self.env = {
            **os.environ,
            "GITHUB_ACTION_PATH": str(action_path),
            "GITHUB_WORKSPACE": str(workspace),
            "RUNNER_TEMP": str(self.temp),
            "RUNNER_OS": "Linux",
            "CI": "true",
            "RUNAUDIT_CACHE_DIR": str(tmp_path / "cache"),  # never the user's own cache
            "PIP_NO_INDEX": "1",
            "PIP_NO_BUILD_ISOLATION": "0",  # sic: pip reads `0` here as --no-build-isolation
            "PYTHONPATH": os.pathsep.join(dict.fromkeys([paths["purelib"], paths["platlib"]])),
        }
        self.context: dict[str, Any] = {
            "github": {"action_path": str(action_path), "workspace": str(workspace)},
            "runner": {"temp": str(self.temp), "os": "Linux"},
            "steps": {},
        }
        self.runs = 0

    def run(self, inputs: dict[str, str], only: str | None = None) -> list[Any]:
        """Run every step (or only the step with id `only`) until one fails; their results."""
        declared = self.action["inputs"]
        assert set(inputs) <= set(declared), "an input the action does not declare"
        self.context["inputs"] = {
            name: inputs.get(name, str(spec.get("default", ""))) for name, spec in declared.items()
        }
        results = []
        for step in self.action["runs"]["steps"]:
            if only is not None and step.get("id") != only:
                continue
            assert step["shell"] == "bash", "composite steps run with bash, on every OS"
            self.runs += 1
            output = self.temp / f"output-{self.runs}"
            output.touch()
            script = self.temp / f"step-{self.runs}.sh"
            script.write_text(substitute(step["run"], self.context), encoding="utf-8")
            env = {
                name: substitute(str(v), self.context) for name, v in step.get("env", {}).items()
            }
            done = subprocess.run(
                [word.replace("{0}", str(script)) for word in SHELL_BASH],
                cwd=self.workspace,
                env={**self.env, **env, "GITHUB_OUTPUT": str(output)},
                capture_output=True,
                text=True,
                timeout=300,
            )
            if "id" in step:
                self.context["steps"][step["id"]] = {"outputs": read_outputs(output)}
            results.append(done)
            if done.returncode != 0:
                break
        return results

    def outputs(self) -> dict[str, str]:
        """The action's outputs, from its steps' outputs."""
        declared = self.action["outputs"].items()
        return {name: substitute(spec["value"], self.context) for name, spec in declared}


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "workspace"
    (root / "scripts").mkdir(parents=True)
    (root / "scripts" / "run.sh").write_text(FLAGGED)
    (root / "clean").mkdir()
    (root / "clean" / "ok.sh").write_text('#!/bin/bash\nset -euo pipefail\ngptme "$P" | tee l\n')
    return root


def test_action_metadata_is_a_composite_action_with_its_inputs_and_outputs() -> None:
    action = load_action()
    assert action["runs"]["using"] == "composite"
    assert action["inputs"]["args"]["default"] == "check ."
    assert set(action["inputs"]) == {"args", "sarif"}
    assert set(action["outputs"]) == {"sarif"}
    for step in action["runs"]["steps"]:  # inputs reach the scripts through `env` only
        assert "${{" not in step["run"], step["name"]


def test_the_action_installs_from_its_checkout_writes_sarif_and_fails_on_findings(
    tmp_path: Path, workspace: Path
) -> None:
    runner = Runner(tmp_path, workspace)
    install, audit = runner.run({"sarif": "reports/runaudit.sarif"})
    assert install.returncode == 0, install.stdout + install.stderr
    assert audit.returncode == 1, audit.stdout + audit.stderr  # findings fail the step

    venv = Path(runner.context["steps"]["install"]["outputs"]["bin"]).parent
    assert venv.is_relative_to(runner.temp)  # outside the workspace, which is audited
    assert list(venv.glob("lib/python*/site-packages/auditor/cli.py")), "not installed there"

    assert runner.outputs() == {"sarif": "reports/runaudit.sarif"}
    sarif = json.loads((workspace / "reports" / "runaudit.sarif").read_text(encoding="utf-8"))
    assert sarif["version"] == "2.1.0"
    (result,) = sarif["runs"][0]["results"]
    location = result["locations"][0]["physicalLocation"]
    assert result["ruleId"] == "RA101"
    assert location["artifactLocation"]["uri"] == "scripts/run.sh"
    assert location["region"]["startLine"] == 3
    # The log shows the report in the format `args` chose (text by default).
    assert "scripts/run.sh:3:1" in audit.stdout and "RA101" in audit.stdout, audit.stdout

    # The same environment, on a clean tree: a report with no result, and the step passes.
    (audit,) = runner.run({"args": "check clean"}, only="audit")
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert runner.outputs() == {"sarif": "runaudit.sarif"}
    clean = json.loads((workspace / "runaudit.sarif").read_text(encoding="utf-8"))
    assert clean["runs"][0]["results"] == []

    # A usage error: exit 2, and no report to upload (not the previous run's).
    (audit,) = runner.run({"args": "check --fail-on sometimes clean"}, only="audit")
    assert audit.returncode == 2 and "fail-on" in audit.stderr, audit.stderr
    assert runner.outputs() == {"sarif": ""}
    assert not (workspace / "runaudit.sarif").exists()


def sarif_output_of(step_id: str) -> str:
    """The expression naming the `sarif` output of the step `step_id`."""
    return "${{ steps." + step_id + ".outputs.sarif }}"


def test_ci_workflow_runs_the_action_and_uploads_its_sarif() -> None:
    workflow = yaml.safe_load((REPO_ROOT / ".github/workflows/runaudit.yml").read_text())
    (job,) = workflow["jobs"].values()
    assert job["permissions"]["security-events"] == "write"
    (audit,) = [step for step in job["steps"] if step.get("uses") == "./"]  # this checkout
    assert set(audit["with"]) <= set(load_action()["inputs"])
    assert audit["with"]["args"].startswith("check ")
    (upload,) = [step for step in job["steps"] if "upload-sarif" in step.get("uses", "")]
    assert upload["uses"].startswith("github/codeql-action/upload-sarif@")
    assert upload["with"]["sarif_file"] == sarif_output_of(audit["id"])
    assert "!cancelled()" in upload["if"]  # uploaded even when the audit fails the job


def readme_blocks(language: str) -> list[str]:
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(rf"^```{language}\n(.*?)^```", readme, re.MULTILINE | re.DOTALL)


def test_readme_installs_only_in_ways_that_work_before_a_release() -> None:
    commands = "\n".join(readme_blocks("bash") + readme_blocks("yaml"))
    # `runaudit` is not on a package index: no `pip install runaudit`, `pipx install runaudit`.
    assert not re.search(r"install\s+(-\S+\s+)*['\"]?runaudit\b", commands)
    assert 'pip install "git+https://github.com/runaudit/runaudit@main"' in commands
    assert "pip install ." in commands  # from a checkout


def test_readme_action_snippets_use_the_action_as_declared() -> None:
    action = load_action()
    snippets = [yaml.safe_load(b) for b in readme_blocks("yaml") if "runaudit/runaudit@" in b]
    assert snippets
    for snippet in snippets:
        steps = snippet["steps"]
        (audit,) = [s for s in steps if s.get("uses", "").startswith("runaudit/runaudit@")]
        assert audit["uses"] == "runaudit/runaudit@main"  # no release is tagged yet
        assert set(audit.get("with", {})) <= set(action["inputs"])
        (upload,) = [s for s in steps if "upload-sarif" in s.get("uses", "")]
        assert upload["with"]["sarif_file"] == sarif_output_of(audit["id"])


def test_readme_pre_commit_rev_is_a_ref_the_repository_has() -> None:
    (config,) = [yaml.safe_load(b) for b in readme_blocks("yaml") if "repos:" in b]
    (repo,) = config["repos"]
    assert repo["repo"] == "https://github.com/runaudit/runaudit"
    rev = repo["rev"]
    if rev == "main":  # the default branch, while no release is tagged
        return
    git = shutil.which("git")
    assert git is not None, f"rev {rev!r} is a tag: git is needed to check that it exists"
    tags = subprocess.run(
        [git, "tag", "--list", rev], cwd=REPO_ROOT, capture_output=True, text=True, check=True
    )
    assert tags.stdout.split() == [rev], f"rev {rev!r} is neither `main` nor a tag here"
