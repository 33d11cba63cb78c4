"""A config file read and validated: the values it gives the fields of `Settings`.

Config is data: it is parsed with `tomllib` and validated here; nothing in a
config file can make runaudit import or run code. Keys are kebab-case, as in
ruff, and an unknown key is an error that suggests the nearest known one.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from auditor.errors import UserError
from auditor.finding import Severity
from auditor.gitignore import InvalidPattern, valid_pattern

if TYPE_CHECKING:
    from tomllib import TOMLDecodeError

CONFIG_SIZE_LIMIT = 4 * 1024 * 1024
# Non-blocking, so that opening a FIFO named like a config file cannot hang the run.
_CONFIG_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)

RULE_CODE = re.compile(r"^(ALL|RA\d{0,3})$")
_EXIT_CODE = re.compile(r"^\d{1,3}$")
AGENT_KEYS = ("commands", "exit-codes", "documented", "headless", "read-only")
STEPS_KEYS = ("calls",)
SDK_KEYS = ("retries", "constructors")
PIPELINES_KEYS = ("consequential",)
SDK_CONSTRUCTOR_KEYS = ("module", "classes", "keyword", "default")
SDK_RETRIES = ("forbid", "allow")
_DOTTED = re.compile(r"^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$")

MAX_TIMEOUT = 3600  # seconds: a bound that cannot be reached is no bound
# The largest `max-file-size`: a file is read whole into memory, several times over.
MAX_FILE_SIZE_LIMIT = 1 << 30
MAX_SDK_RETRIES = 1000  # an SDK's own default; a longer number would only be printed


class ConfigError(UserError):
    """A config file or flag runaudit cannot use; the message names the file."""


def display_path(path: Path) -> str:
    """`path` as messages show it: relative to the working directory when under it."""
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return str(path)


def shown(key: str) -> str:
    """A key or value from a config as messages show it: quoted if not printable."""
    return key if key.isprintable() else repr(key)


def parse_severity(value: object, where: str) -> Severity:
    """A severity given as `value` (by name, in any case); `where` names it in the error."""
    if isinstance(value, Severity):
        return value
    if isinstance(value, str):
        try:
            return Severity(value.lower())
        except ValueError:
            pass
    given = shown(value) if isinstance(value, str) else repr(value)
    raise ConfigError(f"{where} must be one of error, warning, info, not `{given}`")


def configures_runaudit(pyproject: Path) -> bool:
    """Whether a `pyproject.toml` has a `[tool.runaudit]` table. Its bytes are searched
    for the name first: most are other tools' config, not worth parsing on every start."""
    try:
        raw = _read_config_bytes(pyproject)
    except OSError as error:
        raise ConfigError(f"{display_path(pyproject)}: cannot read: {error.strerror}") from None
    if b"runaudit" not in raw:
        return False
    return pyproject_table(pyproject, read_toml(pyproject, raw)) is not None


def read_toml(path: Path, raw: bytes | None = None) -> dict[str, Any]:
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
        raise ConfigError(
            f"{display_path(path)}:{line}:{column}: invalid TOML: {message}"
        ) from None
    except UnicodeDecodeError as error:
        raise ConfigError(
            f"{display_path(path)}: invalid TOML: not UTF-8 ({error.reason})"
        ) from None
    except ValueError:  # tomllib's `int()` of a number past Python's 4,300 digits
        raise ConfigError(f"{display_path(path)}: invalid TOML: a number too long") from None
    except RecursionError:  # tomllib parses nested arrays and tables recursively
        raise ConfigError(f"{display_path(path)}: invalid TOML: nested too deeply") from None
    except OSError as error:
        raise ConfigError(f"{display_path(path)}: cannot read: {error.strerror}") from None


def _read_config_bytes(path: Path) -> bytes:
    """A config file's bytes: a regular file (a FIFO would block), of bounded size."""
    if not stat.S_ISREG(os.stat(path).st_mode):  # checked first: opening a device can act on it
        raise ConfigError(f"{display_path(path)}: cannot read: not a regular file")
    with open(os.open(path, _CONFIG_OPEN_FLAGS), "rb") as handle:
        mode = os.fstat(handle.fileno()).st_mode
        if not stat.S_ISREG(mode):
            raise ConfigError(f"{display_path(path)}: cannot read: not a regular file")
        data = handle.read(CONFIG_SIZE_LIMIT + 1)
    if len(data) > CONFIG_SIZE_LIMIT:
        raise ConfigError(f"{display_path(path)}: larger than {CONFIG_SIZE_LIMIT:,} bytes")
    return data


def _toml_position(error: TOMLDecodeError) -> tuple[str, int, int]:
    text = str(error)
    match = re.search(r"\s*\(at line (\d+), column (\d+)\)$", text)
    if not match:
        return text, 1, 1
    return text[: match.start()], int(match[1]), int(match[2])


def pyproject_table(path: Path, data: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The `[tool.runaudit]` table of a parsed `pyproject.toml`, or None if it has none."""
    tool = data.get("tool")
    if not isinstance(tool, dict) or "runaudit" not in tool:
        return None
    if not isinstance(tool["runaudit"], dict):
        raise ConfigError(f"{display_path(path)}: [tool.runaudit] must be a table")
    return tool["runaudit"]


class _Validator:
    """Checks the values of one config table; every error names the file and the table."""

    def __init__(self, path: Path, where: str) -> None:
        self.path, self.where = path, where

    def fail(self, message: str) -> ConfigError:
        return ConfigError(f"{display_path(self.path)}: {message}")

    def expect(self, ok: bool, key: str, what: str) -> None:
        if not ok:
            raise self.fail(f"`{key}` in {self.where} must be {what}")

    def known_keys(self, table: Mapping[str, Any], known: Sequence[str]) -> None:
        for key in table:
            if key not in known:
                import difflib  # only a config with a typo needs it

                close = difflib.get_close_matches(key.replace("_", "-"), known, n=1)
                hint = f" (did you mean `{close[0]}`?)" if close else ""
                raise self.fail(f"unknown key `{shown(key)}` in {self.where}{hint}")

    def strings(self, key: str, value: Any) -> tuple[str, ...]:
        ok = isinstance(value, list) and all(isinstance(item, str) for item in value)
        self.expect(ok, key, "a list of strings")
        return tuple(value)

    def codes(self, key: str, value: Any) -> tuple[str, ...]:
        codes = self.strings(key, value)
        for code in codes:
            if not RULE_CODE.match(code):
                raise self.fail(f"invalid rule code `{shown(code)}` in `{key}` in {self.where}")
        return codes

    def patterns(self, key: str, value: Any) -> tuple[str, ...]:
        patterns = self.strings(key, value)
        for pattern in patterns:
            try:
                valid_pattern(pattern)
            except InvalidPattern as error:
                message = f"invalid pattern `{shown(pattern)}` in `{key}` in {self.where}: {error}"
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
            return parse_severity(value, f"`{key}` in {self.where}")
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
            self.patterns(key, [pattern])[0]: self.codes(f"{key}.{shown(pattern)}", codes)
            for pattern, codes in self.table(key, value).items()
        }

    def agents(self, key: str, value: Any) -> dict[str, dict[str, Any]]:
        return {name: self.agent(name, table) for name, table in self.table(key, value).items()}

    def agent(self, name: str, value: Any) -> dict[str, Any]:
        parent = self.where[1:-1] + "." if self.where.startswith("[") else ""
        check = _Validator(self.path, f"[{parent}agents.{shown(name)}]")
        profile = self.table(f"agents.{shown(name)}", value)
        check.known_keys(profile, AGENT_KEYS)
        commands = check.strings("commands", profile.get("commands", []))
        check.expect(all(command.strip() for command in commands), "commands", "non-empty names")
        check.boolean("documented", profile.get("documented", False))
        headless = check.strings("headless", profile.get("headless", []))
        check.expect(all(word.strip() for word in headless), "headless", "non-empty words")
        read_only = check.strings("read-only", profile.get("read-only", []))
        check.expect(all(option.strip() for option in read_only), "read-only", "non-empty options")
        for status, meaning in check.table("exit-codes", profile.get("exit-codes", {})).items():
            if not _EXIT_CODE.match(status) or int(status) > 255:
                raise check.fail(f"exit status `{shown(status)}` in {check.where} must be 0 to 255")
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
                raise self.fail(f"`{shown(name)}` in `{key}` in {self.where} is not a dotted name")
        return names

    def steps(self, key: str, value: Any) -> dict[str, Any]:
        check = self.nested(key)
        table = self.table(key, value)
        check.known_keys(table, STEPS_KEYS)
        check.names("calls", table.get("calls", []))
        return table

    def sdk(self, key: str, value: Any) -> dict[str, Any]:
        check = self.nested(key)
        table = self.table(key, value)
        check.known_keys(table, SDK_KEYS)
        if "retries" in table:
            ok = table["retries"] in SDK_RETRIES
            check.expect(ok, "retries", " or ".join(f'"{v}"' for v in SDK_RETRIES))
        constructors = check.table("constructors", table.get("constructors", {}))
        for name, entry in constructors.items():
            check.sdk_constructor(name, entry)
        return table

    def pipelines(self, key: str, value: Any) -> dict[str, Any]:
        check = self.nested(key)
        table = self.table(key, value)
        check.known_keys(table, PIPELINES_KEYS)
        commands = check.strings("consequential", table.get("consequential", []))
        check.expect(all(c.strip() for c in commands), "consequential", "non-empty commands")
        return table

    def sdk_constructor(self, name: str, value: Any) -> None:
        check = self.nested(f"constructors.{shown(name)}")
        entry = self.table(f"constructors.{shown(name)}", value)
        check.known_keys(entry, SDK_CONSTRUCTOR_KEYS)
        # An entry replaces the built-in one of that name whole, so it must be complete.
        check.expect(isinstance(entry.get("module"), str), "module", "a module name")
        check.names("module", [entry["module"]])
        check.names("classes", entry.get("classes"))
        keyword = entry.get("keyword", "max_retries")
        check.expect(isinstance(keyword, str) and keyword.isidentifier(), "keyword", "a name")
        default = entry.get("default", 2)
        within = type(default) is int and 0 <= default <= MAX_SDK_RETRIES
        check.expect(within, "default", f"a number of retries up to {MAX_SDK_RETRIES:,}")


# Each key of a config table and the check that turns its value into a `Settings` field.
FIELDS: dict[str, Callable[[_Validator, str, Any], Any]] = {
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


def settings_fields(table: Mapping[str, Any], path: Path, where: str) -> dict[str, Any]:
    """The `Settings` fields a config table (`where` in `path`) sets, each value checked."""
    check = _Validator(path, where)
    check.known_keys(table, list(FIELDS))
    return {key.replace("-", "_"): FIELDS[key](check, key, value) for key, value in table.items()}
