"""Which files to audit, and of which kind; nothing found here is ever executed.

Files are classified by name, extension and shebang. Only regular files are
ever opened, with `O_NOFOLLOW | O_NONBLOCK`, so a FIFO, socket or device in
an audited tree can neither hang nor feed the run. Symbolic links to
directories are never followed (the tree is walked through real directories
only, so link loops cannot recur); a link to a file inside the audited tree
is audited once, under the file's own path; a link that leaves the tree is
reported and skipped. Excludes and `.gitignore` files prune the walk, but a
path given on the command line is audited unless `force-exclude` is on (as
pre-commit needs: it names each file). A named file that is not a runner is
passed over with a note, shown only with `--verbose`.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

from auditor.config import Settings
from auditor.finding import Diagnostic, DiagnosticKind, Note
from auditor.gitignore import IGNORE_FILE_LIMIT, IgnoreFile, gitignored, parse_ignore_file
from auditor.kinds import FileKind
from auditor.not_audited import unreadable

HEAD_SIZE = 256
# What is read of a YAML file kept elsewhere than `.github/workflows` (a workflow template
# an installer copies there, an example) to tell a GitHub Actions workflow: its top
# level has a trigger (`on:`) and `jobs:`.
WORKFLOW_HEAD = 16384
_YAML = (".yml", ".yaml")
_WORKFLOW_JOBS = re.compile(rb"(?m)^jobs:[ \t]*(?:#.*)?\r?$")
_WORKFLOW_TRIGGER = re.compile(rb"""(?m)^(?:on|"on"|'on'|true):""")
NOT_A_RUNNER = "not audited: not a recognized runner file (no runner name, extension or shebang)"
EXCLUDED = "not audited: excluded by `exclude`/`extend-exclude` (force-exclude)"
# POSIX flags (Windows has no FIFOs to hang on); os.open adds O_CLOEXEC anyway (PEP 446).
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
_OPEN_FLAGS |= getattr(os, "O_CLOEXEC", 0)

# fmt: off
_SUFFIX_KINDS = {
    ".py": FileKind.PYTHON, ".pyw": FileKind.PYTHON,
    ".sh": FileKind.SHELL, ".bash": FileKind.SHELL, ".bats": FileKind.SHELL,
    ".service": FileKind.SYSTEMD, ".mk": FileKind.MAKEFILE,
    ".dockerfile": FileKind.DOCKERFILE, ".containerfile": FileKind.DOCKERFILE,
}
_FILE_TYPES = {
    "p": "a FIFO", "s": "a socket", "c": "a character device", "b": "a block device",
    "d": "a directory", "l": "a symbolic link",
}
# fmt: on
_SERVICE_TEMPLATE = (".service.example", ".service.template", ".service.in")
_MAKEFILES = frozenset({"Makefile", "makefile", "GNUmakefile"})
# `dockerfile`: the name the Docker builder falls back to when there is no `Dockerfile`
_CONTAINERFILES = ("Dockerfile", "dockerfile", "Containerfile")
_SHELLS = frozenset({"sh", "bash", "dash", "ksh"})
_PYTHON = re.compile(r"^(python|pypy)[0-9.]*$")
# Data, documents and binaries: their first bytes are never a runner's shebang. (Compiled
# on first use, through `re`'s cache: only a folder walk meets files worth sniffing.)
_NO_SNIFF = (
    r"\.(txt|md|rst|adoc|jsonl?|ya?ml|toml|ini|cfg|lock|csv|tsv|log|xml|html?|css|svg|png|jpe?g"
    r"|gif|webp|ico|bmp|pdf|zip|gz|tgz|bz2|xz|zst|tar|whl|egg|so|o|a|dylib|dll|exe|py[cdio]|class"
    r"|jar|ipynb|[ch]|cc|[ch]pp|rs|go|java|[cm]?js|jsx|tsx?|woff2?|ttf|otf|mp[34]|wav|sqlite|db"
    r"|bin|patch|diff)"
)


class RefusedFile(Exception):
    """A file runaudit will not read; the message says why."""


class NotRegularFile(RefusedFile):
    """A FIFO, socket, device or directory: never read."""


class TooLarge(RefusedFile):
    """A file above the `max-file-size` limit."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(f"file is {size:,} bytes, above max-file-size ({limit:,} bytes)")
        self.size = size
        self.limit = limit


class Candidate(NamedTuple):
    """A file to audit: its absolute path, how reports show it, its kind, and the real
    path of the command-line path it was found under (a named file: its folder), which
    bounds the files it sources."""

    path: Path
    display: str
    kind: FileKind
    root: Path | None = None


class Discovery(NamedTuple):
    """The files to audit, in display order; why some were skipped; notes for `--verbose`;
    runner files that cannot be audited (RA901), each with the reason."""

    candidates: list[Candidate]
    diagnostics: list[Diagnostic]
    notes: list[Note]
    unaudited: tuple[tuple[str, str], ...] = ()


def classify(path: Path, head: bytes) -> FileKind | None:
    """The kind of a file from its name, extension or shebang (`head`: its first bytes, up
    to `WORKFLOW_HEAD` of them for a YAML file, which may be a workflow kept elsewhere)."""
    return _kind_from_name(path) or _kind_from_shebang(head) or _kind_from_yaml(path, head)


def _kind_from_yaml(path: Path, head: bytes) -> FileKind | None:
    """A YAML file whose top level has a trigger and jobs: a GitHub Actions workflow."""
    if path.suffix.lower() not in _YAML:
        return None
    workflow = _WORKFLOW_JOBS.search(head) and _WORKFLOW_TRIGGER.search(head)
    return FileKind.ACTIONS if workflow else None


def read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of a regular file, refusing links, special files and files above `limit`."""
    data = _read_regular(path, limit, whole=True)
    if len(data) > limit:  # it grew after the size check
        raise TooLarge(len(data), limit)
    return data


def read_head(path: Path, size: int = HEAD_SIZE) -> bytes:
    """The first `size` bytes of a regular file, opened as safely as `read_bounded`."""
    return _read_regular(path, size, whole=False)


SettingsFor = Callable[[str], Settings]  # a folder's settings (its nearest config)


def discover(
    paths: Sequence[Path],
    settings: Settings,
    *,
    cwd: Path | None = None,
    settings_for: SettingsFor | None = None,
) -> Discovery:
    """The files under `paths` to audit, in display order, and notes on those skipped.
    `settings_for` gives each folder its own settings (excludes, size limit); else all
    have `settings`."""
    walker = _Walker(settings, Path(os.path.abspath(cwd or Path.cwd())), settings_for)
    roots = []
    for given in paths:
        absolute = os.path.abspath(walker.cwd / given)
        if not os.path.lexists(absolute):
            missing = FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(given))
            walker.unaudited.append((given.as_posix(), unreadable(missing)))
            continue
        roots.append((given, absolute))
    # Wider paths first, so that a file under two of them is found (and bounded) by the
    # wider one, whatever the order they were given in.
    roots.sort(key=lambda root: (len(Path(os.path.realpath(root[1])).parts), root[1]))
    for given, absolute in roots:
        walker.add_root(given, absolute)
    candidates = sorted(walker.found.values(), key=lambda candidate: candidate.display)
    diagnostics = sorted(set(walker.diagnostics), key=lambda d: (d.path, d.kind.value, d.message))
    unaudited = tuple(sorted(set(walker.unaudited)))
    return Discovery(candidates, diagnostics, sorted(set(walker.notes)), unaudited)


def _kind_from_name(path: Path) -> FileKind | None:
    name = path.name
    if path.suffix in (".yml", ".yaml") and path.parts[-3:-1] == (".github", "workflows"):
        return FileKind.ACTIONS
    if name in ("action.yml", "action.yaml"):  # a composite action's steps run shell
        return FileKind.ACTIONS
    if name in _MAKEFILES:
        return FileKind.MAKEFILE
    # (`Dockerfile.dev`, also `Dockerfile-bob`, `Dockerfile_gpu`: a variant's name, one
    # with no suffix of its own: `dockerfile_builder.py` is Python)
    if any(
        name == base
        or name.startswith(base + ".")
        or (name.startswith((base + "-", base + "_")) and "." not in name)
        for base in _CONTAINERFILES
    ):
        return FileKind.DOCKERFILE
    if name.endswith(_SERVICE_TEMPLATE):
        return FileKind.SYSTEMD
    return _SUFFIX_KINDS.get(path.suffix.lower())


def _kind_from_shebang(head: bytes) -> FileKind | None:
    program, args = _interpreter(head)
    if program in _SHELLS:
        return FileKind.SHELL
    if _PYTHON.match(program) or (program == "uv" and "run" in args):
        return FileKind.PYTHON
    return None


def _interpreter(head: bytes) -> tuple[str, list[str]]:
    """The program a shebang runs and its arguments, looking through `env`'s options."""
    if not head.startswith(b"#!"):
        return "", []
    words = head[2:].split(b"\n", 1)[0].decode("utf-8", "replace").split()
    if not words:
        return "", []
    program, args = os.path.basename(words[0]), words[1:]
    if program != "env":
        return program, args
    index = 0
    while index < len(args):
        word = args[index]
        if word in ("-u", "--unset", "-C", "--chdir"):
            index += 2
        elif word.startswith("-S") and len(word) > 2:
            args[index] = word[2:]
        elif word.startswith("-") or "=" in word:
            index += 1
        else:
            return os.path.basename(word), args[index + 1 :]
    return "", []


def _worth_sniffing(path: Path) -> bool:
    return not re.fullmatch(_NO_SNIFF, path.suffix, re.IGNORECASE)


def _read_regular(path: Path, limit: int, *, whole: bool) -> bytes:
    mode = os.stat(path, follow_symlinks=False).st_mode
    if not stat.S_ISREG(mode):  # checked before opening: opening a device can act on it
        raise NotRegularFile(not_regular(mode))
    with open(os.open(path, _OPEN_FLAGS), "rb") as handle:
        status = os.fstat(handle.fileno())
        if not stat.S_ISREG(status.st_mode):  # replaced between the stat and the open
            raise NotRegularFile(not_regular(status.st_mode))
        if whole and status.st_size > limit:
            raise TooLarge(status.st_size, limit)
        return handle.read(limit + 1 if whole else limit)


def not_regular(mode: int) -> str:
    """Why a file of this mode is not read or written: `not a regular file (a FIFO)`."""
    what = _FILE_TYPES.get(stat.filemode(mode)[0], "a special file")
    return f"not a regular file ({what})"


def _is_within(path: str, directory: str) -> bool:
    return os.path.commonpath([path, directory]) == directory


_Pending = tuple[str, tuple[IgnoreFile, ...]]  # a directory to walk and the ignores over it


class _Walker:
    """Collects candidates and diagnostics for each path given, one root at a time."""

    def __init__(self, settings: Settings, cwd: Path, settings_for: SettingsFor | None) -> None:
        self.settings = settings
        self.settings_for: SettingsFor = settings_for or (lambda _directory: settings)
        self.cwd = cwd
        self.found: dict[str, Candidate] = {}  # by real path: a file is audited once
        self.diagnostics: list[Diagnostic] = []
        self.notes: list[Note] = []
        self.unaudited: list[tuple[str, str]] = []
        self.visited: set[tuple[int, int]] = set()
        # The root being walked: it bounds links, anchors excludes and the display of paths.
        self.given, self.top, self.top_real = Path(), "", ""
        self.bound: Path | None = None  # what the root's files may source: see `Candidate`

    def add_root(self, given: Path, path: str) -> None:
        self.given, self.top, self.top_real = given, path, os.path.realpath(path)
        try:
            mode = os.stat(path).st_mode
        except OSError as error:
            self._note(path, DiagnosticKind.SKIPPED, _link_problem(error))
            return
        folder = self.top_real if stat.S_ISDIR(mode) else os.path.dirname(self.top_real)
        self.bound = Path(folder)
        settings = self.settings_for(path if stat.S_ISDIR(mode) else os.path.dirname(path))
        if settings.force_exclude and settings.is_excluded(
            Path(path), settings.root, is_dir=stat.S_ISDIR(mode)
        ):
            self.notes.append(Note(self._display(path), EXCLUDED))
            return
        if stat.S_ISDIR(mode):
            self._walk()
        elif stat.S_ISREG(mode):  # an explicit link is followed: the user named it
            real = os.path.realpath(path) if os.path.islink(path) else path
            self._add_file(path, real, explicit=True)
        else:
            self._note(path, DiagnosticKind.SKIPPED, not_regular(mode))

    def _walk(self) -> None:
        stack = [(self.top, self._ancestor_ignores())]
        while stack:
            directory, ignores = stack.pop()
            try:
                identity = os.stat(directory)
                if (identity.st_dev, identity.st_ino) in self.visited:
                    continue
                self.visited.add((identity.st_dev, identity.st_ino))
                with os.scandir(directory) as scan:
                    entries = list(scan)
            except OSError as error:
                self._note(directory, DiagnosticKind.UNREADABLE, _cannot("directory", error))
                continue
            if self.settings_for(directory).respect_gitignore:
                gitignore = os.path.join(directory, ".gitignore")
                ignores += self._load_ignore_file(directory, gitignore, ignores)
            for entry in entries:
                try:
                    self._visit(entry, ignores, stack)
                except OSError as error:
                    self._note(entry.path, DiagnosticKind.UNREADABLE, _cannot("file", error))

    def _visit(
        self, entry: os.DirEntry[str], ignores: tuple[IgnoreFile, ...], stack: list[_Pending]
    ) -> None:
        is_dir = entry.is_dir(follow_symlinks=False)
        if entry.name == ".git" or gitignored(ignores, entry.path, is_dir):
            return
        settings = self.settings_for(os.path.dirname(entry.path))
        if settings.is_excluded(Path(entry.path), self._exclude_base(settings), is_dir=is_dir):
            return
        if is_dir:
            stack.append((entry.path, ignores))
        elif entry.is_symlink():
            self._add_link(entry.path)
        elif entry.is_file(follow_symlinks=False):
            # The walk only goes through real directories: no need to resolve each file.
            real = self.top_real.rstrip(os.sep) + entry.path[len(self.top.rstrip(os.sep)) :]
            self._add_file(entry.path, entry.path, key=real)
        else:
            mode = entry.stat(follow_symlinks=False).st_mode
            self._note(entry.path, DiagnosticKind.SKIPPED, not_regular(mode))

    def _add_link(self, path: str) -> None:
        try:
            mode = os.stat(path).st_mode
        except OSError as error:
            self._note(path, DiagnosticKind.SKIPPED, _link_problem(error))
            return
        target = os.path.realpath(path)
        if not _is_within(target, self.top_real):
            message = f"link points outside the audited tree (to {target})"
            self._note(path, DiagnosticKind.SKIPPED, message)
        elif stat.S_ISREG(mode):
            # Audit the file under its own path in the tree, so that it is audited once.
            in_tree = os.path.join(self.top, os.path.relpath(target, self.top_real))
            kind = _kind_from_name(Path(in_tree)) or _kind_from_name(Path(path))
            self._add_file(in_tree, in_tree, kind=kind)
        elif not stat.S_ISDIR(mode):  # a directory inside the tree is reached without the link
            self._note(path, DiagnosticKind.SKIPPED, not_regular(mode))

    def _add_file(
        self,
        path: str,
        real: str,
        *,
        explicit: bool = False,
        kind: FileKind | None = None,
        key: str | None = None,
    ) -> None:
        """Add `path` (opened as `real`) if it is a runner file within the size limit."""
        key = key or os.path.realpath(real)
        if key in self.found:
            return
        kind = kind or _kind_from_name(Path(path))
        yaml = Path(path).suffix.lower() in _YAML
        if kind is None and (explicit or yaml or _worth_sniffing(Path(path))):
            try:
                head = read_head(Path(real), WORKFLOW_HEAD if yaml else HEAD_SIZE)
                kind = _kind_from_shebang(head) or _kind_from_yaml(Path(path), head)
            except RefusedFile as refused:
                self._note(path, DiagnosticKind.SKIPPED, str(refused))
                return
            except OSError as error:
                if explicit:  # named, so it may be a runner: not audited is a finding
                    self.unaudited.append((self._display(path), unreadable(error)))
                else:
                    self._note(path, DiagnosticKind.UNREADABLE, _cannot("file", error))
                return
        if kind is None:
            if explicit:
                self.notes.append(Note(self._display(path), NOT_A_RUNNER))
            return
        # A runner file above `max-file-size` is still a candidate: its audit says it
        # was not audited (RA901), and why.
        self.found[key] = Candidate(Path(real), self._display(path), kind, self.bound)

    def _exclude_base(self, settings: Settings) -> Path:
        """Where excludes are anchored: the config's folder, unless the user named a folder
        it excludes, or a folder outside it."""
        root = os.path.abspath(settings.root)
        if _is_within(self.top, root):
            named_excluded = settings.is_excluded(Path(self.top), settings.root, is_dir=True)
            return Path(self.top) if named_excluded else settings.root
        return settings.root if _is_within(root, self.top) else Path(self.top)

    def _ancestor_ignores(self) -> tuple[IgnoreFile, ...]:
        """Ignore files above the root, up to the top of its git repository."""
        chain = [self.top, *map(str, Path(self.top).parents)]
        top = next((d for d in chain if os.path.lexists(os.path.join(d, ".git"))), None)
        if top is None or not self.settings_for(self.top).respect_gitignore:
            return ()  # outside a git repository only the tree's own `.gitignore` files count
        ignores = self._load_ignore_file(top, os.path.join(top, ".git", "info", "exclude"))
        for directory in reversed(chain[1 : chain.index(top) + 1]):
            gitignore = os.path.join(directory, ".gitignore")
            ignores += self._load_ignore_file(directory, gitignore, ignores)
        # A directory the user named is audited even when an ancestor ignores it.
        return () if gitignored(ignores, self.top, is_dir=True) else ignores

    def _load_ignore_file(
        self, base: str, path: str, above: tuple[IgnoreFile, ...] = ()
    ) -> tuple[IgnoreFile, ...]:
        """The ignore file at `path` (patterns relative to `base`), under those `above` it."""
        if not os.path.lexists(path):
            return ()
        try:
            text = read_bounded(Path(path), IGNORE_FILE_LIMIT).decode("utf-8", "replace")
        except (OSError, RefusedFile) as error:
            self._note(path, DiagnosticKind.UNREADABLE, f"ignore file not used: {_reason(error)}")
            return ()
        ignores, problems = parse_ignore_file(base, text, above)
        for message in problems:
            self._note(path, DiagnosticKind.SKIPPED, message)
        return ignores

    def _display(self, path: str) -> str:
        if _is_within(path, str(self.cwd)):
            return Path(os.path.relpath(path, self.cwd)).as_posix()
        rel = os.path.relpath(path, self.top)
        return self.given.as_posix() if rel == "." else (self.given / rel).as_posix()

    def _note(self, path: str, kind: DiagnosticKind, message: str) -> None:
        self.diagnostics.append(Diagnostic(self._display(path), kind, message))


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()
    return str(error)


def _cannot(what: str, error: OSError) -> str:
    return f"cannot read {what}: {_reason(error)}"


def _link_problem(error: OSError) -> str:
    if error.errno == errno.ELOOP:
        return "symbolic link loop"
    if error.errno in (errno.ENOENT, errno.ENOTDIR):
        return "broken symbolic link"
    return f"cannot follow symbolic link: {_reason(error)}"
