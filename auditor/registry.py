"""The rule registry, derived from the rule classes, never a hand-kept list.

Built-in rules are every `Rule` subclass defined in a module under the
`rules` package; third-party rules come from the `runaudit.rules` entry-point
group of installed distributions (never from a config file). A rule module
that fails to import is an error that stops the run, not a log line.
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
from typing import Any

import rules as builtin_rules
from auditor.errors import UserError
from auditor.rule import Rule

RuleClass = type[Rule[Any]]
PLUGIN_GROUP = "runaudit.rules"


class RuleLoadError(UserError):
    """A rule module or entry point could not be loaded."""


def _rules_in_module(module: object) -> list[RuleClass]:
    found = []
    for _, value in sorted(vars(module).items()):
        if (
            isinstance(value, type)
            and issubclass(value, Rule)
            and value is not Rule
            and value.__module__ == getattr(module, "__name__", None)
        ):
            found.append(value)
    return found


def _rule_modules() -> list[str]:
    """The modules of the `rules` package's families (`rules.pipeline.pipeline_status_masked`).

    Listed from the package's folders: `pkgutil.walk_packages` imports `inspect`,
    which costs more than a pre-commit run should spend on finding eight files.
    """
    names = []
    for base in builtin_rules.__path__:
        for family in sorted(os.scandir(base), key=lambda entry: entry.name):
            if not family.is_dir() or not os.path.isfile(os.path.join(family, "__init__.py")):
                continue
            for entry in sorted(os.listdir(family)):
                stem, suffix = os.path.splitext(entry)
                if suffix == ".py" and not stem.startswith("_"):
                    names.append(f"{builtin_rules.__name__}.{family.name}.{stem}")
    return names


def _builtin() -> list[RuleClass]:
    found: list[RuleClass] = []
    for name in _rule_modules():
        try:
            module = importlib.import_module(name)
        except Exception as error:
            raise RuleLoadError(f"rule module {name} failed to import: {error}") from error
        found.extend(_rules_in_module(module))
    return found


def _declared_plugins() -> bool:
    """Whether an installed distribution may declare a `runaudit.rules` entry point.

    `importlib.metadata` costs more to import than a pre-commit run on one file
    should take, so the distributions' `entry_points.txt` files are searched
    for the group's name first; the metadata API loads the plugins when one
    has it (or when a path cannot be listed, to be safe).
    """
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except NotADirectoryError:
            continue  # a zip archive: no installed distributions in it
        except OSError:
            continue  # a missing path holds nothing
        for name in names:
            if not name.endswith((".dist-info", ".egg-info")):
                continue
            try:
                with open(os.path.join(entry or ".", name, "entry_points.txt"), "rb") as file:
                    if f"[{PLUGIN_GROUP}]".encode() in file.read():
                        return True
            except OSError:
                continue
    return False


def _plugins() -> list[RuleClass]:
    if not _declared_plugins():
        return []
    from importlib.metadata import entry_points

    found: list[RuleClass] = []
    for point in entry_points(group=PLUGIN_GROUP):
        try:
            loaded = point.load()
        except Exception as error:
            raise RuleLoadError(f"rule plugin {point.name} failed to load: {error}") from error
        if isinstance(loaded, type) and issubclass(loaded, Rule):
            found.append(loaded)
        else:
            found.extend(_rules_in_module(loaded))
    return found


@functools.cache
def all_rules() -> tuple[RuleClass, ...]:
    """Every rule class, sorted by code; duplicate codes are an error."""
    by_code: dict[str, RuleClass] = {}
    for rule in [*_builtin(), *_plugins()]:
        if rule.code in by_code and by_code[rule.code] is not rule:
            raise RuleLoadError(f"two rules claim {rule.code}: {by_code[rule.code]} and {rule}")
        by_code[rule.code] = rule
    return tuple(by_code[code] for code in sorted(by_code))


def rule_by_code(code: str) -> RuleClass | None:
    """The rule with this code, if any."""
    return next((rule for rule in all_rules() if rule.code == code.upper()), None)
