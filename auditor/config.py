"""Settings from `[tool.runaudit]`, `runaudit.toml` or `.runaudit.toml`, and CLI flags.

Which config file applies is decided here; reading and validating it is
`config_file`'s part. Rule selection follows ruff: codes select by prefix, the
most specific prefix wins between `select` and `ignore` (a tie goes to
`ignore`), and a `--select` given on the command line replaces the selection
from the config file.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from auditor.config_file import (
    MAX_TIMEOUT,
    RULE_CODE,
    ConfigError,
    configures_runaudit,
    display_path,
    parse_severity,
    pyproject_table,
    read_toml,
    settings_fields,
    shown,
)
from auditor.finding import Severity
from auditor.gitignore import PatternSet
from auditor.timebound import DEFAULT_TIMEOUT

CONFIG_NAMES = (".runaudit.toml", "runaudit.toml")
PYPROJECT = "pyproject.toml"

# Environment and build directories; the trailing slash keeps a runner script
# that happens to be called `build` or `dist` in the audit.
# fmt: off
DEFAULT_EXCLUDE = (
    ".git/", ".hg/", ".svn/", ".bzr/", ".venv/", "venv/", ".tox/", ".nox/", ".direnv/",
    "node_modules/", "__pycache__/", "build/", "dist/", ".mypy_cache/", ".ruff_cache/",
    ".pytest_cache/", "*.egg-info/", "site-packages/", ".eggs/",
)
# fmt: on
DEFAULT_MAX_FILE_SIZE = 2 * 1024 * 1024


class RuleSelection(NamedTuple):
    """One layer of `select`/`ignore`/`extend-select`; `select=None` keeps the layer below."""

    select: tuple[str, ...] | None
    ignore: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()

    def decide(self, code: str) -> bool | None:
        """Whether this layer enables (True) or disables (False) `code`, or says nothing."""
        best, decision = -2, None
        for prefix in (*(self.select or ()), *self.extend_select):
            if _matches(prefix, code) and _specificity(prefix) > best:
                best, decision = _specificity(prefix), True
        for prefix in self.ignore:
            if _matches(prefix, code) and _specificity(prefix) >= best:
                best, decision = _specificity(prefix), False
        return decision


# The default of every mapping field: read-only by the fields' types, and a plain dict
# so that settings pickle for worker processes.
_EMPTY: Mapping[Any, Any] = {}


class Settings(NamedTuple):
    """Everything configurable about a run, with runaudit's defaults."""

    select: tuple[str, ...] | None = None  # None: the rules selected by default
    ignore: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()
    per_file_ignores: Mapping[str, tuple[str, ...]] = _EMPTY
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE
    extend_exclude: tuple[str, ...] = ()
    force_exclude: bool = False  # excludes apply to paths named on the command line too
    fail_on: Severity = Severity.WARNING
    severity: Mapping[str, Severity] = _EMPTY  # `[severity]`: code or prefix -> severity
    timeout: float = DEFAULT_TIMEOUT  # seconds one file's analysis may take
    max_file_size: int = DEFAULT_MAX_FILE_SIZE
    respect_gitignore: bool = True
    output_format: str | None = None  # `--output-format` and RUNAUDIT_OUTPUT_FORMAT win
    agents: Mapping[str, Mapping[str, Any]] = _EMPTY
    steps: Mapping[str, Any] = _EMPTY
    sdk: Mapping[str, Any] = _EMPTY
    pipelines: Mapping[str, Any] = _EMPTY
    config_path: Path | None = None
    root: Path = Path()  # the config's directory; by default the working directory
    overrides: tuple[RuleSelection, ...] = ()  # command-line layers, applied in order
    ignore_suppressions: bool = False  # `--ignore-suppressions`: inline comments not obeyed
    source_path: tuple[Path, ...] = ()  # `--source-path`: folders sourced files are looked for in

    def rule_selected(self, code: str, *, by_default: bool = True) -> bool:
        """Whether the rule `code` runs, after the config and command-line layers.

        `by_default` says whether the rule is in the default selection (RA102 is
        not), which applies while no layer names a `select` of its own; `ALL` and a
        matching prefix in `select` or `extend-select` select any rule.
        """
        enabled = by_default
        for layer in (RuleSelection(self.select, self.ignore, self.extend_select), *self.overrides):
            decision = layer.decide(code)
            if layer.select is not None:
                enabled = decision is True
            elif decision is not None:
                enabled = decision
        return enabled

    def severity_of(self, code: str) -> Severity | None:
        """The severity `[severity]` gives the rule `code` (the most specific prefix wins)."""
        best, chosen = -2, None
        for prefix, severity in self.severity.items():
            if _matches(prefix, code) and _specificity(prefix) > best:
                best, chosen = _specificity(prefix), severity
        return chosen

    def ignored_codes(self, path: Path) -> tuple[str, ...]:
        """The codes and prefixes `per-file-ignores` turns off for `path`."""
        if not self.per_file_ignores:
            return ()
        rel = _relative_to(path, self.root)
        return _per_file_ignores(self.per_file_ignores).codes_for(rel)

    def ignored_for(self, path: Path, code: str) -> bool:
        """Whether `per-file-ignores` turns `code` off for `path`."""
        return any(_matches(prefix, code) for prefix in self.ignored_codes(path))

    @property
    def consequential_commands(self) -> tuple[str, ...]:
        """`[pipelines] consequential`: stages whose masked failure is RA101, not RA102."""
        return tuple(self.pipelines.get("consequential", ()))

    @property
    def exclude_spec(self) -> PatternSet:
        """`exclude` and `extend-exclude` compiled as gitignore patterns, once."""
        return _excludes(self.exclude, self.extend_exclude)

    def is_excluded(self, path: Path, root: Path, *, is_dir: bool = False) -> bool:
        """Whether an exclude pattern matches `path`, taken relative to `root`."""
        rel = _relative_to(path, root)
        return rel not in ("", ".") and self.exclude_spec.matches(rel + "/" if is_dir else rel)


@functools.cache
def _pattern_set(patterns: tuple[str, ...]) -> PatternSet:
    """Patterns of the settings, compiled once per run."""
    return PatternSet(patterns)


_last_excludes: tuple[tuple[str, ...], tuple[str, ...], PatternSet] | None = None


def _excludes(exclude: tuple[str, ...], extend: tuple[str, ...]) -> PatternSet:
    """The exclude patterns' matcher. Asked for every path the walk meets, it is found by
    the identity of the settings' tuples first: hashing 100,000 patterns per path cost
    more than matching them."""
    global _last_excludes
    last = _last_excludes
    if last is not None and last[0] is exclude and last[1] is extend:
        return last[2]
    matcher = _pattern_set((*exclude, *extend))
    _last_excludes = (exclude, extend, matcher)
    return matcher


class _PerFileIgnores:
    """`per-file-ignores` compiled once: one matcher over its patterns, and their codes."""

    def __init__(self, table: Mapping[str, tuple[str, ...]]) -> None:
        self.patterns = PatternSet(table)
        self.codes = list(table.values())

    def codes_for(self, rel: str) -> tuple[str, ...]:
        """The codes of every pattern that matches the path `rel`."""
        return tuple(code for i in self.patterns.each_matching(rel) for code in self.codes[i])


# The tables compiled so far, by identity (hashing 100,000 patterns for every file cost
# more than matching them), each kept with its table so that the identity stays its own.
_compiled_ignores: dict[int, tuple[Mapping[str, tuple[str, ...]], _PerFileIgnores]] = {}
_COMPILED_IGNORES_KEPT = 64  # configs of one run (one per directory with its own)


def _per_file_ignores(table: Mapping[str, tuple[str, ...]]) -> _PerFileIgnores:
    held = _compiled_ignores.get(id(table))
    if held is not None and held[0] is table:
        return held[1]
    if len(_compiled_ignores) >= _COMPILED_IGNORES_KEPT:
        _compiled_ignores.clear()
    compiled = _PerFileIgnores(table)
    _compiled_ignores[id(table)] = (table, compiled)
    return compiled


def config_in(directory: Path) -> Path | None:
    """The config file of `directory` itself, if it has one (`.runaudit.toml` first)."""
    for name in CONFIG_NAMES:
        if (directory / name).is_file():
            return directory / name
    pyproject = directory / PYPROJECT
    if pyproject.is_file() and configures_runaudit(pyproject):
        return pyproject
    return None


def search_stops_at(directory: Path) -> bool:
    """Whether the config search ends at `directory`: the top of a git repository."""
    return os.path.lexists(directory / ".git")


def find_config(start: Path) -> Path | None:
    """The nearest config file at or above `start` (a file counts as its directory), up to
    the top of its git repository or the filesystem root."""
    here = Path(os.path.abspath(start))
    if not here.is_dir():
        here = here.parent
    for directory in (here, *here.parents):
        config = config_in(directory)
        if config is not None or search_stops_at(directory):
            return config
    return None


def load_settings(
    config_file: Path | None, *, search_from: Path, isolated: bool = False
) -> Settings:
    """Settings for a run: defaults if isolated, else `config_file` or the nearest config."""
    if isolated:
        if config_file is not None:
            raise ConfigError("--config and --isolated cannot be used together")
        return Settings(root=Path.cwd())
    if config_file is None:
        config_file = find_config(search_from)
        if config_file is None:
            return Settings(root=Path.cwd())
    return read_config(config_file)


def read_config(config_file: Path) -> Settings:
    """The settings a config file gives, over those of the files it `extend`s."""
    path = Path(os.path.abspath(config_file))
    return Settings(config_path=path, root=path.parent, **_config_fields(path, ()))


# Fields an extending config adds to what it inherits; every other field it replaces.
_ADDED_FIELDS = ("extend_select", "extend_exclude")
_MERGED_FIELDS = ("per_file_ignores", "severity", "agents")


def _config_fields(path: Path, chain: tuple[Path, ...]) -> dict[str, Any]:
    """The `Settings` fields of the config file `path`, `extend` followed (`chain`: the
    files that extend it, nearest last)."""
    if path in chain:
        cycle = " -> ".join(display_path(p) for p in (*chain[chain.index(path) :], path))
        raise ConfigError(f"config files extend each other in a cycle: {cycle}")
    table = _config_table(path)
    base = table.pop("extend", None)
    where = "[tool.runaudit]" if path.name == PYPROJECT else path.name
    fields = settings_fields(table, path, where)
    if base is None:
        return fields
    if not isinstance(base, str) or not base:
        raise ConfigError(f"{display_path(path)}: `extend` in {where} must be a path")
    parent = Path(os.path.normpath(path.parent / os.path.expanduser(base)))
    if not parent.is_file():
        raise ConfigError(f"{display_path(path)}: `extend` names {shown(base)}: no such file")
    inherited = _config_fields(parent, (*chain, path))
    for name in _ADDED_FIELDS:
        if name in fields and name in inherited:
            fields[name] = (*inherited[name], *fields[name])
    for name in _MERGED_FIELDS:
        if name in fields and name in inherited:
            fields[name] = {**inherited[name], **fields[name]}
    return {**inherited, **fields}


def _config_table(path: Path) -> dict[str, Any]:
    """The runaudit table of a config file: `[tool.runaudit]` of a `pyproject.toml`, the
    top level of a `runaudit.toml`."""
    data = read_toml(path)
    if path.name == PYPROJECT:
        table = pyproject_table(path, data)
        if table is None:
            raise ConfigError(f"{display_path(path)}: no [tool.runaudit] table")
        return dict(table)
    tool = data.get("tool")
    if isinstance(tool, dict) and "runaudit" in tool:
        raise ConfigError(
            f"{display_path(path)}: `[tool.runaudit]` belongs in pyproject.toml; in "
            f"{path.name} the keys go at the top level (`select = [...]`, no table)"
        )
    return data


def apply_overrides(
    settings: Settings,
    *,
    select: Sequence[str] | None = None,
    ignore: Sequence[str] | None = None,
    fail_on: str | Severity | None = None,
    extend_select: Sequence[str] | None = None,
    timeout: float | None = None,
    ignore_suppressions: bool = False,
    force_exclude: bool = False,
    source_path: Sequence[Path] | None = None,
    fields: Mapping[str, Any] | None = None,
) -> Settings:
    """The settings with command-line flags applied on top, as ruff layers them; `fields`:
    values given inline (`--config "KEY = VALUE"`, `--exclude`), already checked."""
    changes: dict[str, Any] = dict(fields or {})
    for name in _ADDED_FIELDS:
        if name in changes:
            changes[name] = (*getattr(settings, name), *changes[name])
    if ignore_suppressions:
        changes["ignore_suppressions"] = True
    if force_exclude:
        changes["force_exclude"] = True
    if source_path:
        changes["source_path"] = (*settings.source_path, *source_path)
    if timeout is not None:
        if not 0 < timeout <= MAX_TIMEOUT:
            raise ConfigError(f"--timeout must be above 0 and at most {MAX_TIMEOUT:,} seconds")
        changes["timeout"] = timeout
    if select is not None or ignore is not None or extend_select is not None:
        layer = RuleSelection(
            None if select is None else _flag_codes(select, "--select"),
            _flag_codes(ignore or (), "--ignore"),
            _flag_codes(extend_select or (), "--extend-select"),
        )
        changes["overrides"] = (*settings.overrides, layer)
    if fail_on is not None:
        changes["fail_on"] = parse_severity(fail_on, "--fail-on")
    return settings._replace(**changes)


def check_selectors(settings: Settings, known: Iterable[str]) -> None:
    """Raise a `ConfigError` for a rule selector that selects no known rule (`RA110`): a
    typo there would silently switch a rule, or the whole gate, off."""
    codes = sorted(known)
    where = f"`{display_path(settings.config_path)}`" if settings.config_path else "the config"
    places: list[tuple[str, str]] = [
        (code, f"`{key}` in {where}")
        for key, selectors in (
            ("select", settings.select or ()),
            ("ignore", settings.ignore),
            ("extend-select", settings.extend_select),
        )
        for code in selectors
    ]
    places += [
        (code, f"`per-file-ignores` in {where}")
        for selectors in settings.per_file_ignores.values()
        for code in selectors
    ]
    places += [(code, f"`severity` in {where}") for code in settings.severity]
    for layer in settings.overrides:
        for flag, selectors in (
            ("--select", layer.select or ()),
            ("--ignore", layer.ignore),
            ("--extend-select", layer.extend_select),
        ):
            places += [(code, flag) for code in selectors]
    for selector, place in places:
        if not any(_matches(selector, code) for code in codes):
            import difflib  # only for the error message

            close = difflib.get_close_matches(selector, codes, n=1)
            hint = f" (did you mean `{close[0]}`?)" if close else ""
            known_list = ", ".join(codes)
            raise ConfigError(
                f"unknown rule selector `{shown(selector)}` in {place}{hint}; known: {known_list}"
            )


def _matches(prefix: str, code: str) -> bool:
    return prefix == "ALL" or code.startswith(prefix)


def _specificity(prefix: str) -> int:
    return -1 if prefix == "ALL" else len(prefix)


def _relative_to(path: Path, directory: Path) -> str:
    """`path` relative to `directory` with forward slashes, or its name if outside it
    (asked for every path the walk meets: string operations, not `pathlib`'s)."""
    absolute, base = os.path.abspath(path), os.path.abspath(directory)
    if os.path.normcase(absolute) == os.path.normcase(base):
        return "."
    prefix = base if base.endswith(os.sep) else base + os.sep
    if not os.path.normcase(absolute).startswith(os.path.normcase(prefix)):
        return os.path.basename(absolute)
    return absolute[len(prefix) :].replace(os.sep, "/")


def _flag_codes(codes: Sequence[str], flag: str) -> tuple[str, ...]:
    for code in codes:
        if not RULE_CODE.match(code):
            raise ConfigError(f"invalid rule code `{shown(code)}` in {flag}")
    return tuple(codes)
