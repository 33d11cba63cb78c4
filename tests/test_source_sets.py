"""Sourced paths known up to their file name (`auditor.shell.source_sets`): a plugin
chosen as the script runs, a loop over a glob, `builtin source --`; the files they
name are read inside the tree, listed in the cache's look-ups, and given the options
of the scripts that source them."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.config import Settings
from auditor.profiles import default_catalog
from auditor.run import audit
from auditor.shell.includes import MAX_MATCHES, SourcedFiles, matching_names
from auditor.shell.model import ShellScript
from auditor.shell.parse import ShellText
from auditor.shell.source_sets import sourced_pattern, variable_tail
from auditor.shell.sourcing import sourced_by

DIRS = {"SCRIPT_DIR": "", "LIB": "lib"}


@pytest.mark.parametrize(
    ("written", "pattern"),
    [
        ('"$SCRIPT_DIR/runners/${RUNNER_TYPE}.sh"', "runners/*.sh"),
        ('"$SCRIPT_DIR"/lib/*.sh', "lib/*.sh"),
        ('"$LIB/provider_${NAME:-claude}.sh"', "lib/provider_*.sh"),
        ("$SCRIPT_DIR/commands/$cmd.sh", "commands/*.sh"),
        ('"$(dirname "$0")/hooks/??-*.bash"', "hooks/??-*.bash"),
    ],
)
def test_a_run_time_file_name_under_a_known_folder_is_a_pattern(written: str, pattern: str) -> None:
    assert sourced_pattern(written, DIRS) == pattern


@pytest.mark.parametrize(
    "written",
    [
        '"$SCRIPT_DIR/lib/run.sh"',  # known whole: no pattern
        '"$UNKNOWN/runners/${TYPE}.sh"',  # the folder is not known
        '"$SCRIPT_DIR/$NAME"',  # nothing of the name is known
        '"$SCRIPT_DIR/$(pick_runner).sh"',  # a command's output
        '"$SCRIPT_DIR/${DIR}/x.sh"',  # the run-time part is a folder
    ],
)
def test_no_pattern(written: str) -> None:
    assert sourced_pattern(written, DIRS) is None


@pytest.mark.parametrize(
    ("written", "paths"),
    [
        ('"${LIB:-$SCRIPT_DIR/lib/run.sh}"', ("lib/run.sh",)),  # the default, when unset
        ("${LIB-$SCRIPT_DIR/lib/run.sh}", ("lib/run.sh",)),
        ('"${A:-${B:-$LIB/x.sh}}"', ("lib/x.sh",)),  # nested: the innermost
        ('"${LIB:-}"', ()),  # no default
        ("${A:-" * 50 + "x" + "}" * 50, ()),  # nested deeper than followed
    ],
)
def test_a_sourced_default_is_what_runs_unless_overridden(
    written: str, paths: tuple[str, ...]
) -> None:
    from auditor.shell.source_sets import sourced_paths

    assert sourced_paths(written, DIRS, {}) == paths


@pytest.mark.parametrize(
    ("written", "tail"),
    [
        ('"$BT_ROOT/commands/$cmd.sh"', "commands/*.sh"),
        ("${ROOT}/lib/x.sh", "lib/x.sh"),
        ('"$ROOT/plugins/provider_${NAME}.sh"', "plugins/provider_*.sh"),
        ('"$ROOT/$sub/x.sh"', None),  # a folder known only at run time
        ('"$ROOT/lib/$name"', None),  # no literal part in the file name
        ('"$ROOT/lib/$(pick).sh"', None),  # a command's output
        ('"lib/$name.sh"', None),  # no leading variable: `sourced_pattern`'s
    ],
)
def test_the_rest_behind_a_run_time_root_is_a_nearest_pattern(
    written: str, tail: str | None
) -> None:
    assert variable_tail(written) == tail


def test_matches_sort_as_bash_globs_and_are_bounded() -> None:
    names = [".hidden.sh", "b.sh", "a.sh", "notes.txt", *(f"x{n:02}.sh" for n in range(30))]
    found = matching_names(names, "lib/*.sh")
    assert found[:3] == ["a.sh", "b.sh", "x00.sh"]
    assert len(found) == MAX_MATCHES
    assert matching_names(names, "lib/.*.sh") == [".hidden.sh"]


def _tree(tmp_path: Path, driver: str) -> Path:
    tree = tmp_path / "tree"
    for relative, text in {
        "runners/local.sh": 'runner_start() {\n  claude -p "$1" | tee -a run.log\n}\n',
        "runners/README.md": "not a script\n",
        "lib/plan.sh": 'lib_plan() {\n  gptme --non-interactive "$1"\n}\n',
        "extra/review.sh": 'review_step() {\n  codex exec "$1"\n}\n',
        "main.sh": driver,
    }.items():
        (tree / relative).parent.mkdir(parents=True, exist_ok=True)
        (tree / relative).write_text(text)
    return tree


DRIVER = (
    '#!/bin/bash\nset -e\nSCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"\n'
    'runner="$SCRIPT_DIR/runners/${RUNNER:-local}.sh"\nsource "$runner"\n'
    'for lib in "$SCRIPT_DIR"/lib/*.sh; do\n  . "$lib"\ndone\n'
    'command source -- "$SCRIPT_DIR/extra/review.sh"\n'
)


def test_each_file_a_pattern_names_joins_the_model_in_order(tmp_path: Path) -> None:
    tree = _tree(tmp_path, DRIVER)
    sourced = SourcedFiles(tree / "main.sh", tree)
    script = ShellScript.walk(ShellText(DRIVER), default_catalog(), sourced=sourced)
    # (the plugin's function ends in `tee`: it passes no agent's status on)
    assert {"lib_plan", "review_step"} <= set(script.summaries)
    assert [path for path, _ in script.sourcing] == [
        "runners/*.sh",
        "lib/*.sh",
        "extra/review.sh",
    ]
    listed = [(lookup.how, lookup.written, lookup.outcome) for lookup in sourced.lookups]
    assert ("list", "runners/*.sh", "local.sh") in listed  # the README is no match


def test_a_pattern_never_lists_a_folder_outside_the_tree(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "evil.sh").write_text('runner_start() { claude -p "$1"; }\n')
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "up").symlink_to(outside)
    text = (
        '#!/bin/bash\nsource "$(dirname "$0")/up/${X}.sh"\n'
        'source "$(dirname "$0")"/../outside/*.sh\n'
    )
    (tree / "main.sh").write_text(text)
    sourced = SourcedFiles(tree / "main.sh", tree)
    script = ShellScript.walk(ShellText(text), default_catalog(), sourced=sourced)
    assert "runner_start" not in script.summaries
    assert sourced.count == 0


def test_the_driver_options_reach_every_file_a_pattern_names() -> None:
    scripts = [("main.sh", [("runners/*.sh", True, True)], [], [])]
    files = frozenset({"main.sh", "runners/local.sh", "runners/docker.sh", "other/x.sh"})
    given = sourced_by(scripts, files)
    assert sorted(given) == ["runners/docker.sh", "runners/local.sh"]
    assert all(sourcers.pipefail for sourcers in given.values())


def test_audit_reads_plugins_loops_and_builtin_source(tmp_path: Path) -> None:
    steps = 'lib_plan "y"\nplanned=$?\nreview_step "z"\nreviewed=$?\necho "$planned $reviewed"\n'
    tree = _tree(tmp_path, DRIVER + steps)
    report = audit([tree], Settings(root=tree), cwd=tree, jobs=1)
    found = sorted((f.path, f.span.start.line, f.code) for f in report.findings)
    assert found == [
        ("main.sh", 11, "RA204"),
        ("main.sh", 13, "RA204"),
        ("runners/local.sh", 2, "RA101"),  # the driver sets no pipefail
    ]
    strict = DRIVER.replace("set -e\n", "set -eo pipefail\n")
    tree = _tree(tmp_path / "strict", strict)
    report = audit([tree], Settings(root=tree), cwd=tree, jobs=1)
    assert [f.code for f in report.findings] == []  # pipefail reaches the plugin


def test_a_cached_result_sees_a_new_plugin(tmp_path: Path) -> None:
    tree = _tree(tmp_path, DRIVER)
    (tree / "runners" / "local.sh").write_text("runner_start() { echo nothing; }\n")
    settings = Settings(root=tree)

    def codes() -> list[str]:
        report = audit([tree], settings, cwd=tree, cache_dir=tmp_path / "cache", jobs=1)
        return sorted(f.code for f in report.findings if f.path == "main.sh")

    driver = tree / "main.sh"
    driver.write_text(DRIVER + 'runner_start "x"\nrc=$?\necho "$rc"\n')
    assert codes() == []
    (tree / "runners" / "remote.sh").write_text('runner_start() { claude -p "$1"; }\n')
    assert codes() == ["RA204"]  # same main.sh bytes; the folder's listing changed
