"""Files a shell script sources (`source FILE`, `. FILE`), found and read safely.

A path counts when it is known statically relative to the script: a literal
(`lib/run.sh`), or the script's own folder written as `$(dirname "$0")`,
`$(dirname "${BASH_SOURCE[0]}")`, `${BASH_SOURCE%/*}`, `$(cd "$(dirname "$0")"
&& pwd)`, or a variable set from one of those (`$SCRIPT_DIR/x.sh`). Files are
read only inside the audited path the script was found under (never through a
link out of it, never one that git ignores: a `.env` holds secrets), bounded in
size and in number, and each at most once, so a cycle (a.sh sources b.sh
sources a.sh) ends. An absent or refused file is skipped: not a finding. A
dynamic path (`source "$LIBDIR/x.sh"`) is read where a directive right above
says (`# runaudit: source=lib/x.sh`, or ShellCheck's `# shellcheck
source=lib/x.sh`), relative to the script's folder; else the literal rest behind
one variable is read from the nearest folder, from the script's own up to the
root, that holds it (`$APP_HOME/lib/x.sh` is `lib/x.sh` of the project: such a
variable most often names the project's own folder).

Search roots (`--source-path DIR`, ShellCheck's `-P`) are folders the user named
as readable, each a root of its own: a name not found beside the script
(`lib/x.sh`, a directive's path) is looked for under each in turn, and so is the
literal tail of a path behind one variable (`$LIBDIR/x.sh` is `x.sh` under
DIR). A file found there is read only when its real path stays inside that
DIR (never through a link out of it) and git does not ignore it, from DIR
down: as for a path named on the command line, ignore rules above DIR that
ignore DIR itself do not count, since the user named it.
"""

from __future__ import annotations

import fnmatch
import os
import posixpath
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

from auditor.discover import RefusedFile, read_bounded
from auditor.gitignore import IGNORE_FILE_LIMIT, IgnoreFile, gitignored, parse_ignore_file
from auditor.source import decode

MAX_SOURCED_FILES = 32  # per audited script, all levels together
MAX_SOURCED_SIZE = 1 << 20
MAX_MATCHES = 16  # files one pattern names (`source_sets`): the first, sorted, are kept

_DIRNAME = r'\$\(\s*dirname\s+"?(?:\$0|\$\{0\}|\$BASH_SOURCE|\$\{BASH_SOURCE(?:\[0\])?\})"?\s*\)'
_SCRIPT_DIR = re.compile(
    r'^"?(?:'
    + _DIRNAME
    + r"|\$\{BASH_SOURCE(?:\[0\])?%/\*\}"
    + r'|\$\(\s*cd\s+"?'
    + _DIRNAME
    + r'"?\s*(?:&&|;)\s*pwd(?:\s+-P)?\s*\)'
    + r')"?$'
)
# `$(dirname "$DIR")`: the folder above the one a word names (`dirname` works on text)
_WORD = r"(?:\$\([^()]*\)|[^\s;&()])+"  # a word, with one level of `$(…)` in it
_PARENT_OF = re.compile(r"^\$\(\s*dirname\s+(?P<folder>" + _WORD + r")\s*\)")
# `$(cd "$SCRIPT_DIR/.." && pwd)`: the folder `cd` goes to, printed whole
_PRINTED_FOLDER = re.compile(
    r"^\$\(\s*cd\s+(?P<folder>" + _WORD + r")\s*(?:&&|;)\s*pwd(?:\s+-P)?\s*\)"
)
_LEADING_VARIABLE = re.compile(r"^\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))")
_LITERAL_TAIL = re.compile(r"^[\w./+-]+$")
# One variable, then a literal path: `$LIBDIR/x.sh`, `${LIBDIR}/lib/x.sh` (ShellCheck
# strips such a prefix and looks for the rest on its source path).
_VARIABLE_PREFIX = re.compile(r"^\$(?:\{[A-Za-z_]\w*\}|[A-Za-z_]\w*)/(?P<tail>[\w./+-]+)$")


def is_script_dir(text: str) -> bool:
    """Whether a value, as written, is the running script's own folder."""
    return _SCRIPT_DIR.match(text.strip()) is not None


# a variable that overrides a default (`${DIR:-…}`, `${DIR-…}`): the default, where the
# environment leaves it unset
_OVERRIDABLE = re.compile(r"\$\{[A-Za-z_]\w*:?-(?P<default>.+)\}")


def script_folder(text: str, script_dirs: Mapping[str, str]) -> str | None:
    """The folder a value names relative to the script's own ("" for that folder), or
    None when it names none known statically: the script's folder as written
    (`is_script_dir`), a variable holding a folder (`script_dirs`, by name), the folder
    `dirname` gives of one (`$(dirname "$SCRIPT_DIR")`) or `cd … && pwd` prints, each
    followed by a literal path or not (`"$(dirname "$SCRIPT_DIR")/lib"`).

    A folder is written as its path from the script's folder, in which `^` is a step to
    the folder above that `dirname` or `pwd` took (`^/lib`), and every other part is as
    written (`dirname "$SCRIPT_DIR/.."` strips the `..`: `dirname` works on text).
    `folder_path` turns it into a path."""
    text = text.strip()
    if is_script_dir(text):
        return ""
    text = unquoted(text)
    if _variable_name(text) in script_dirs:
        return script_dirs[_variable_name(text)]
    overridable = _OVERRIDABLE.fullmatch(text)
    if overridable is not None:  # `${LIB_DIR:-$(dirname "$0")/lib}`: unset, as it runs
        return script_folder(overridable["default"], script_dirs)
    head: str | None = None
    rest = ""
    for pattern, taken in ((_PARENT_OF, _dirname), (_PRINTED_FOLDER, _resolved)):
        match = pattern.match(text)
        inner = script_folder(match["folder"], script_dirs) if match is not None else None
        if match is not None and inner is not None:
            head, rest = taken(inner), text[match.end() :]
            break
    if head is None:
        found, sep, tail = _split_dir(text, script_dirs)
        if not found or not sep:
            return None  # not under the script's folder (a literal path is the caller's)
        head, rest = script_dirs.get(_variable_name(found), ""), "/" + tail
    if rest and not (rest.startswith("/") and _LITERAL_TAIL.match(rest[1:] or ".")):
        return None
    return "/".join(part for part in (head, rest.strip("/")) if part)


def folder_path(folder: str, tail: str = "") -> str:
    """The path a folder of `script_folder` (and a path under it) names from the script's
    folder: `^/lib` and `x.sh` give `../lib/x.sh`."""
    joined = "/".join(part for part in (folder, tail) if part)
    return posixpath.normpath(joined.replace("^", "..")) if joined else ""


def _dirname(folder: str) -> str:
    """What `dirname` prints for a folder: its last part stripped as text (`sub/..` gives
    `sub`), or, for a folder printed whole (the script's, `^/lib`'s `^`), the one above."""
    parts = folder.split("/") if folder else []
    if parts and parts[-1] != "^":
        return "/".join(parts[:-1])
    return "/".join([*parts, "^"])


def _resolved(folder: str) -> str:
    """What `cd FOLDER && pwd` prints: the folder with its `..` parts resolved."""
    path = folder_path(folder)
    return "/".join("^" if part == ".." else part for part in path.split("/") if part != ".")


def sourced_relative(word: str, script_dirs: Mapping[str, str]) -> str | None:
    """The path a `source` word names relative to the script's folder, or None when
    it is not known statically: a literal relative path, or a folder `script_folder`
    knows followed by one (`"$LIB_DIR/x.sh"`, `"$(dirname "$SCRIPT_DIR")/lib/x.sh"`).
    `script_dirs`: variables holding a folder relative to the script's own, by name."""
    text = unquoted(word.strip())
    if _LITERAL_TAIL.match(text) and not text.startswith("/"):
        return text
    for index in range(len(text) - 1, 0, -1):
        if text[index] != "/" or not _LITERAL_TAIL.match(text[index + 1 :] or "/"):
            continue
        folder = script_folder(text[:index], script_dirs)
        if folder is not None:
            return folder_path(folder, text[index + 1 :])
    return None


def unquoted(text: str) -> str:
    """A word's text without its quotes (`"$DIR"/x.sh` is `$DIR/x.sh`)."""
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1]
    return text.replace('"', "")


def _variable_name(text: str) -> str:
    """NAME of `$NAME` or `${NAME}`; "" for anything else."""
    match = _LEADING_VARIABLE.match(text)
    return (match.group(1) or match.group(2)) if match and match.end() == len(text) else ""


# ShellCheck's directive and runaudit's own, on a comment line right above the command:
# `# shellcheck source=lib/x.sh`, `# runaudit: source=lib/x.sh` (`/dev/null`: nothing).
_SOURCE_DIRECTIVE = re.compile(
    r"^\s*#\s*(?:shellcheck\s+(?:[\w-]+=\S+\s+)*|runaudit:\s*)source=(?P<path>\S+)"
)


def directive_source(text: str, line: int) -> str | None:
    """The path a `source=` directive in the comment lines right above line `line`
    (0-based) of `text` names for the command there, or None. ShellCheck's
    `source=/dev/null` only tells ShellCheck not to look (most often at a path it cannot
    resolve): it names no file, and the command's word is read as written."""
    lines = text.split("\n")
    index = line - 1
    while 0 <= index < len(lines) and lines[index].lstrip().startswith("#"):
        match = _SOURCE_DIRECTIVE.match(lines[index])
        if match is not None:
            return None if match["path"] == "/dev/null" else match["path"]
        index -= 1
    return None


def _split_dir(text: str, script_dirs: Mapping[str, str]) -> tuple[str | None, str, str]:
    """(the folder part, '/', the rest) with the folder part the script's own folder."""
    if _LITERAL_TAIL.match(text) and not text.startswith("/"):
        return "", "/", text  # a literal relative path
    variable = _LEADING_VARIABLE.match(text)
    if variable is not None and (variable.group(1) or variable.group(2)) in script_dirs:
        rest = text[variable.end() :]
        return (text[: variable.end()], "/", rest[1:]) if rest.startswith("/") else (None, "", "")
    for index in range(len(text) - 1, 0, -1):
        if text[index] == "/" and is_script_dir(text[:index]):
            return text[:index], "/", text[index + 1 :]
    return None, "", ""


def variable_prefixed(word: str) -> str | None:
    """The literal path behind a single leading variable of a `source` word
    (`"$LIBDIR/x.sh"` -> `x.sh`), looked for under the search roots; else None."""
    match = _VARIABLE_PREFIX.match(unquoted(word.strip()))
    return match["tail"] if match is not None else None


def matching_names(names: Iterable[str], pattern: str) -> list[str]:
    """The names of a folder's files that a pattern's last part matches, sorted as
    bash's glob sorts them (a leading dot only when the pattern has one), the first
    `MAX_MATCHES`."""
    last = posixpath.basename(pattern)
    found = sorted(
        name
        for name in names
        if fnmatch.fnmatchcase(name, last) and (last.startswith(".") or not name.startswith("."))
    )
    return found[:MAX_MATCHES]


# How a script's sourcing list marks the literal rest of a path behind a variable
# (`source "$ROOT/lib/x.sh"`), read from the nearest folder above that holds it: a NUL,
# which no path holds.
NEAREST = "\0"


def climbs(path: str) -> bool:
    """Whether a sourced path, when it is not beside the script, is looked for in the
    nearest folder above that holds it: a relative path through a folder (`lib/x.sh`),
    which bash reads from where the script runs; not a name alone (bash looks that up
    in `PATH`), an absolute path, or a pattern."""
    return "/" in path and not posixpath.isabs(path) and not any(c in path for c in "*?[")


def nearest_files(
    folder: str, relative: str, files: frozenset[str], by_folder: Mapping[str, list[str]]
) -> list[str]:
    """Of a run's files (display paths), `relative` under the nearest of `folder` and the
    folders above it that holds it (`above`, on the run's list of files); for a pattern
    (`commands/*.sh`), the files it matches in the nearest folder that holds any."""
    if posixpath.isabs(relative) or ".." in relative.split("/"):
        return []
    while True:
        candidate = posixpath.normpath(posixpath.join(folder, relative))
        if "*" in candidate or "?" in candidate:
            parent = posixpath.dirname(candidate)
            names = matching_names(by_folder.get(parent, ()), candidate)
            if names:
                return [posixpath.join(parent, name) if parent else name for name in names]
        elif candidate in files:
            return [candidate]
        if folder in ("", ".", "/") or posixpath.basename(folder) == "..":
            return []
        folder = posixpath.dirname(folder)


def above(start: Path, relative: str, root: Path) -> Path | None:
    """The nearest folder, from `start` up to `root`, that holds `relative`: where a path
    behind a variable set at run time (`source "$ROOT/lib/x.sh"`, `$ROOT` a folder of the
    project) most likely points. None outside `root` or when none holds it."""
    if posixpath.isabs(relative) or ".." in relative.split("/"):
        return None  # a path that leaves the folder it is read from is none of its files
    folder = start
    while folder.is_relative_to(root):
        found = folder / relative
        if os.path.lexists(found) and Path(os.path.realpath(found)).is_relative_to(root):
            return folder  # (never through a link out of the root)
        if folder == root:
            break
        folder = folder.parent
    return None


class Lookup(NamedTuple):
    """One look-up of a sourced file, as the cache keeps it."""

    # "read" (beside the file being walked, then the search roots), "search", or "list"
    # (the files a pattern names in a folder: `outcome` is their names)
    how: str
    current: str  # the file being walked
    written: str  # the path as written
    outcome: str  # the real path and a digest of the text found, or "" for nothing


Place = tuple[Path, Path | None, int, tuple[Path, ...]]  # see `SourcedFiles.__init__`


# Between the look-ups of two units of one file (two `run:` steps): each reads afresh.
_NEXT_UNIT = Lookup("next", "", "", "")


def joined_lookups(first: Sequence[Lookup] | None, then: Sequence[Lookup]) -> tuple[Lookup, ...]:
    """The look-ups of two units of one file (`first` None: none before), as the cache
    keeps them: each unit's replayed by a reader of its own (`SourcedFiles.unchanged`)."""
    return tuple(then) if first is None else (*first, _NEXT_UNIT, *then)


def source_place(
    origin: Path, tree_root: Path | None, max_size: int, search: Sequence[Path] = ()
) -> Place:
    """Where a script read from `origin` reads what it sources: inside `tree_root` (the
    script's own folder when the script is not under it) or a `search` root, each file
    at most `max_size` bytes (the arguments of `SourcedFiles`)."""
    root = None
    if tree_root is not None:
        real_root, real_origin = os.path.realpath(tree_root), os.path.realpath(origin)
        inside = os.path.commonpath([real_root, real_origin]) == real_root
        root = Path(real_root) if inside else None
    return (origin, root, max_size, tuple(search))


class SourcedFiles:
    """Reads the files one audited script sources, inside `root` or one of the `search`
    roots (`--source-path`), each at most once; `lookups` records what each look-up gave,
    so that a cached result can be checked against the files as they are now."""

    def __init__(
        self,
        script: Path,
        root: Path | None,
        max_size: int = MAX_SOURCED_SIZE,
        search: Sequence[Path] = (),
    ) -> None:
        self.script = Path(os.path.realpath(script))
        # Without a known tree, only the script's own folder tree is read.
        self.root = Path(os.path.realpath(root if root is not None else script.parent))
        self.search = tuple(Path(os.path.realpath(folder)) for folder in search)
        self.max_size = min(max_size, MAX_SOURCED_SIZE)
        self.current = self.script  # the file being walked: paths are relative to it
        self.seen: set[Path] = {self.script}
        self.count = 0
        # The ignore files in effect in a folder, by (root, folder): see `_ignores_in`.
        self._ignores: dict[tuple[Path, Path], tuple[IgnoreFile, ...]] = {}
        self.lookups: list[Lookup] = []
        # what running each script of the tree by its path gives, by its real path
        # (`auditor.shell.run_scripts.ScriptRun`, or None), for every walk of this audit
        self.runs: dict[Path, object] = {}
        # whether running each of them runs an agent at all (its status the agent's or its
        # own verdict), by its real path
        self.agent_scripts: dict[Path, bool] = {}
        # the tree's scripts that run an agent and are named as a program is, their real
        # paths by file name (`run_scripts.program_scripts`): a bare command may run one
        self.programs: Mapping[str, tuple[str, ...]] = {}

    def read(self, relative: str) -> tuple[Path, str] | None:
        """The real path and text of `relative` (as the file being walked names it; when
        nothing is there, under the first search root holding it), or None when it is
        absent, outside its root, already read, or over a bound."""
        written = self.current.parent / relative
        if os.path.lexists(written) or not self.search:
            found = self._read_in(written, self.root)
        else:
            found = self._search_roots(relative)
        return self._looked_up("read", relative, found)

    def real(self, relative: str) -> Path:
        """The real path `relative` names from the file being walked."""
        return Path(os.path.realpath(self.current.parent / relative))

    def put_back(self, path: Path) -> None:
        """Count a file read but not walked (a sibling nothing calls) as not read yet: a
        later `source` of it walks it."""
        if path in self.seen:
            self.seen.discard(path)
            self.count -= 1

    def search_roots(self, relative: str) -> tuple[Path, str] | None:
        """`relative` (the literal rest of a path behind a variable) read under the first
        search root that holds it, else in the nearest folder, from the file being walked
        up to the root, that holds it (`above`), or None."""
        found = self._search_roots(relative)
        if found is None:
            folder = above(self.current.parent, relative, self.root)
            found = self._read_in(folder / relative, self.root) if folder is not None else None
        return self._looked_up("search", relative, found)

    def tree_copy(self, path: str) -> tuple[Path, str] | None:
        """A path outside the tree read as the tree's own file whose last folders and name
        it ends with (`/home/ubuntu/harness/scripts/run-agent.sh`, or a workflow's
        `../harness/scripts/run-agent.sh`, for the tree's `scripts/run-agent.sh`: the
        project checked out elsewhere, or beside the workspace), the longest such
        tail of two parts or more, read as `search_roots` reads a path (a `--source-path`
        root, else the nearest folder above the file walked, inside the tree); None when
        none holds it. The path itself is never read."""
        parts = [part for part in path.split("/") if part]
        for start in range(1, len(parts) - 1):
            found = self.search_roots("/".join(parts[start:]))
            if found is not None:
                return found
        return None

    def matching(self, pattern: str) -> list[str]:
        """The paths (relative to the file being walked) of the files a pattern names in
        its folder (`source_sets`): regular files whose names match, inside the root,
        sorted, the first few; none when the folder is outside the root or unreadable."""
        folder = Path(os.path.realpath(self.current.parent / posixpath.dirname(pattern)))
        names: list[str] = []
        if folder.is_relative_to(self.root):
            try:
                with os.scandir(folder) as entries:
                    names = [e.name for e in entries if e.is_file(follow_symlinks=False)]
            except OSError:
                names = []
        found = matching_names(names, pattern)
        self.lookups.append(Lookup("list", str(self.current), pattern, "\0".join(found)))
        base = posixpath.dirname(pattern)
        return [posixpath.join(base, name) if base else name for name in found]

    def unchanged(self, lookups: Sequence[tuple[str, str, str, str]]) -> bool:
        """Whether the look-ups of an earlier audit give the same files, with the same
        texts, now (made again in order, by this reader, fresh)."""
        for how, current, relative, outcome in lookups:
            if how == _NEXT_UNIT.how:  # another unit's: a reader of its own
                self.seen, self.count = {self.script}, 0
                continue
            self.current = Path(current)
            if how == "list":
                self.matching(relative)
            else:
                (self.read if how == "read" else self.search_roots)(relative)
            if self.lookups[-1].outcome != outcome:
                return False
        return True

    def _looked_up(
        self, how: str, relative: str, found: tuple[Path, str] | None
    ) -> tuple[Path, str] | None:
        outcome = ""
        if found is not None:
            import hashlib  # (OpenSSL's, 4 MiB: only for a script that sources a file)

            digest = hashlib.blake2b(found[1].encode("utf-8", "surrogatepass"), digest_size=16)
            outcome = f"{found[0]}\0{digest.hexdigest()}"
        self.lookups.append(Lookup(how, str(self.current), relative, outcome))
        return found

    def _search_roots(self, relative: str) -> tuple[Path, str] | None:
        for root in self.search:
            written = root / relative
            if os.path.lexists(written):
                return self._read_in(written, root)
        return None

    def _read_in(self, written: Path, root: Path) -> tuple[Path, str] | None:
        if self.count >= MAX_SOURCED_FILES:
            return None
        resolved = Path(os.path.realpath(written))
        if resolved in self.seen or not resolved.is_relative_to(root):
            return None
        self.seen.add(resolved)
        if self._git_ignores(resolved, root):
            return None
        try:
            data = read_bounded(resolved, self.max_size)
        except (OSError, RefusedFile):
            return None
        self.count += 1
        return resolved, decode(str(resolved), data, "utf-8").text

    def _git_ignores(self, path: Path, root: Path) -> bool:
        """Whether the ignore files from the repository's top (or `root`) down to `path`
        ignore it or a folder holding it."""
        folders = [path.parent, *path.parent.parents]
        below_root = [f for f in folders if f.is_relative_to(root)]
        for folder in reversed(below_root):
            ignores = self._ignores_in(folder, root)
            if folder != path.parent and gitignored(ignores, str(folder), is_dir=True):
                return True
        return gitignored(self._ignores_in(path.parent, root), str(path), is_dir=False)

    def _ignores_in(self, folder: Path, root: Path) -> tuple[IgnoreFile, ...]:
        """The ignore files in effect in `folder` (inside `root`), read once."""
        known = self._ignores.get((root, folder))
        if known is not None:
            return known
        if folder == root:
            above = _repository_ignores(root)
        else:
            above = self._ignores_in(folder.parent, root)
        ignores = above + _ignore_file(folder, folder / ".gitignore", above)
        self._ignores[root, folder] = ignores
        return ignores


def _repository_ignores(root: Path) -> tuple[IgnoreFile, ...]:
    """The ignore files above `root` up to its repository's top, and `.git/info/exclude`;
    none when they ignore `root` itself: a folder the user named is read (as discovery
    audits it)."""
    chain = [root, *root.parents]
    top = next((d for d in chain if (d / ".git").exists()), None)
    if top is None:
        return ()
    ignores = _ignore_file(top, top / ".git" / "info" / "exclude", ())
    for folder in reversed(chain[1 : chain.index(top) + 1]):
        ignores += _ignore_file(folder, folder / ".gitignore", ignores)
    return () if root != top and gitignored(ignores, str(root), is_dir=True) else ignores


def _ignore_file(base: Path, path: Path, above: tuple[IgnoreFile, ...]) -> tuple[IgnoreFile, ...]:
    try:
        text = read_bounded(path, IGNORE_FILE_LIMIT).decode("utf-8", "replace")
    except (OSError, RefusedFile):
        return ()  # discovery reports an ignore file it cannot use
    return parse_ignore_file(str(base), text, above)[0]
