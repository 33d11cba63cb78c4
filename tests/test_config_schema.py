"""The JSON Schema of the configuration: shipped, current, and in step with the validator."""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from auditor.config_file import FIELDS, ConfigError, settings_fields
from auditor.config_schema import schema, schema_text

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def test_the_shipped_schema_is_current() -> None:
    shipped = resources.files("auditor").joinpath("runaudit.schema.json").read_text("utf-8")
    assert shipped == schema_text(), (
        "auditor/runaudit.schema.json is stale: run "
        "`python -m auditor.config_schema > auditor/runaudit.schema.json`"
    )
    jsonschema.Draft202012Validator.check_schema(schema())


def test_every_key_of_the_settings_is_in_the_schema() -> None:
    assert set(schema()["properties"]) == {*FIELDS, "extend"}
    assert all(value.get("description") for value in schema()["properties"].values())


CONFIGS = [
    ('select = ["RA1"]\nignore = ["RA101"]\nfail-on = "error"\n', True),
    ('extend = "../pyproject.toml"\nextend-select = ["RA102"]\n', True),
    ('[per-file-ignores]\n"tests/*" = ["RA203"]\n', True),
    ('[severity]\nRA302 = "error"\n', True),
    ("timeout = 2.5\nmax-file-size = 1024\nrespect-gitignore = false\n", True),
    ('[agents.mine]\ncommands = ["mine"]\nexit-codes = { "75" = "rate limit" }\n', True),
    ('[steps]\ncalls = ["pkg.mod.step"]\n', True),
    ('[sdk]\nretries = "forbid"\n', True),
    ('[sdk.constructors.x]\nmodule = "x"\nclasses = ["X"]\n', True),
    ('[pipelines]\nconsequential = ["deploy"]\n', True),
    ('output-format = "sarif"\n', True),
    ('select = ["X1"]\n', False),
    ('fail-on = "fatal"\n', False),
    ("selct = []\n", False),
    ("timeout = 0\n", False),
    ('[steps]\ncalls = ["not a name"]\n', False),
    ('[sdk]\nretries = "sometimes"\n', False),
    ('[agents.mine]\ncomands = ["mine"]\n', False),
    ('output-format = "yaml"\n', False),
    ("force-exclude = 1\n", False),
]


@pytest.mark.parametrize(("text", "valid"), CONFIGS)
def test_schema_and_validator_agree(text: str, valid: bool) -> None:
    table: dict[str, Any] = tomllib.loads(text)
    by_schema = jsonschema.Draft202012Validator(schema()).is_valid(table)
    checked = {key: value for key, value in table.items() if key != "extend"}
    try:
        settings_fields(checked, Path("runaudit.toml"), "runaudit.toml")
        by_validator = True
    except ConfigError:
        by_validator = False
    assert (by_schema, by_validator) == (valid, valid)


def test_the_schema_is_json() -> None:
    assert json.loads(schema_text()) == schema()
