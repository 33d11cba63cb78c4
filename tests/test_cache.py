"""The result cache's home, keys, size bound and `runaudit clean`."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from invoke import invoke

from auditor import cache as cache_module
from auditor.cache import (
    CachedResult,
    ResultCache,
    clear,
    default_cache_dir,
    prune,
    prune_if_full,
)
from auditor.config import Settings, load_settings
from auditor.finding import AppliedSuppression
from auditor.run import audit

FLAGGED = "#!/bin/bash\nset -e\ngptme x | tee log\n"
KEY = "ab" * 32  # an entry's name: 64 hex digits


def entries(cache_dir: Path) -> set[Path]:
    return {p for p in cache_dir.rglob("*.json") if p.is_file()}


@pytest.mark.parametrize(
    ("platform", "environ", "expected"),
    [
        ("linux", {}, "HOME/.cache/runaudit"),
        ("linux", {"XDG_CACHE_HOME": "/xdg"}, "/xdg/runaudit"),
        ("linux", {"XDG_CACHE_HOME": "relative/dir"}, "HOME/.cache/runaudit"),  # invalid: ignored
        ("darwin", {"XDG_CACHE_HOME": "/xdg"}, "HOME/Library/Caches/runaudit"),
        ("win32", {"LOCALAPPDATA": "/local"}, "/local/runaudit/Cache"),
        ("win32", {}, "HOME/AppData/Local/runaudit/Cache"),
        ("darwin", {"RUNAUDIT_CACHE_DIR": "/mine"}, "/mine"),
        ("win32", {"RUNAUDIT_CACHE_DIR": "/mine", "LOCALAPPDATA": "/local"}, "/mine"),
    ],
)
def test_the_cache_lives_where_the_platform_keeps_caches(
    platform: str,
    environ: dict[str, str],
    expected: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    found = default_cache_dir(environ, platform)
    assert found == Path(expected.replace("HOME", str(tmp_path)))


def test_cache_dir_and_the_environment_win_over_the_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "run.sh").write_text(FLAGGED)
    monkeypatch.setenv("RUNAUDIT_CACHE_DIR", str(tmp_path / "from-env"))
    assert invoke(["check", "--isolated", "run.sh"]).exit_code == 1
    assert entries(tmp_path / "from-env")
    invoke(["check", "--isolated", "--cache-dir", str(tmp_path / "flag"), "run.sh"])
    assert entries(tmp_path / "flag")


def _tree(root: Path) -> Path:
    """A small tree with its own config: findings, a per-file ignore, and a Python module."""
    (root / "bin").mkdir(parents=True)
    (root / "bin" / "run.sh").write_text(FLAGGED)
    (root / "bin" / "quiet.sh").write_text(FLAGGED)
    (root / "runner.py").write_text(
        "import subprocess\n\ndef go():\n    subprocess.run('gptme x | tee log', shell=True)\n"
    )
    (root / "runaudit.toml").write_text('[per-file-ignores]\n"bin/quiet.sh" = ["RA101"]\n')
    return root


def _audit(root: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.chdir(root)  # the CLI's way: paths shown relative to the working directory
    settings = load_settings(None, search_from=Path("."))
    report = audit([Path(".")], settings, cwd=root, jobs=1, cache_dir=cache_dir)
    return [f"{f.path}:{f.code}" for f in report.findings]


def test_keys_do_not_depend_on_where_the_tree_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two clones (or worktrees) of one tree, each audited from its root, share entries."""
    cache_dir = tmp_path / "cache"
    first = _audit(_tree(tmp_path / "clone-a"), cache_dir, monkeypatch)
    assert first == ["bin/run.sh:RA101", "runner.py:RA203"]
    written = entries(cache_dir)
    second = _audit(_tree(tmp_path / "elsewhere" / "clone-b"), cache_dir, monkeypatch)
    assert second == first
    assert entries(cache_dir) == written  # every file was a hit: no entry written


def test_a_per_file_ignore_changes_only_the_keys_of_the_files_it_matches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache_dir = tmp_path / "cache"
    root = _tree(tmp_path / "tree")
    _audit(root, cache_dir, monkeypatch)
    written = entries(cache_dir)
    (root / "runaudit.toml").write_text('[per-file-ignores]\n"bin/run.sh" = ["RA101"]\n')
    assert _audit(root, cache_dir, monkeypatch) == ["bin/quiet.sh:RA101", "runner.py:RA203"]
    assert len(entries(cache_dir) - written) == 2  # the two scripts, not runner.py


def test_the_same_file_shown_under_another_path_is_not_served_the_first_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Findings carry the path relative to the working directory: it stays in the key."""
    cache_dir = tmp_path / "cache"
    root = _tree(tmp_path / "tree")
    _audit(root, cache_dir, monkeypatch)
    monkeypatch.chdir(tmp_path)
    report = audit([Path("tree")], Settings(root=tmp_path), cwd=tmp_path, cache_dir=cache_dir)
    paths = ["tree/bin/quiet.sh", "tree/bin/run.sh", "tree/runner.py"]
    assert [f.path for f in report.findings] == paths


SUPPRESSIONS = (
    AppliedSuppression("bin/run.sh", 2, ("RA1",), 3),
    AppliedSuppression("bin/run.sh", 7, ("RA101", "RA203"), 1),
)


def test_an_entry_gives_back_the_suppressions_in_effect(tmp_path: Path) -> None:
    cache = ResultCache(tmp_path, ["context"])
    cache.put(KEY, CachedResult([], [], 4, SUPPRESSIONS))
    assert cache.get(KEY) == CachedResult([], [], 4, SUPPRESSIONS)


@pytest.mark.parametrize(
    "suppressions",
    [
        None,  # an entry written before suppressions were kept: a miss
        [["bin/run.sh", 2, "RA1", 3]],  # codes not a list
        [["bin/run.sh", 2, [5], 3]],
        [["bin/run.sh", "2", ["RA1"], 3]],
        [["bin/run.sh", 2, ["RA1"]]],
    ],
)
def test_an_entry_without_well_formed_suppressions_is_a_miss(
    tmp_path: Path, suppressions: object
) -> None:
    cache = ResultCache(tmp_path, ["context"])
    data: dict[str, object] = {"findings": [], "diagnostics": [], "suppressed": 4}
    if suppressions is not None:
        data["suppressions"] = suppressions
    cache.put_data(KEY, data)
    assert cache.get_data(KEY) == json.loads(json.dumps(data))
    assert cache.get(KEY) is None


def test_a_warm_run_reports_the_same_suppressions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "run.sh").write_text(f"{FLAGGED.rstrip()}  # runaudit: ignore[RA101]\n")
    cache_dir = tmp_path.parent / f"{tmp_path.name}-cache"
    runs = [audit([Path("run.sh")], Settings(), cwd=tmp_path, cache_dir=cache_dir) for _ in "ab"]
    assert entries(cache_dir)
    expected = [AppliedSuppression("run.sh", 3, ("RA101",), 1)]
    assert [run.suppressions for run in runs] == [expected, expected]


def test_a_library_is_audited_again_when_the_options_of_its_sourcer_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sourced library starts from the options its sourcer has at the `source`: through
    the cache, turning pipefail off in the sourcer brings the library's RA101 back, and a
    corrupt sourcing entry is a miss."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "common.sh").write_text("run() {\n  gptme x | tee log\n}\n")
    main = tmp_path / "main.sh"
    cache_dir = tmp_path.parent / f"{tmp_path.name}-cache"

    def codes() -> list[tuple[str, str]]:
        report = audit([Path(".")], Settings(), cwd=tmp_path, cache_dir=cache_dir)
        return sorted((f.path, f.code) for f in report.findings)

    main.write_text('#!/bin/bash\nset -euo pipefail\nsource "$(dirname "$0")/lib/common.sh"\nrun\n')
    assert codes() == []
    assert codes() == []  # warm
    for entry in entries(cache_dir):  # every entry corrupt: each a miss, the same report
        entry.write_text('{"sourcing": [["lib/common.sh", "yes", 1]]}')
    assert codes() == []
    for entry in entries(cache_dir):  # sourcing well formed, its calls not
        entry.write_text('{"sourcing": [["lib/common.sh", true, true]], "calls": [["run", 1]]}')
    assert codes() == []
    for entry in entries(cache_dir):  # sourcing and calls well formed, its callbacks not
        entry.write_text(
            '{"sourcing": [["lib/common.sh", true, true]], '
            '"calls": [["run", false, true, true]], "callbacks": [["run"]]}'
        )
    assert codes() == []
    main.write_text('#!/bin/bash\nset -eu\nsource "$(dirname "$0")/lib/common.sh"\nrun\n')
    assert codes() == [("lib/common.sh", "RA101")]


def _fill(cache_dir: Path, shards: int, size: int, count: int = 1) -> list[Path]:
    """`count` entries of `size` bytes in each of the first `shards` entry folders, oldest
    first (one second apart)."""
    made = []
    for index in range(shards * count):
        shard = f"{index % shards:02x}"
        path = cache_dir / "v1" / shard / f"{index:064x}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x" * size)
        os.utime(path, (1_000_000 + index, 1_000_000 + index))
        made.append(path)
    return made


def test_prune_removes_the_least_recently_used_entries_down_to_three_quarters(
    tmp_path: Path,
) -> None:
    made = _fill(tmp_path, shards=4, size=100, count=5)  # 20 entries, 2,000 bytes
    assert prune(tmp_path, limit=2_000) == 0  # at the limit: nothing to do
    assert prune(tmp_path, limit=1_600) == 800  # down to 1,200: the 8 oldest go
    assert sorted(entries(tmp_path)) == sorted(made[8:])


def test_prune_if_full_estimates_from_one_entry_folder(tmp_path: Path) -> None:
    _fill(tmp_path, shards=256, size=100)  # 25,600 bytes, 100 in whichever folder it samples
    assert prune_if_full(tmp_path, limit=25_600) == 0
    assert len(entries(tmp_path)) == 256
    assert prune_if_full(tmp_path, limit=20_000) == 25_600 - 15_000
    assert len(entries(tmp_path)) == 150


def test_a_run_prunes_a_full_cache_and_keeps_what_it_just_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache_dir = tmp_path / "cache"
    old = _fill(cache_dir, shards=256, size=1_000)
    root = _tree(tmp_path / "tree")
    _audit(root, cache_dir, monkeypatch)
    used = entries(cache_dir) - set(old)
    assert used and len(entries(cache_dir)) == 256 + len(used)  # under the limit: all kept
    for path in used:  # written long ago, but read again by the next run
        os.utime(path, (1, 1))
    real = prune_if_full
    monkeypatch.setattr(cache_module, "prune_if_full", lambda d: real(d, limit=200_000))
    _audit(root, cache_dir, monkeypatch)
    assert used <= entries(cache_dir)  # reading an entry marks it used
    left = sum(path.stat().st_size for path in entries(cache_dir))
    assert 150_000 - 1_000 < left <= 150_000  # three quarters of the limit: the oldest went


def test_clean_empties_the_cache_and_says_what_it_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "run.sh").write_text(FLAGGED)
    cache_dir = tmp_path / "cache"
    invoke(["check", "--isolated", "--cache-dir", str(cache_dir), "run.sh"])
    written = entries(cache_dir)
    assert written
    shard = next(iter(written)).parent
    stray = shard / f".{KEY}.json.123.tmp"  # the temporary of a killed writer
    stray.write_text("{")
    size = sum(p.stat().st_size for p in [*written, stray])
    mine = cache_dir / "notes.txt"  # not runaudit's: left alone
    mine.write_text("keep\n")
    kept = cache_dir / cache_module.FORMAT / "zz" / "keep.json"  # in the entries' folder
    kept.parent.mkdir()
    kept.write_text("{}")

    result = invoke(["clean", "--cache-dir", str(cache_dir)])
    assert result.exit_code == 0, result.output
    files = len(written) + 1
    expected = f"Removed {files} cache files ({size} bytes) from {cache_dir}\n"
    assert result.stdout == expected
    assert entries(cache_dir) == {kept} and not stray.exists()
    assert mine.read_text() == "keep\n"
    assert [p.name for p in (cache_dir / cache_module.FORMAT).iterdir()] == ["zz"]

    again = invoke(["clean", "--cache-dir", str(cache_dir)])
    assert again.exit_code == 0
    assert again.stdout == f"Nothing to remove: no cached results in {cache_dir}\n"


def test_clean_empties_the_default_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RUNAUDIT_CACHE_DIR", str(tmp_path / "cache"))
    _fill(tmp_path / "cache", shards=2, size=1_536)
    result = invoke(["clean"])
    assert (result.exit_code, result.stdout) == (
        0,
        f"Removed 2 cache files (3.0 KiB) from {tmp_path / 'cache'}\n",
    )
    assert not (tmp_path / "cache" / "v1").exists()


def test_clean_never_follows_a_link_out_of_the_cache(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    _fill(outside, shards=1, size=10)
    cache_dir = tmp_path / "cache"
    (cache_dir / "v1").mkdir(parents=True)
    (cache_dir / "v1" / "00").symlink_to(outside / "v1" / "00")
    (cache_dir / "v2").symlink_to(outside / "v1")
    assert clear(cache_dir).files == 0
    assert len(entries(outside)) == 1


def test_a_module_summary_is_keyed_by_its_module_name(tmp_path: Path) -> None:
    """A relative import resolves against the module's dotted name, which comes from the
    package folders around the file: adding an `__init__.py` changes it, not the file."""
    from auditor.cache import ResultCache
    from auditor.discover import discover
    from auditor.indexing import build_index

    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "jobs.py").write_text(
        "import backoff\nfrom . import client\n\n"
        "@backoff.on_exception(backoff.expo, Exception)\ndef go():\n    client.send()\n"
    )
    cache = ResultCache(tmp_path / "cache", ["context"])

    def retried_modules() -> set[str]:
        candidates = discover([tmp_path / "pkg"], Settings(root=tmp_path), cwd=tmp_path).candidates
        index = build_index(candidates, Settings(root=tmp_path), cache)
        uses = {use.module for s in index.python.values() for use in s.retried_imports}
        return uses - {"backoff"}

    assert retried_modules() == {""}  # `jobs` is a top-level module: `.` names nothing
    (tmp_path / "pkg" / "__init__.py").write_text("")
    assert retried_modules() == {"pkg"}


def test_a_summary_pruned_apart_from_its_index_entry_is_made_and_stored_again(
    tmp_path: Path,
) -> None:
    """Pruning may remove a summary and keep the file's index entry that names it: the next
    run summarises the file again and stores the summary, so the runs after read it."""
    from auditor.cache import ResultCache
    from auditor.discover import discover
    from auditor.indexing import index_listing, summary_key

    (tmp_path / "jobs.py").write_text(
        "import subprocess\n\ndef go():\n    subprocess.run(['claude', '-p', 'x'])\n"
    )
    cache = ResultCache(tmp_path / "cache", ["context"])
    settings = Settings(root=tmp_path)
    candidates = discover([tmp_path / "jobs.py"], settings, cwd=tmp_path).candidates

    def listed() -> tuple[str, bool]:
        from auditor.configs import FileSettings

        module = index_listing(candidates, FileSettings.uniform(settings), cache).modules[0]
        return module.digest, module.summary is not None

    digest, made = listed()
    assert made  # summarised and stored
    assert listed() == (digest, False)  # then only named by the index entry
    shard = cache.directory / summary_key(cache, digest)[:2]
    for entry in shard.glob(f"{summary_key(cache, digest)}.json"):
        entry.unlink()  # pruned, the index entry kept
    assert listed() == (digest, True)  # made again
    assert listed() == (digest, False)  # and stored: the next run reads it


def _audited_scripts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths each audit in this process analyses (cache hits are not among them)."""
    from auditor.engine import Auditor

    seen: list[str] = []
    real = Auditor.audit_source

    def counting(self: Auditor, source: object, *args: object, **kwargs: object) -> object:
        seen.append(getattr(source, "path", ""))
        return real(self, source, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Auditor, "audit_source", counting)
    return seen


def test_a_script_that_sources_a_library_is_served_while_the_library_is_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A script's entry records the files its audit looked up as sources (found or not):
    it is a hit while they read the same, a miss once one changes, appears or is ignored."""
    tree, cache_dir = tmp_path / "tree", tmp_path / "cache"
    (tree / "lib").mkdir(parents=True)
    (tree / "main.sh").write_text(
        '#!/bin/bash\nsource "$(dirname "$0")/lib/run.inc"\nsource ./extra.inc\n'
        "run_agent x | tee log\nif [ $? -ne 0 ]; then exit 1; fi\n"
    )
    (tree / "lib" / "run.inc").write_text('run_agent() { claude -p "$1"; }\n')
    seen = _audited_scripts(monkeypatch)

    def codes() -> list[str]:
        seen.clear()
        report = audit([tree / "main.sh"], Settings(), jobs=1, cache_dir=cache_dir)
        return [f.code for f in report.findings]

    assert codes() == ["RA101"] and len(seen) == 1
    assert codes() == ["RA101"] and seen == []  # nothing changed: served from the cache
    (tree / "lib" / "run.inc").write_text('run_agent() { echo "$1"; }\n')
    assert codes() == [] and len(seen) == 1  # the library changed: audited again
    (tree / "extra.inc").write_text('run_agent() { codex exec "$1"; }\n')  # absent before
    assert codes() == ["RA101"] and len(seen) == 1
    assert codes() == ["RA101"] and seen == []


def test_a_unit_is_audited_again_once_the_script_it_restarts_stops_running_the_agent(
    tmp_path: Path,
) -> None:
    """Whether a script runs an agent is kept in the cache by the script's content: a
    script edited to name the agent only in a message no longer makes the unit's
    `Restart=` respawn one, on a warm run too."""
    tree, cache_dir = tmp_path / "tree", tmp_path / "cache"
    (tree / "bin").mkdir(parents=True)
    script = tree / "bin" / "step.sh"
    script.write_text('#!/bin/bash\nexec claude -p "$(cat TASK.md)"\n')
    (tree / "step.service").write_text(
        "[Service]\nExecStart=/opt/step/bin/step.sh\nRestart=on-failure\n"
    )

    def codes() -> list[str]:
        report = audit([tree], Settings(), jobs=1, cache_dir=cache_dir)
        return [f.code for f in report.findings]

    assert codes() == ["RA302"]
    assert codes() == ["RA302"]  # warm
    script.write_text('#!/bin/bash\necho "claude runs in the container"\nexec docker start step\n')
    assert codes() == []
    assert codes() == []  # warm


def test_a_workflow_is_audited_again_once_the_script_its_steps_run_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A workflow's steps run the project's scripts from the repository's root: its entry
    records the scripts every step looked up, each step's replayed on its own (two steps
    running the same script both find it), and is a miss once one of them changes."""
    tree, cache_dir = tmp_path / "tree", tmp_path / "cache"
    (tree / ".github" / "workflows").mkdir(parents=True)
    (tree / "scripts").mkdir()
    script = tree / "scripts" / "review.sh"
    script.write_text('#!/bin/bash\nclaude -p "$1"\n')
    step = "      - run: ./scripts/review.sh {} | tee {}.md\n"
    (tree / ".github" / "workflows" / "review.yml").write_text(
        "on: push\njobs:\n  r:\n    runs-on: ubuntu-latest\n    steps:\n"
        + step.format("a", "a")
        + step.format("b", "b")
    )
    seen = _audited_scripts(monkeypatch)

    def codes() -> list[str]:
        seen.clear()
        report = audit([tree], Settings(), jobs=1, cache_dir=cache_dir)
        return [f.code for f in report.findings if f.path.endswith(".yml")]

    assert codes() == ["RA101", "RA101"] and len(seen) == 2  # the workflow and the script
    assert codes() == ["RA101", "RA101"] and seen == []  # served from the cache
    script.write_text('#!/bin/bash\necho "$1"\n')
    assert codes() == [] and len(seen) == 2  # the script runs no agent now: both again
