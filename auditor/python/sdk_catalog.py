"""LLM SDK client constructors, read once from `rules/data/sdk.toml` and config.

Kept apart from the analysis so the engine can load it without libcst.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from rules import builtin_data


class SdkConstructor(NamedTuple):
    """A client class and the keyword that sets its retries."""

    qualified: str  # "openai.OpenAI"
    keyword: str
    default: int


class SdkCatalog(NamedTuple):
    """Every client constructor, the methods deriving clients, and the project's policy."""

    constructors: Mapping[str, SdkConstructor]
    derivers: frozenset[str]
    forbid: bool = False  # `retries = "forbid"`: the project owns recovery

    @property
    def names(self) -> tuple[str, ...]:
        """Class names, for prefilters."""
        return tuple(sorted({q.rsplit(".", 1)[-1] for q in self.constructors}))


def load_sdk(config: Mapping[str, Any] | None = None) -> SdkCatalog:
    """The built-in constructors with `[tool.runaudit.sdk]` applied."""
    data = builtin_data("sdk")
    tables = dict(data["constructors"])
    tables.update((config or {}).get("constructors", {}))
    constructors = {
        f"{table['module']}.{cls}": SdkConstructor(
            f"{table['module']}.{cls}", table.get("keyword", "max_retries"), table.get("default", 2)
        )
        for table in tables.values()
        for cls in table.get("classes", ())
    }
    forbid = (config or {}).get("retries") == "forbid"
    return SdkCatalog(constructors, frozenset(data["derivers"]["methods"]), forbid)
