"""Settings from `[tool.runaudit]`, `runaudit.toml` or `.runaudit.toml`, and CLI flags.

Config is data: it is parsed with `tomllib` and validated here; nothing in a
config file can make runaudit import or run code. Keys are kebab-case, as in
ruff, and an unknown key is an error that suggests the nearest known one.
Rule selection follows ruff: codes select by prefix, the most specific prefix
wins between `select` and `ignore` (a tie goes to `ignore`), and a `--select`
given on the command line replaces the selection from the config file.
"""

from __future__ import annotations

import functools
import os
import re
import stat
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from auditor.errors import UserError
from auditor.finding import Severity
from auditor.timebound import DEFAULT_TIMEOUT

if TYPE_CHECKING:
    from pathspec import GitIgnoreSpec
    from tomllib import TOMLDecodeError

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
CONFIG_SIZE_LIMIT = 4 * 1024 * 1024
# Non-blocking, so that opening a FIFO named like a config file cannot hang the run.
_CONFIG_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)

_CODE = re.compile(r"^(ALL|RA\d{0,3})$")
_EXIT_CODE = re.compile(r"^\d{1,3}$")
_AGENT_KEYS = ("commands", "exit-codes", "documented")
_STEPS_KEYS = ("calls",)
_SDK_KEYS = ("retries", "constructors")
_PIPELINES_KEYS = ("consequential",)
_SDK_CONSTRUCTOR_KEYS = ("module", "classes", "keyword", "default")
_SDK_RETRIES = ("forbid", "allow")
_DOTTED = re.compile(r"^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$")


class ConfigError(UserError):
    """A config file or flag runaudit cannot use; the message names the file."""


# A `**` segment matches any number of directories; pathspec compiles each to a regex
# that backtracks, so matching costs grow exponentially with their count (eight of
# them against a path 40 deep took minutes). Real ignore files use one or two.
MAX_GLOBSTARS = 4
MAX_TIMEOUT = 3600  # seconds: a bound that cannot be reached is no bound
# The largest `max-file-size`: a file is read whole into memory, several times over.
MAX_FILE_SIZE_LIMIT = 1 << 30


def too_complex(pattern: str) -> bool:
    """Whether a gitignore pattern has more `**` segments than can be matched in bounded
    time; such a pattern is not used (and named in a diagnostic)."""
    return pattern.count("**") > MAX_GLOBSTARS


def gitignore_spec(lines: Sequence[str]) -> GitIgnoreSpec:
    """Gitignore-style patterns compiled (pathspec is imported only when there are some)."""
    from pathspec import GitIgnoreSpec

    return GitIgnoreSpec.from_lines(lines)


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

    def ignored_for(self, path: Path, code: str) -> bool:
        """Whether `per-file-ignores` turns `code` off for `path`."""
        rel = _relative_to(path, self.root)
        return any(
            any(_matches(prefix, code) for prefix in codes)
            and _pattern_spec((pattern,)).match_file(rel)
            for pattern, codes in self.per_file_ignores.items()
        )

    @property
    def consequential_commands(self) -> tuple[str, ...]:
        """`[pipelines] consequential`: stages whose masked failure is RA101, not RA102."""
        return tuple(self.pipelines.get("consequential", ()))

    @property
    def exclude_spec(self) -> GitIgnoreSpec:
        """`exclude` and `extend-exclude` compiled as gitignore patterns."""
        return _pattern_spec((*self.exclude, *self.extend_exclude))

    def is_excluded(self, path: Path, root: Path, *, is_dir: bool = False) -> bool:
        """Whether an exclude pattern matches `path`, taken relative to `root`."""
        rel = _relative_to(path, root)
        return rel not in ("", ".") and self.exclude_spec.match_file(rel + "/" if is_dir else rel)


@functools.cache
def _pattern_spec(patterns: tuple[str, ...]) -> GitIgnoreSpec:
    """Patterns of the settings, compiled once per run."""
    return gitignore_spec(patterns)


def find_config(start: Path) -> Path | None:
    """The nearest config file at or above `start` (a file counts as its directory)."""
    here = Path(os.path.abspath(start))
    if not here.is_dir():
        here = here.parent
    for directory in (here, *here.parents):
        for name in CONFIG_NAMES:
            if (directory / name).is_file():
                return directory / name
        pyproject = directory / PYPROJECT
        if pyproject.is_file() and _configures_runaudit(pyproject):
            return pyproject
    return None


def _configures_runaudit(pyproject: Path) -> bool:
    """Whether a `pyproject.toml` has a `[tool.runaudit]` table. Its bytes are searched
    for the name first: most are other tools' config, not worth parsing on every start."""
    try:
        raw = _read_config_bytes(pyproject)
    except OSError as error:
        raise ConfigError(f"{_display(pyproject)}: cannot read: {error.strerror}") from None
    if b"runaudit" not in raw:
        return False
    return _pyproject_table(pyproject, _read_toml(pyproject, raw)) is not None


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
    path = Path(os.path.abspath(config_file))
    data = _read_toml(path)
    if path.name == PYPROJECT:
        table = _pyproject_table(path, data)
        if table is None:
            raise ConfigError(f"{_display(path)}: no [tool.runaudit] table")
        return _settings_from(table, path, "[tool.runaudit]")
    return _settings_from(data, path, path.name)


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
) -> Settings:
    """The settings with command-line flags applied on top, as ruff layers them."""
    changes: dict[str, Any] = {}
    if ignore_suppressions:
        changes["ignore_suppressions"] = True
    if force_exclude:
        changes["force_exclude"] = True
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
        changes["fail_on"] = _severity(fail_on, "--fail-on")
    return settings._replace(**changes)


def check_selectors(settings: Settings, known: Iterable[str]) -> None:
    """Raise a `ConfigError` for a rule selector that selects no known rule (`RA110`): a
    typo there would silently switch a rule, or the whole gate, off."""
    codes = sorted(known)
    where = f"`{_display(settings.config_path)}`" if settings.config_path else "the config"
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
                f"unknown rule selector `{_name(selector)}` in {place}{hint}; known: {known_list}"
            )


def _matches(prefix: str, code: str) -> bool:
    return prefix == "ALL" or code.startswith(prefix)


def _specificity(prefix: str) -> int:
    return -1 if prefix == "ALL" else len(prefix)


def _is_under(path: Path, directory: Path) -> bool:
    absolute, base = os.path.abspath(path), os.path.abspath(directory)
    return os.path.commonpath([absolute, base]) == base


def _relative_to(path: Path, directory: Path) -> str:
    """`path` relative to `directory` with forward slashes, or its name if outside it."""
    if not _is_under(path, directory):
        return Path(path).name
    return Path(os.path.relpath(os.path.abspath(path), os.path.abspath(directory))).as_posix()


def _display(path: Path) -> str:
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return str(path)


def _name(key: str) -> str:
    return key if key.isprintable() else repr(key)


def _read_toml(path: Path, raw: bytes | None = None) -> dict[str, Any]:
    """A config file parsed (`raw`: its bytes, when already read); tomllib is imported
    only here, for a run that has a config file (about 6 ms)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on Python 3.10 only
        import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]
    try:
        raw = _read_config_bytes(path) if raw is None else raw
        data: dict[str, Any] = tomllib.loads(raw.decode("utf-8"))
        return data
    except tomllib.TOMLDecodeError as error:
        message, line, column = _toml_position(error)
        raise ConfigError(f"{_display(path)}:{line}:{column}: invalid TOML: {message}") from None
    except UnicodeDecodeError as error:
        raise ConfigError(f"{_display(path)}: invalid TOML: not UTF-8 ({error.reason})") from None
    except RecursionError:  # tomllib parses nested arrays and tables recursively
        raise ConfigError(f"{_display(path)}: invalid TOML: nested too deeply") from None
    except OSError as error:
        raise ConfigError(f"{_display(path)}: cannot read: {error.strerror}") from None


def _read_config_bytes(path: Path) -> bytes:
    """A config file's bytes: a regular file (a FIFO would block), of bounded size."""
    if not stat.S_ISREG(os.stat(path).st_mode):  # checked first: opening a device can act on it
        raise ConfigError(f"{_display(path)}: cannot read: not a regular file")
    with open(os.open(path, _CONFIG_OPEN_FLAGS), "rb") as handle:
        mode = os.fstat(handle.fileno()).st_mode
        if not stat.S_ISREG(mode):
            raise ConfigError(f"{_display(path)}: cannot read: not a regular file")
        data = handle.read(CONFIG_SIZE_LIMIT + 1)
    if len(data) > CONFIG_SIZE_LIMIT:
        raise ConfigError(f"{_display(path)}: larger than {CONFIG_SIZE_LIMIT:,} bytes")
    return data


def _toml_position(error: TOMLDecodeError) -> tuple[str, int, int]:
    text = str(error)
    match = re.search(r"\s*\(at line (\d+), column (\d+)\)$", text)
    if not match:
        return text, 1, 1
    return text[: match.start()], int(match[1]), int(match[2])


def _pyproject_table(path: Path, data: Mapping[str, Any]) -> Mapping[str, Any] | None:
    tool = data.get("tool")
    if not isinstance(tool, dict) or "runaudit" not in tool:
        return None
    if not isinstance(tool["runaudit"], dict):
        raise ConfigError(f"{_display(path)}: [tool.runaudit] must be a table")
    return tool["runaudit"]


class _Validator:
    """Checks the values of one config table; every error names the file and the table."""

    def __init__(self, path: Path, where: str) -> None:
        self.path, self.where = path, where

    def fail(self, message: str) -> ConfigError:
        return ConfigError(f"{_display(self.path)}: {message}")

    def expect(self, ok: bool, key: str, what: str) -> None:
        if not ok:
            raise self.fail(f"`{key}` in {self.where} must be {what}")

    def known_keys(self, table: Mapping[str, Any], known: Sequence[str]) -> None:
        for key in table:
            if key not in known:
                import difflib  # only a config with a typo needs it

                close = difflib.get_close_matches(key.replace("_", "-"), known, n=1)
                hint = f" (did you mean `{close[0]}`?)" if close else ""
                raise self.fail(f"unknown key `{_name(key)}` in {self.where}{hint}")

    def strings(self, key: str, value: Any) -> tuple[str, ...]:
        ok = isinstance(value, list) and all(isinstance(item, str) for item in value)
        self.expect(ok, key, "a list of strings")
        return tuple(value)

    def codes(self, key: str, value: Any) -> tuple[str, ...]:
        codes = self.strings(key, value)
        for code in codes:
            if not _CODE.match(code):
                raise self.fail(f"invalid rule code `{_name(code)}` in `{key}` in {self.where}")
        return codes

    def patterns(self, key: str, value: Any) -> tuple[str, ...]:
        patterns = self.strings(key, value)
        for pattern in patterns:
            if too_complex(pattern):
                message = (
                    f"pattern `{_name(pattern)}` in `{key}` in {self.where} has more than "
                    f"{MAX_GLOBSTARS} `**`: too costly to match"
                )
                raise self.fail(message)
            try:
                gitignore_spec([pattern])
            except (ValueError, re.error) as error:
                message = f"invalid pattern `{_name(pattern)}` in `{key}` in {self.where}: {error}"
                raise self.fail(message) from None
        return patterns

    def table(self, key: str, value: Any) -> dict[str, Any]:
        self.expect(isinstance(value, dict), key, "a table")
        return dict(value)

    def boolean(self, key: str, value: Any) -> bool:
        self.expect(isinstance(value, bool), key, "true or false")
        return bool(value)

    def seconds(self, key: str, value: Any) -> float:
        number = type(value) in (int, float) and 0 < value <= MAX_TIMEOUT
        self.expect(number, key, f"a number of seconds above 0, up to {MAX_TIMEOUT:,}")
        return float(value)

    def size(self, key: str, value: Any) -> int:
        within = type(value) is int and 0 < value <= MAX_FILE_SIZE_LIMIT
        self.expect(within, key, f"a positive number of bytes up to {MAX_FILE_SIZE_LIMIT:,}")
        return int(value)

    def severity(self, key: str, value: Any) -> Severity:
        try:
            return _severity(value, f"`{key}` in {self.where}")
        except ConfigError as error:
            raise self.fail(str(error)) from None

    def output_format(self, key: str, value: Any) -> str:
        from auditor.output import FORMATS  # only a config that sets the key needs it

        self.expect(value in FORMATS, key, "one of " + ", ".join(f'"{f}"' for f in FORMATS))
        return str(value)

    def severities(self, key: str, value: Any) -> dict[str, Severity]:
        table = self.table(key, value)
        self.codes(key, list(table))
        return {code: self.severity(f"{key}.{code}", level) for code, level in table.items()}

    def per_file_ignores(self, key: str, value: Any) -> dict[str, tuple[str, ...]]:
        return {
            self.patterns(key, [pattern])[0]: self.codes(f"{key}.{_name(pattern)}", codes)
            for pattern, codes in self.table(key, value).items()
        }

    def agents(self, key: str, value: Any) -> dict[str, dict[str, Any]]:
        return {name: self.agent(name, table) for name, table in self.table(key, value).items()}

    def agent(self, name: str, value: Any) -> dict[str, Any]:
        parent = self.where[1:-1] + "." if self.where.startswith("[") else ""
        check = _Validator(self.path, f"[{parent}agents.{_name(name)}]")
        profile = self.table(f"agents.{_name(name)}", value)
        check.known_keys(profile, _AGENT_KEYS)
        commands = check.strings("commands", profile.get("commands", []))
        check.expect(all(command.strip() for command in commands), "commands", "non-empty names")
        check.boolean("documented", profile.get("documented", False))
        for status, meaning in check.table("exit-codes", profile.get("exit-codes", {})).items():
            if not _EXIT_CODE.match(status) or int(status) > 255:
                raise check.fail(f"exit status `{_name(status)}` in {check.where} must be 0 to 255")
            check.expect(isinstance(meaning, str), f"exit-codes.{status}", "a string")
        return profile

    def nested(self, key: str) -> _Validator:
        """A validator for the table `key` inside this one."""
        parent = self.where[1:-1] + "." if self.where.startswith("[") else ""
        return _Validator(self.path, f"[{parent}{key}]")

    def names(self, key: str, value: Any) -> tuple[str, ...]:
        names = self.strings(key, value)
        for name in names:
            if not _DOTTED.match(name):
                raise self.fail(f"`{_name(name)}` in `{key}` in {self.where} is not a dotted name")
        return names

    def steps(self, key: str, value: Any) -> dict[str, Any]:
        check = self.nested(key)
        table = self.table(key, value)
        check.known_keys(table, _STEPS_KEYS)
        check.names("calls", table.get("calls", []))
        return table

    def sdk(self, key: str, value: Any) -> dict[str, Any]:
        check = self.nested(key)
        table = self.table(key, value)
        check.known_keys(table, _SDK_KEYS)
        if "retries" in table:
            ok = table["retries"] in _SDK_RETRIES
            check.expect(ok, "retries", " or ".join(f'"{v}"' for v in _SDK_RETRIES))
        constructors = check.table("constructors", table.get("constructors", {}))
        for name, entry in constructors.items():
            check.sdk_constructor(name, entry)
        return table

    def pipelines(self, key: str, value: Any) -> dict[str, Any]:
        check = self.nested(key)
        table = self.table(key, value)
        check.known_keys(table, _PIPELINES_KEYS)
        commands = check.strings("consequential", table.get("consequential", []))
        check.expect(all(c.strip() for c in commands), "consequential", "non-empty commands")
        return table

    def sdk_constructor(self, name: str, value: Any) -> None:
        check = self.nested(f"constructors.{_name(name)}")
        entry = self.table(f"constructors.{_name(name)}", value)
        check.known_keys(entry, _SDK_CONSTRUCTOR_KEYS)
        # An entry replaces the built-in one of that name whole, so it must be complete.
        check.expect(isinstance(entry.get("module"), str), "module", "a module name")
        check.names("module", [entry["module"]])
        check.names("classes", entry.get("classes"))
        keyword = entry.get("keyword", "max_retries")
        check.expect(isinstance(keyword, str) and keyword.isidentifier(), "keyword", "a name")
        default = entry.get("default", 2)
        check.expect(type(default) is int and default >= 0, "default", "a number of retries")


# Each key of a config table and the check that turns its value into a `Settings` field.
_FIELDS: dict[str, Callable[[_Validator, str, Any], Any]] = {
    "select": _Validator.codes,
    "ignore": _Validator.codes,
    "extend-select": _Validator.codes,
    "per-file-ignores": _Validator.per_file_ignores,
    "exclude": _Validator.patterns,
    "extend-exclude": _Validator.patterns,
    "force-exclude": _Validator.boolean,
    "fail-on": _Validator.severity,
    "severity": _Validator.severities,
    "max-file-size": _Validator.size,
    "respect-gitignore": _Validator.boolean,
    "output-format": _Validator.output_format,
    "timeout": _Validator.seconds,
    "agents": _Validator.agents,
    "steps": _Validator.steps,  # kept as data for the rules that read them
    "sdk": _Validator.sdk,
    "pipelines": _Validator.pipelines,
}


def _settings_from(table: Mapping[str, Any], path: Path, where: str) -> Settings:
    check = _Validator(path, where)
    check.known_keys(table, list(_FIELDS))
    values = {
        key.replace("-", "_"): _FIELDS[key](check, key, value) for key, value in table.items()
    }
    return Settings(config_path=path, root=path.parent, **values)


def _flag_codes(codes: Sequence[str], flag: str) -> tuple[str, ...]:
    for code in codes:
        if not _CODE.match(code):
            raise ConfigError(f"invalid rule code `{_name(code)}` in {flag}")
    return tuple(codes)


def _severity(value: object, where: str) -> Severity:
    if isinstance(value, Severity):
        return value
    if isinstance(value, str):
        try:
            return Severity(value.lower())
        except ValueError:
            pass
    shown = _name(value) if isinstance(value, str) else repr(value)
    raise ConfigError(f"{where} must be one of error, warning, info, not `{shown}`")
