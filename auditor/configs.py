"""Which settings apply to each file: the configuration nearest to it, as ruff resolves it.

Each file is audited under the config file nearest to it (its folder, then the
folders above, up to the top of its git repository or the filesystem root);
`--config FILE` and `--isolated` give every file the same settings. The
command line (flags, and `--config "KEY = VALUE"`) is applied on top of each
file's settings. A file's settings depend only on where it is, never on the
other paths of the run or their order.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from auditor.config import Settings, config_in, read_config, search_stops_at
from auditor.config_file import ConfigError, settings_fields, shown

if TYPE_CHECKING:
    from auditor.discover import Candidate

Finish = Callable[[Settings], Settings]  # the command line applied, selectors checked
INLINE = "--config"


class ConfigArguments:
    """The `--config` values: at most one config file, and `KEY = VALUE` overrides."""

    def __init__(self, values: Sequence[str] | None) -> None:
        self.file: Path | None = None
        self.inline: dict[str, Any] = {}
        for value in values or ():
            if os.path.isfile(value) or (value.endswith(".toml") and "=" not in value):
                if self.file is not None:
                    raise ConfigError("--config names more than one config file")
                self.file = Path(value)
            else:
                self.inline.update(inline_fields(value))


def inline_fields(text: str) -> dict[str, Any]:
    """The `Settings` fields an inline `--config "KEY = VALUE"` sets, checked as in a file."""
    from auditor.config_file import read_toml

    table = read_toml(Path(INLINE), text.encode("utf-8", "surrogateescape"))
    if not table:
        raise ConfigError(f"--config `{shown(text)}`: not a file, nor a TOML `key = value`")
    if "extend" in table:
        raise ConfigError("--config: `extend` belongs in a config file")
    return settings_fields(table, Path(INLINE), INLINE)


def per_file_ignores_flag(values: Sequence[str] | None) -> dict[str, Any]:
    """`--per-file-ignores PATTERN:CODES` (ruff's form) as config fields."""
    table: dict[str, list[str]] = {}
    for value in values or ():
        pattern, colon, codes = value.rpartition(":")
        if not colon or not pattern:
            raise ConfigError(f"--per-file-ignores `{shown(value)}`: expected PATTERN:CODES")
        table.setdefault(pattern, []).extend(c.strip() for c in codes.split(",") if c.strip())
    if not table:
        return {}
    return settings_fields({"per-file-ignores": table}, Path(INLINE), "--per-file-ignores")


def pattern_flags(
    exclude: Sequence[str] | None, extend_exclude: Sequence[str] | None
) -> dict[str, Any]:
    """`--exclude` and `--extend-exclude` (comma-separated, repeatable) as config fields."""
    table = {
        key: [p.strip() for value in values for p in value.split(",") if p.strip()]
        for key, values in (("exclude", exclude), ("extend-exclude", extend_exclude))
        if values is not None
    }
    return settings_fields(table, Path(INLINE), "the command line") if table else {}


class Configs:
    """The settings of every file of a run, each read once."""

    def __init__(
        self,
        config_file: Path | None = None,
        *,
        isolated: bool = False,
        finish: Finish | None = None,
        cwd: Path | None = None,
    ) -> None:
        if isolated and config_file is not None:
            raise ConfigError("--config and --isolated cannot be used together")
        self.cwd = os.path.abspath(cwd or Path.cwd())
        self.finish: Finish = finish or (lambda settings: settings)
        self.by_file: dict[Path | None, Settings] = {}
        self.by_directory: dict[str, Settings] = {}
        self.fixed: Settings | None = None
        if isolated:
            self.fixed = self.finish(Settings(root=Path(self.cwd)))
        elif config_file is not None:
            self.fixed = self.loaded(Path(os.path.join(self.cwd, config_file)))

    @classmethod
    def uniform(cls, settings: Settings) -> Configs:
        """The same settings for every file (an API caller's or a test's)."""
        configs = cls()
        configs.fixed = settings
        return configs

    def for_path(self, path: Path | str) -> Settings:
        """The settings of the file or folder at `path` (relative to the working folder)."""
        if self.fixed is not None:
            return self.fixed
        absolute = os.path.abspath(os.path.join(self.cwd, path))
        directory = absolute if os.path.isdir(absolute) else os.path.dirname(absolute)
        return self.for_directory(directory)

    def for_directory(self, directory: str) -> Settings:
        """The settings of the nearest config at or above `directory` (an absolute path)."""
        if self.fixed is not None:
            return self.fixed
        passed: list[str] = []
        here = directory
        while here not in self.by_directory:
            passed.append(here)
            config = config_in(Path(here))
            parent = os.path.dirname(here)
            if config is not None:
                found = self.loaded(config)
                break
            if parent == here or search_stops_at(Path(here)):
                found = self.loaded(None)
                break
            here = parent
        else:
            found = self.by_directory[here]
        for visited in passed:
            self.by_directory[visited] = found
        return found

    def for_run(self, paths: Iterable[Path | str]) -> Settings:
        """Run-wide settings (`output-format`): those of the deepest folder holding every
        path, so that they never depend on the order of the paths."""
        absolute = [os.path.abspath(os.path.join(self.cwd, path)) for path in paths]
        if not absolute:
            return self.for_path(self.cwd)
        common = os.path.commonpath(absolute)
        return self.for_path(common)

    def loaded(self, config: Path | None) -> Settings:
        """The finished settings of one config file (None: the defaults), read once."""
        if config not in self.by_file:
            base = Settings(root=Path(self.cwd)) if config is None else read_config(config)
            self.by_file[config] = self.finish(base)
        return self.by_file[config]

    def all(self) -> list[Settings]:
        """Every distinct settings resolved so far, in a stable order."""
        if self.fixed is not None:
            return [self.fixed]
        return sorted(self.by_file.values(), key=lambda s: str(s.config_path or ""))


def settings_digest(settings: Settings, rules: Iterable[Any]) -> str:
    """What of the settings and rules changes what a file's audit produces, for its cache
    key (`per-file-ignores` are in each file's key, as the codes they turn off there: where
    the config sits on disk is not)."""
    import hashlib

    parts = (repr(_settings_key(settings)), ",".join(rule.code for rule in rules))
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:32]


def _settings_key(settings: Settings) -> tuple[object, ...]:
    return (
        settings.max_file_size,
        repr(sorted(settings.agents.items())),
        repr(sorted(settings.steps.items())),
        repr(sorted(settings.sdk.items())),
        settings.consequential_commands,
        settings.ignore_suppressions,
        settings.source_path,
        sorted(settings.severity.items()),
    )


class FileSettings(NamedTuple):
    """The settings of each file of a run: the distinct settings, and each file's choice
    (picklable, for worker processes)."""

    choices: tuple[Settings, ...]
    chosen: dict[str, int]  # by display path; a file not in it has the first choice

    @classmethod
    def of_candidates(cls, candidates: Iterable[Candidate], configs: Configs) -> FileSettings:
        """Each candidate's settings, from the config nearest to it."""
        choices: list[Settings] = []
        positions: dict[int, int] = {}  # id of a settings object -> its place in `choices`
        index: dict[str, int] = {}
        for candidate in candidates:
            settings = configs.for_directory(os.path.dirname(candidate.path))
            if id(settings) not in positions:
                positions[id(settings)] = len(choices)
                choices.append(settings)
            index[candidate.display] = positions[id(settings)]
        return cls(tuple(choices) or (configs.for_run([configs.cwd]),), index)

    @classmethod
    def uniform(cls, settings: Settings) -> FileSettings:
        """The same settings for every file."""
        return cls((settings,), {})

    def of(self, display: str) -> Settings:
        """The settings of the file shown as `display`."""
        return self.choices[self.chosen.get(display, 0)]

    def position(self, display: str) -> int:
        """Which of `choices` the file shown as `display` has."""
        return self.chosen.get(display, 0)


def command_line_configs(
    config_values: Sequence[str] | None,
    *,
    isolated: bool,
    flags: Mapping[str, Any],
    patterns: tuple[Sequence[str] | None, Sequence[str] | None, Sequence[str] | None],
    known_codes: Sequence[str],
) -> Configs:
    """The configs of a `check` run: `--config` values, `--isolated`, and the flags applied on
    top of every file's settings (`flags`: `apply_overrides`'s; `patterns`: `--exclude`,
    `--extend-exclude`, `--per-file-ignores`). Every settings read is checked for rule
    selectors that select nothing."""
    from auditor.config import apply_overrides, check_selectors

    given = ConfigArguments(config_values)
    exclude, extend_exclude, per_file_ignores = patterns
    fields = {
        **given.inline,
        **pattern_flags(exclude, extend_exclude),
        **per_file_ignores_flag(per_file_ignores),
    }

    def finish(settings: Settings) -> Settings:
        settings = apply_overrides(settings, fields=fields, **flags)
        check_selectors(settings, known_codes)
        return settings

    return Configs(given.file, isolated=isolated, finish=finish)
