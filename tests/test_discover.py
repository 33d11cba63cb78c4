"""Discovery: classification, safe reads, excludes, .gitignore, links and special files."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from auditor.config import Settings
from auditor.discover import (
    Candidate,
    NotRegularFile,
    TooLarge,
    classify,
    discover,
    read_bounded,
    read_head,
)
from auditor.finding import Diagnostic, DiagnosticKind
from auditor.kinds import FileKind

K = FileKind


def write(path: Path, text: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def run(
    tmp_path: Path, *paths: Path | str, **settings: object
) -> tuple[list[Candidate], list[Diagnostic]]:
    config = Settings(root=tmp_path, **settings)  # type: ignore[arg-type]
    found = discover([Path(p) for p in paths] or [tmp_path], config, cwd=tmp_path)
    return found.candidates, found.diagnostics


def displays(candidates: list[Candidate]) -> list[str]:
    return [candidate.display for candidate in candidates]


@pytest.mark.parametrize(
    ("name", "head", "kind"),
    [
        ("run.py", b"", K.PYTHON),
        ("gui.pyw", b"", K.PYTHON),
        ("run.sh", b"", K.SHELL),
        ("run.bash", b"", K.SHELL),
        ("test.bats", b"", K.SHELL),
        ("agent.service", b"", K.SYSTEMD),
        ("agent@.service", b"", K.SYSTEMD),
        ("agent.service.example", b"", K.SYSTEMD),
        ("agent.service.template", b"", K.SYSTEMD),
        ("agent.service.in", b"", K.SYSTEMD),
        (".github/workflows/ci.yml", b"", K.ACTIONS),
        (".github/workflows/ci.yaml", b"", K.ACTIONS),
        ("repo/.github/workflows/ci.yml", b"", K.ACTIONS),
        ("Dockerfile", b"", K.DOCKERFILE),
        ("Dockerfile.dev", b"", K.DOCKERFILE),
        ("Dockerfile-bob", b"", K.DOCKERFILE),
        ("Containerfile_gpu", b"", K.DOCKERFILE),
        ("dockerfile_builder.py", b"", K.PYTHON),
        ("Dockerfile-lint.sh", b"", K.SHELL),
        ("agent.dockerfile", b"", K.DOCKERFILE),
        ("Containerfile", b"", K.DOCKERFILE),
        ("dockerfile", b"", K.DOCKERFILE),
        ("dockerfile.prod", b"", K.DOCKERFILE),
        ("Makefile", b"", K.MAKEFILE),
        ("makefile", b"", K.MAKEFILE),
        ("GNUmakefile", b"", K.MAKEFILE),
        ("rules.mk", b"", K.MAKEFILE),
        ("run", b"#!/bin/bash\nset -e\n", K.SHELL),
        ("run", b"#!/bin/sh\n", K.SHELL),
        ("run", b"#! /bin/dash\n", K.SHELL),
        ("run", b"#!/usr/bin/ksh\n", K.SHELL),
        ("run", b"#!/usr/bin/env bash\n", K.SHELL),
        ("run", b"#!/usr/bin/env -S bash -e\n", K.SHELL),
        ("run", b"#!/usr/bin/env -Sbash -eu\n", K.SHELL),
        ("run", b"#!/usr/bin/env -i PATH=/bin bash\n", K.SHELL),
        ("run", b"#!/usr/bin/env -u HOME bash\n", K.SHELL),
        ("run", b"#!/bin/bash\r\n", K.SHELL),
        ("run", b"#!/usr/bin/python3\n", K.PYTHON),
        ("run", b"#!/usr/bin/env python3.11\n", K.PYTHON),
        ("run", b"#!/usr/bin/env python\n", K.PYTHON),
        ("run", b"#!/usr/bin/env -S uv run --script\n", K.PYTHON),
        ("run.cron", b"#!/bin/bash\n", K.SHELL),
        ("run", b"#!/usr/bin/env zsh\n", None),
        ("run", b"#!/usr/bin/perl\n", None),
        ("run", b"#!/usr/bin/env\n", None),
        ("run", b"#!\n", None),
        ("run", b"echo hi\n", None),
        ("run", b"", None),
        ("README.md", b"", None),
        ("ci.yml", b"", None),
        ("workflows/ci.yml", b"", None),
        ("notes.txt", b"#!/bin/bash\n", K.SHELL),  # classify trusts a head it is given
        ("script.sh", b"#!/usr/bin/python3\n", K.SHELL),  # the name wins
    ],
)
def test_classify(name: str, head: bytes, kind: FileKind | None) -> None:
    assert classify(Path(name), head) is kind


def test_walk_classifies_and_sorts(tmp_path: Path) -> None:
    write(tmp_path / "z.sh")
    write(tmp_path / "a" / "run.py")
    write(tmp_path / "bin" / "agent", "#!/usr/bin/env bash\ngptme\n")
    write(tmp_path / "bin" / "tool", "#!/usr/bin/perl\n")
    write(tmp_path / "README.md", "#!/bin/bash\n")  # never sniffed
    write(tmp_path / "Makefile")
    write(tmp_path / ".github" / "workflows" / "ci.yml")
    candidates, diagnostics = run(tmp_path)
    assert [(c.display, c.kind) for c in candidates] == [
        (".github/workflows/ci.yml", K.ACTIONS),
        ("Makefile", K.MAKEFILE),
        ("a/run.py", K.PYTHON),
        ("bin/agent", K.SHELL),
        ("z.sh", K.SHELL),
    ]
    assert all(c.path.is_absolute() and c.path.is_file() for c in candidates)
    assert diagnostics == []


def test_output_is_deterministic_and_deduplicated(tmp_path: Path) -> None:
    for name in ["b/x.sh", "a/y.sh", "c.py", "a/b/z.py"]:
        write(tmp_path / name)
    first = run(tmp_path, tmp_path, tmp_path / "a", tmp_path / "c.py")
    second = run(tmp_path, tmp_path / "c.py", tmp_path / "a", tmp_path)
    assert first == second
    assert displays(first[0]) == ["a/b/z.py", "a/y.sh", "b/x.sh", "c.py"]


def test_display_outside_cwd_keeps_the_given_path(tmp_path: Path) -> None:
    write(tmp_path / "checkout" / "run.sh")
    cwd = tmp_path / "work"
    cwd.mkdir()
    candidates = discover([Path("../checkout")], Settings(root=cwd), cwd=cwd).candidates
    assert displays(candidates) == ["../checkout/run.sh"]
    assert candidates[0].path == tmp_path / "checkout" / "run.sh"


def test_a_missing_named_path_is_not_audited(tmp_path: Path) -> None:
    found = discover([Path("nope")], Settings(root=tmp_path), cwd=tmp_path)
    assert found.candidates == []
    reason = "it does not exist (or vanished during the run); correct the path given"
    assert found.unaudited == (("nope", reason),)


# Excludes and .gitignore


def test_default_excludes(tmp_path: Path) -> None:
    for directory in [".git", ".venv", "venv", "node_modules", "__pycache__", "build", "dist"]:
        write(tmp_path / directory / "x.sh")
    write(tmp_path / "pkg.egg-info" / "x.sh")
    write(tmp_path / "lib" / "site-packages" / "x.py")
    write(tmp_path / "build.sh")
    write(tmp_path / "src" / "run.sh")
    assert displays(run(tmp_path)[0]) == ["build.sh", "src/run.sh"]


def test_exclude_and_extend_exclude(tmp_path: Path) -> None:
    write(tmp_path / "vendor" / "a.sh")
    write(tmp_path / "gen" / "b.sh")
    write(tmp_path / "src" / "gen" / "c.sh")
    write(tmp_path / ".venv" / "d.sh")
    candidates, _ = run(tmp_path, extend_exclude=("vendor/", "/gen/"))
    assert displays(candidates) == ["src/gen/c.sh"]
    candidates, _ = run(tmp_path, exclude=("*.sh",))
    assert displays(candidates) == []
    candidates, _ = run(tmp_path, exclude=("vendor",))
    assert displays(candidates) == [".venv/d.sh", "gen/b.sh", "src/gen/c.sh"]


def test_excludes_are_anchored_at_the_config_root(tmp_path: Path) -> None:
    write(tmp_path / "tests" / "fixtures" / "bad.sh")
    write(tmp_path / "tests" / "run.sh")
    candidates, _ = run(tmp_path, tmp_path / "tests", extend_exclude=("/tests/fixtures/",))
    assert displays(candidates) == ["tests/run.sh"]


def test_explicit_paths_are_not_excluded(tmp_path: Path) -> None:
    write(tmp_path / "build" / "gen.sh")
    write(tmp_path / "build" / "sub" / "x.sh")
    write(tmp_path / "skip.sh")
    candidates, _ = run(tmp_path, "build", "skip.sh", extend_exclude=("skip.sh",))
    assert displays(candidates) == ["build/gen.sh", "build/sub/x.sh", "skip.sh"]


def test_gitignore_root_and_nested(tmp_path: Path) -> None:
    write(tmp_path / ".gitignore", "*.log\nout/\n/top.sh\n")
    write(tmp_path / "top.sh")
    write(tmp_path / "out" / "a.sh")
    write(tmp_path / "sub" / ".gitignore", "local.sh\n!keep.py\n*.py\n")
    write(tmp_path / "sub" / "local.sh")
    write(tmp_path / "sub" / "keep.py")
    write(tmp_path / "sub" / "run.sh")
    write(tmp_path / "sub" / "top.sh")
    write(tmp_path / "other" / "local.sh")
    write(tmp_path / "other" / "x.py")
    assert displays(run(tmp_path)[0]) == [
        "other/local.sh",
        "other/x.py",
        "sub/run.sh",
        "sub/top.sh",
    ]


def test_nested_gitignore_can_reinclude(tmp_path: Path) -> None:
    write(tmp_path / ".gitignore", "*.sh\n")
    write(tmp_path / "a.sh")
    write(tmp_path / "sub" / ".gitignore", "!run.sh\n")
    write(tmp_path / "sub" / "run.sh")
    write(tmp_path / "sub" / "other.sh")
    assert displays(run(tmp_path)[0]) == ["sub/run.sh"]


def test_gitignore_off(tmp_path: Path) -> None:
    write(tmp_path / ".gitignore", "*.sh\n")
    write(tmp_path / "a.sh")
    assert displays(run(tmp_path, respect_gitignore=False)[0]) == ["a.sh"]


def test_ancestor_gitignore_up_to_the_repository_top(tmp_path: Path) -> None:
    write(tmp_path / ".gitignore", "*.log.sh\n")  # outside the repository: not used
    repo = tmp_path / "repo"
    (repo / ".git" / "info").mkdir(parents=True)
    write(repo / ".git" / "info" / "exclude", "private.sh\n")
    write(repo / ".gitignore", "secret.sh\nignored/\n")
    write(repo / "pkg" / ".gitignore", "gen.sh\n")
    for name in ["run.sh", "secret.sh", "gen.sh", "private.sh", "x.log.sh"]:
        write(repo / "pkg" / "scripts" / name)
    write(repo / "ignored" / "a.sh")
    candidates, _ = run(tmp_path, repo / "pkg" / "scripts")
    assert displays(candidates) == ["repo/pkg/scripts/run.sh", "repo/pkg/scripts/x.log.sh"]
    # A directory the user names is audited even when an ancestor ignores it.
    assert displays(run(tmp_path, repo / "ignored")[0]) == ["repo/ignored/a.sh"]
    # At the top of the repository, `.git/info/exclude` applies too.
    assert displays(run(tmp_path, repo)[0]) == [
        "repo/pkg/scripts/run.sh",
        "repo/pkg/scripts/x.log.sh",
    ]


# Links


def test_link_out_of_tree_is_skipped_with_diagnostic(tmp_path: Path) -> None:
    secret = write(tmp_path / "outside" / "passwd.sh", "root:x:0:0\n")
    tree = tmp_path / "tree"
    write(tree / "run.sh")
    (tree / "passwd.sh").symlink_to(secret)
    (tree / "etc").symlink_to(secret.parent)
    candidates, diagnostics = run(tmp_path, tree)
    assert displays(candidates) == ["tree/run.sh"]
    assert [(d.path, d.kind) for d in diagnostics] == [
        ("tree/etc", DiagnosticKind.SKIPPED),
        ("tree/passwd.sh", DiagnosticKind.SKIPPED),
    ]
    assert all("link points outside the audited tree" in d.message for d in diagnostics)


def test_link_inside_tree_is_audited_once(tmp_path: Path) -> None:
    real = write(tmp_path / "scripts" / "agent.sh", "#!/bin/bash\n")
    (tmp_path / "run").symlink_to(real)
    (tmp_path / "also.sh").symlink_to(real)
    (tmp_path / "linked-dir").symlink_to(tmp_path / "scripts")
    candidates, diagnostics = run(tmp_path)
    assert candidates == [Candidate(real, "scripts/agent.sh", K.SHELL, tmp_path)]
    assert diagnostics == []


def test_link_to_file_in_excluded_dir_is_audited_under_its_path(tmp_path: Path) -> None:
    real = write(tmp_path / "build" / "agent.sh")
    (tmp_path / "agent.sh").symlink_to(real)
    assert run(tmp_path)[0] == [Candidate(real, "build/agent.sh", K.SHELL, tmp_path)]


def test_link_loops_and_broken_links(tmp_path: Path) -> None:
    write(tmp_path / "run.sh")
    (tmp_path / "loop-a").symlink_to(tmp_path / "loop-b")
    (tmp_path / "loop-b").symlink_to(tmp_path / "loop-a")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "up").symlink_to(tmp_path)  # a directory loop: never followed
    (tmp_path / "dangling.sh").symlink_to(tmp_path / "missing")
    candidates, diagnostics = run(tmp_path)
    assert displays(candidates) == ["run.sh"]
    assert [(d.path, d.message) for d in diagnostics] == [
        ("dangling.sh", "broken symbolic link"),
        ("loop-a", "symbolic link loop"),
        ("loop-b", "symbolic link loop"),
    ]


def test_explicit_link_is_followed(tmp_path: Path) -> None:
    real = write(tmp_path / "outside" / "agent.sh")
    (tmp_path / "run.sh").symlink_to(real)
    # a link the user names is followed; what it sources stays in the target's folder
    assert run(tmp_path, "run.sh")[0] == [Candidate(real, "run.sh", K.SHELL, real.parent)]


def test_explicit_link_loop_is_a_diagnostic(tmp_path: Path) -> None:
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    assert run(tmp_path, "loop") == (
        [],
        [Diagnostic("loop", DiagnosticKind.SKIPPED, "symbolic link loop")],
    )


# Special files, sizes and permissions


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "agent.sh"  # a runner name, so only the file type can save us
    os.mkfifo(path)
    return path


@pytest.fixture
def unix_socket(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "s.sh"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(str(path))
        yield path


def test_fifo_is_skipped_and_never_opened(tmp_path: Path, fifo: Path) -> None:
    write(tmp_path / "noext-fifo-sibling")
    candidates, diagnostics = run(tmp_path)
    assert candidates == []
    assert diagnostics == [
        Diagnostic("agent.sh", DiagnosticKind.SKIPPED, "not a regular file (a FIFO)")
    ]
    # Given explicitly, it is still not opened (with no writer, opening it would block).
    assert run(tmp_path, fifo)[1] == diagnostics
    with pytest.raises(NotRegularFile, match="FIFO"):
        read_bounded(fifo, 100)
    with pytest.raises(NotRegularFile):
        read_head(fifo)


def test_fifo_without_extension_is_not_sniffed(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "agent")
    candidates, diagnostics = run(tmp_path)
    assert candidates == []
    assert [d.message for d in diagnostics] == ["not a regular file (a FIFO)"]


def test_socket_is_skipped(tmp_path: Path, unix_socket: Path) -> None:
    candidates, diagnostics = run(tmp_path)
    assert candidates == []
    assert diagnostics == [
        Diagnostic("s.sh", DiagnosticKind.SKIPPED, "not a regular file (a socket)")
    ]
    with pytest.raises(NotRegularFile, match="socket"):
        read_bounded(unix_socket, 100)


def test_device_is_never_read() -> None:
    with pytest.raises(NotRegularFile, match="character device"):
        read_bounded(Path("/dev/zero"), 100)


def test_oversize_file_is_reported_not_silent(tmp_path: Path) -> None:
    write(tmp_path / "big.sh", "x" * 101)
    write(tmp_path / "ok.sh", "x" * 100)
    write(tmp_path / "big.txt", "x" * 1000)  # not a runner file: no note
    candidates, diagnostics = run(tmp_path, max_file_size=100)
    # A runner file above the bound is a candidate: its audit reports it (RA901).
    assert displays(candidates) == ["big.sh", "ok.sh"]
    assert diagnostics == []


def test_read_bounded(tmp_path: Path) -> None:
    path = write(tmp_path / "a.sh", "12345")
    assert read_bounded(path, 5) == b"12345"
    with pytest.raises(TooLarge) as error:
        read_bounded(path, 4)
    assert (error.value.size, error.value.limit) == (5, 4)
    assert read_head(path, 3) == b"123"
    link = tmp_path / "link.sh"
    link.symlink_to(path)
    with pytest.raises(NotRegularFile, match="symbolic link"):
        read_bounded(link, 100)


def test_an_explicit_file_that_is_no_runner_is_a_note_not_a_diagnostic(tmp_path: Path) -> None:
    # pre-commit names every changed file: one that is not a runner is passed over quietly
    # (`--verbose` shows the note).
    write(tmp_path / "notes.txt", "hello\n")
    write(tmp_path / "hidden.txt", "#!/bin/bash\n")
    found = discover([Path("notes.txt"), Path("hidden.txt")], Settings(root=tmp_path), cwd=tmp_path)
    hidden = Candidate(tmp_path / "hidden.txt", "hidden.txt", K.SHELL, tmp_path)
    assert found.candidates == [hidden]
    assert found.diagnostics == []
    (note,) = found.notes
    assert note.path == "notes.txt"
    assert note.message.startswith("not audited: not a recognized runner file (")


def test_unreadable_directory_and_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path / "locked" / "run.sh")
    write(tmp_path / "agent", "#!/bin/bash\n")
    write(tmp_path / "ok.sh")
    real_scandir, real_open = os.scandir, os.open

    def scandir(path: str) -> object:
        if os.path.basename(path) == "locked":
            raise PermissionError(13, "Permission denied", path)
        return real_scandir(path)

    def open_(path: str | Path, flags: int, mode: int = 0o777) -> int:
        if os.path.basename(path) == "agent":
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, mode)

    monkeypatch.setattr(os, "scandir", scandir)
    monkeypatch.setattr(os, "open", open_)
    candidates, diagnostics = run(tmp_path)
    monkeypatch.undo()
    assert displays(candidates) == ["ok.sh"]
    assert diagnostics == [
        Diagnostic("agent", DiagnosticKind.UNREADABLE, "cannot read file: permission denied"),
        Diagnostic("locked", DiagnosticKind.UNREADABLE, "cannot read directory: permission denied"),
    ]
