"""What `--show-settings`, `--show-files`, `--show-fixes` and `--verbose` print.

Text from the config or the audited tree (patterns, file names, messages) is
escaped: strings in the settings as TOML basic strings, everything else through
`printable`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from auditor import __version__
from auditor.finding import Applicability, Finding, Report
from auditor.output.escape import printable
from auditor.output.summary import plural

if TYPE_CHECKING:
    from auditor.config import Settings
    from auditor.fixes import FileChange
    from auditor.output.summary import RuleClass

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
# What a TOML basic string may hold raw but a terminal would act on (DEL, C1 controls, line
# separators, bidi controls): written as `\uXXXX`, which TOML reads back as the character.
_RAW_CONTROLS = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
_TABLES = ("agents", "steps", "sdk", "pipelines")


def settings_text(settings: Settings, enabled: Sequence[RuleClass]) -> str:
    """The settings in effect, as TOML that `[tool.runaudit]` would accept."""
    config = settings.config_path or "none (the defaults)"
    lines = [
        f"# runaudit {__version__}: the settings in effect",
        f"# config file: {printable(str(config))}",
        f"# root: {printable(str(settings.root))}",
        "[tool.runaudit]",
    ]
    if settings.select is None:
        lines.append("# select: the default selection (every rule that is not opt-in)")
    values: dict[str, Any] = {
        "select": settings.select,
        "extend-select": settings.extend_select,
        "ignore": settings.ignore,
        "per-file-ignores": settings.per_file_ignores,
        "exclude": settings.exclude,
        "extend-exclude": settings.extend_exclude,
        "force-exclude": settings.force_exclude,
        "respect-gitignore": settings.respect_gitignore,
        "max-file-size": settings.max_file_size,
        "timeout": settings.timeout,
        "fail-on": settings.fail_on.value,
        "severity": {code: level.value for code, level in settings.severity.items()},
        "output-format": settings.output_format,
    }
    lines += [f"{key} = {toml_value(value)}" for key, value in values.items() if value is not None]
    for layer in settings.overrides:
        flags = {"--select": layer.select, "--extend-select": layer.extend_select}
        flags["--ignore"] = layer.ignore
        given = [f"{flag} {','.join(codes)}" for flag, codes in flags.items() if codes]
        lines.append("# command line: " + printable(" ".join(given)))
    if settings.ignore_suppressions:
        lines.append("# command line: --ignore-suppressions")
    for folder in settings.source_path:
        lines.append(f"# command line: --source-path {printable(str(folder))}")
    lines.append(f"# rules enabled: {', '.join(rule.code for rule in enabled)}")
    for name in _TABLES:
        table: Mapping[str, Any] = getattr(settings, name)
        if name == "agents":
            for agent, profile in table.items():
                lines += ["", f"[tool.runaudit.agents.{toml_key(agent)}]"]
                lines += [f"{toml_key(k)} = {toml_value(v)}" for k, v in profile.items()]
        elif table:
            lines += ["", f"[tool.runaudit.{name}]"]
            lines += [f"{toml_key(k)} = {toml_value(v)}" for k, v in table.items()]
    return "".join(f"{line}\n" for line in lines)


def toml_key(key: str) -> str:
    """A TOML key: bare when it can be, else quoted."""
    return key if _BARE_KEY.match(key) else toml_string(key)


def toml_string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's), safe to print on a terminal."""
    quoted = json.dumps(text, ensure_ascii=False)
    return _RAW_CONTROLS.sub(lambda match: f"\\u{ord(match.group()):04x}", quoted)


def toml_value(value: object) -> str:
    """A TOML value: strings as basic strings (JSON escapes are TOML escapes), tables inline."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, Mapping):
        pairs = ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items())
        return "{ " + pairs + " }" if pairs else "{}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return toml_string(str(value))


def files_text(paths: Iterable[str]) -> str:
    """One file a line, as reports show it."""
    return "".join(f"{printable(path)}\n" for path in paths)


def available_fixes_text(report: Report) -> str:
    """`--show-fixes` without `--fix`: each finding that has a fix, and the fix."""
    fixable = [finding for finding in report.findings if finding.fix is not None]
    if not fixable:
        return "No fixes available.\n"
    lines = [f"Fixes available for {plural(len(fixable), 'finding')}:"]
    lines += [f"- {_fix_line(finding)}" for finding in fixable]
    return "".join(f"{line}\n" for line in lines)


def _fix_line(finding: Finding) -> str:
    assert finding.fix is not None
    start = finding.span.start
    unsafe = finding.fix.applicability is Applicability.UNSAFE
    needs = " (with --unsafe-fixes)" if unsafe else ""
    where = f"{finding.path}:{start.line}:{start.column}"
    return printable(f"{where}: {finding.code}{needs}: {finding.fix.description}")


def applied_fixes_text(
    changes: Sequence[FileChange], names: Mapping[str, str], *, written: bool
) -> str:
    """`--show-fixes` with `--fix` (or `--diff`): the findings fixed, per file and code."""
    total = sum(len(change.codes) for change in changes)
    if not total:
        return "No findings fixed.\n" if written else "No findings would be fixed.\n"
    verb = "Fixed" if written else "Would fix"
    lines = [f"{verb} {plural(total, 'finding')}:"]
    for change in changes:
        lines.append(f"- {printable(change.path)}:")
        for code in sorted(set(change.codes)):
            name = names.get(code, "")
            lines.append(f"    {change.codes.count(code)} x {code} ({name})")
    return "".join(f"{line}\n" for line in lines)


def verbose_text(report: Report, configs: Sequence[Settings], elapsed: float) -> str:
    """`--verbose`: the configs used, files passed over or sourced, and where time went."""
    lines = [
        f"config: {settings.config_path}" if settings.config_path else "config: none, the defaults"
        for settings in configs
    ]
    lines += [f"{note.path}: {note.message}" for note in report.notes]
    stages = ", ".join(f"{stage} {seconds:.2f} s" for stage, seconds in report.timings.items())
    checked = plural(report.files_checked, "file")
    lines.append(f"{checked} audited in {elapsed:.2f} s" + (f" ({stages})" if stages else ""))
    return "".join(f"runaudit: {printable(line)}\n" for line in lines)
