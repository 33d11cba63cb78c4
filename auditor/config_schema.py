"""The JSON Schema of runaudit's configuration, generated from the one definition of its
keys (`config_file.FIELDS` and the keys of its tables), so that TOML editors (Even Better
TOML, taplo) complete and check `[tool.runaudit]` and `runaudit.toml`.

`python -m auditor.config_schema > auditor/runaudit.schema.json` regenerates the
shipped copy; a test fails when it is stale.
"""

from __future__ import annotations

import json
from typing import Any

from auditor.config_file import (
    AGENT_KEYS,
    FIELDS,
    MAX_FILE_SIZE_LIMIT,
    MAX_SDK_RETRIES,
    MAX_TIMEOUT,
    PIPELINES_KEYS,
    SDK_CONSTRUCTOR_KEYS,
    SDK_KEYS,
    SDK_RETRIES,
    STEPS_KEYS,
)
from auditor.finding import Severity

SCHEMA_ID = "https://github.com/runaudit/runaudit/raw/main/auditor/runaudit.schema.json"
_CODE = {"type": "string", "pattern": r"^(ALL|RA\d{0,3})$"}
_STRINGS = {"type": "array", "items": {"type": "string"}}
_DOTTED = {"type": "string", "pattern": r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$"}
_SEVERITY = {"type": "string", "enum": [s.value for s in Severity], "description": "a severity"}


def _closed(properties: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    assert set(properties) == set(keys), (sorted(properties), keys)  # one definition
    return {"type": "object", "properties": properties, "additionalProperties": False}


def _tables() -> dict[str, dict[str, Any]]:
    agent = _closed(
        {
            "commands": {**_STRINGS, "description": "command names that run this agent"},
            "exit-codes": {
                "type": "object",
                "description": "exit status -> meaning",
                "patternProperties": {r"^\d{1,3}$": {"type": "string"}},
                "additionalProperties": False,
            },
            "documented": {"type": "boolean", "description": "the codes are documented"},
            "headless": {
                "type": "array",
                "items": {"type": "string"},
                "description": "options or subcommands that make a run headless (`-p`)",
            },
            "read-only": {
                "type": "array",
                "items": {"type": "string"},
                "description": "options that let a run change nothing (`--chat-mode ask`)",
            },
        },
        AGENT_KEYS,
    )
    constructor = _closed(
        {
            "module": _DOTTED,
            "classes": {"type": "array", "items": _DOTTED},
            "keyword": {"type": "string"},
            "default": {"type": "integer", "minimum": 0, "maximum": MAX_SDK_RETRIES},
        },
        SDK_CONSTRUCTOR_KEYS,
    )
    constructor["required"] = ["module", "classes"]
    return {
        "agents": {
            "type": "object",
            "description": "agent profiles: commands and exit-code meanings",
            "additionalProperties": agent,
        },
        "steps": _closed(
            {"calls": {"type": "array", "items": _DOTTED, "description": "step callables"}},
            STEPS_KEYS,
        ),
        "sdk": _closed(
            {
                "retries": {"type": "string", "enum": list(SDK_RETRIES)},
                "constructors": {"type": "object", "additionalProperties": constructor},
            },
            SDK_KEYS,
        ),
        "pipelines": _closed(
            {"consequential": {**_STRINGS, "description": "stages whose masked failure is RA101"}},
            PIPELINES_KEYS,
        ),
    }


# The JSON Schema of the values each validator of `config_file` accepts.
_BY_CHECK: dict[str, dict[str, Any]] = {
    "codes": {"type": "array", "items": _CODE},
    "patterns": {"type": "array", "items": {"type": "string"}},
    "boolean": {"type": "boolean"},
    "severity": _SEVERITY,
    "size": {"type": "integer", "exclusiveMinimum": 0, "maximum": MAX_FILE_SIZE_LIMIT},
    "seconds": {"type": "number", "exclusiveMinimum": 0, "maximum": MAX_TIMEOUT},
    "severities": {
        "type": "object",
        "propertyNames": _CODE,
        "additionalProperties": _SEVERITY,
    },
    "per_file_ignores": {
        "type": "object",
        "additionalProperties": {"type": "array", "items": _CODE},
    },
}

_DESCRIPTIONS = {
    "select": "rules to run: codes or prefixes (`ALL`)",
    "ignore": "rules to skip: codes or prefixes",
    "extend-select": "rules to add to the selection (`RA102` is off by default)",
    "per-file-ignores": "gitignore-style pattern -> codes skipped in matching files",
    "exclude": "gitignore-style patterns of files never audited (replaces the defaults)",
    "extend-exclude": "more patterns of files never audited",
    "force-exclude": "apply the excludes to paths named on the command line too",
    "fail-on": "the lowest severity that makes the run fail (default: warning)",
    "severity": "rule code or prefix -> the severity its findings get",
    "max-file-size": "files larger than this many bytes are not audited (RA901)",
    "respect-gitignore": "skip files git ignores (default: true)",
    "output-format": "the report's format when no flag or RUNAUDIT_OUTPUT_FORMAT says",
    "timeout": "seconds one file's analysis may take; a file past it is not audited (RA901)",
    "steps": "agent step callables (RA301), by qualified name",
    "sdk": 'LLM SDK clients (RA401): `retries = "forbid"`, extra constructors',
    "pipelines": "`consequential`: commands whose masked failure is RA101, not RA102",
}


def schema() -> dict[str, Any]:
    """The configuration's JSON Schema (draft 2020-12)."""
    from auditor.output import FORMATS

    tables = _tables()
    properties: dict[str, Any] = {
        "extend": {
            "type": "string",
            "description": "another config file whose settings this one extends, relative to "
            "this file (`../pyproject.toml`)",
        }
    }
    for key, check in FIELDS.items():
        if key in tables:
            properties[key] = tables[key]
        elif key == "output-format":
            properties[key] = {"type": "string", "enum": list(FORMATS)}
        else:
            properties[key] = dict(_BY_CHECK[check.__name__])
        if key in _DESCRIPTIONS:
            properties[key]["description"] = _DESCRIPTIONS[key]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "runaudit configuration",
        "description": "`[tool.runaudit]` in pyproject.toml, or the top level of runaudit.toml",
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
    }


def schema_text() -> str:
    """The schema as the shipped file holds it."""
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    import sys

    sys.stdout.write(schema_text())
