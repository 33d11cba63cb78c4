"""RA401 sdk-retries-stacked."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from auditor.finding import (
    Applicability,
    Edit,
    Finding,
    Fix,
    Position,
    RelatedLocation,
    Severity,
    Span,
)
from auditor.kinds import FileKind, Host
from auditor.project import RetriedUse, module_name
from auditor.rule import Example, Rule

if TYPE_CHECKING:  # libcst loads only when a file is analysed, never at start-up
    import libcst as cst

    from auditor.python.module import PythonModule, PythonUnit

OPENAI_BAD = """\
import tenacity
from openai import OpenAI

client = OpenAI()


@tenacity.retry(stop=tenacity.stop_after_attempt(6))
def ask(prompt):
    return client.chat.completions.create(model="m", messages=[prompt])
"""

OPENAI_GOOD = """\
import tenacity
from openai import OpenAI

client = OpenAI(max_retries=0)


@tenacity.retry(stop=tenacity.stop_after_attempt(6))
def ask(prompt):
    return client.chat.completions.create(model="m", messages=[prompt])
"""


class SdkRetriesStacked(Rule["PythonUnit"]):
    """An LLM SDK client retries on its own under the application's retry layer.

    ## What it does
    Finds clients of the OpenAI, Anthropic and Groq SDKs (and constructors
    added in config) whose own retries are on (the keyword is absent, so the
    SDK default of 2 applies, or resolves to a non-zero value), and whose
    requests run under a retry construct of the application: a tenacity,
    backoff, retrying or stamina decorator or loop, a retry decorator written
    in the audited tree, or a hand-written retry loop. With
    `[tool.runaudit.sdk] retries = "forbid"`, every client with retries on is
    flagged, retry layer or not.

    ## Why is this bad?
    Each outer attempt fans out into several physical sends: a decorator
    with 5 attempts around a client with `max_retries=5` sends up to 30
    requests, behind the application's back. Its send allowance, its backoff
    and its rate-limit handling no longer bound what reaches the provider.

    ## Example
    ```python
    client = OpenAI()  # 2 SDK retries: 3 sends per request

    @tenacity.retry(stop=stop_after_attempt(6))
    def ask(prompt):
        return client.chat.completions.create(...)
    ```

    ## Use instead
    ```python
    client = OpenAI(max_retries=0)  # the decorator owns recovery
    ```

    ## Fix safety
    Setting `max_retries=0` changes runtime behaviour (fewer sends per outer
    attempt), so the fix is unsafe.

    ## References
    - OpenAI Python SDK: "Retries" (`max_retries`, default 2)
    - Anthropic Python SDK: "Retries" (`max_retries`, default 2)
    """

    code = "RA401"
    name = "sdk-retries-stacked"
    severity = Severity.WARNING
    hosts = frozenset({Host.PYTHON})
    # A construction in this file: `OpenAI(`, `AsyncAnthropic(`, `Groq(`, a derivation.
    prefilter = ("OpenAI(", "Anthropic(", "Groq(", "AnthropicBedrock(", "AnthropicVertex(")
    fixable = True

    BAD = (Example(OPENAI_BAD, (("RA401", 4),), FileKind.PYTHON, "example.py"),)
    GOOD = (
        Example(OPENAI_GOOD, (), FileKind.PYTHON, "example.py"),
        Example(
            "from openai import OpenAI\nclient = OpenAI()\n"
            "def ask():\n    return client.chat.completions.create(model='m')\n",
            (),
            FileKind.PYTHON,
            "example.py",
        ),
    )

    def check(self, unit: PythonUnit) -> Iterator[Finding]:
        """Yield a finding at each client construction whose requests are retried twice."""
        module = unit.module
        if module is None:
            return
        from auditor.python.retries import CallFailure, retry_constructs
        from auditor.python.sdk import find_clients
        from auditor.python.sdk_catalog import load_sdk

        sdk = unit.sdk or load_sdk()
        constants = {name: summary.constants for name, summary in unit.project.python.items()}
        constructs = retry_constructs(unit)
        for client in find_clients(module, sdk, constants):
            if client.retries == 0:
                continue
            layers = [
                construct
                for reference in client.references
                for construct in constructs
                if construct.retries(reference, CallFailure()) is not None
            ]
            start, end = module.span(client.call)
            fix = _fix(module, client.call, client.keyword)
            elsewhere = _retried_elsewhere(unit, client.exported) if not layers else None
            sdk_part = (
                f"{client.sends} SDK attempts (`{client.keyword}={client.retries}`"
                + ("" if client.explicit else ", the default")
                + ")"
            )
            if not layers and elsewhere is not None:
                use, path = elsewhere
                attempts = f" ({use.attempts} attempts)" if use.attempts else ""
                total = (
                    f" = up to {use.attempts * client.sends} sends"
                    if use.attempts and client.sends
                    else ""
                )
                message = (
                    f"{use.label}{attempts} in `{path}` × {sdk_part}{total}: "  # noqa: RUF001
                    f"`{client.label}` retries under the application's own retries"
                )
                if client.retries is None:
                    message = (
                        f"cannot prove `{client.label}`'s retries are disabled, and `{path}` "
                        f"sends its requests under {use.label}"
                    )
                span = Span(Position(use.line, use.column), Position(use.line, use.column + 1))
                yield self.finding(
                    unit,
                    start,
                    end,
                    message,
                    severity=Severity.INFO if client.retries is None else None,
                    hint=f"pass `{client.keyword}=0`: the retry layer owns recovery",
                    fix=fix if client.retries is not None else None,
                    related=(RelatedLocation(path, span, f"{use.label} re-sends the request"),),
                )
                continue
            if not layers:
                if sdk.forbid:
                    yield self.finding(
                        unit,
                        start,
                        end,
                        f"`{client.label}` retries on its own ({sdk_part}), and this project "
                        'owns recovery (`retries = "forbid"`)',
                        hint=f"pass `{client.keyword}=0`",
                        fix=fix,
                    )
                continue
            construct = layers[0]
            r_start, r_end = module.span(construct.node)
            related = (
                RelatedLocation(
                    unit.source.path,
                    unit.host_span(r_start, r_end),
                    f"{construct.describe()} re-sends the request",
                ),
            )
            if client.retries is None:
                yield self.finding(
                    unit,
                    start,
                    end,
                    f"cannot prove `{client.label}`'s retries are disabled, and its requests run "
                    f"under {construct.describe()}",
                    severity=Severity.INFO,
                    hint=f"pass `{client.keyword}=0` explicitly",
                    related=related,
                )
                continue
            total = (
                f" = up to {construct.attempts * client.sends} sends"
                if construct.attempts is not None and client.sends is not None
                else ""
            )
            yield self.finding(
                unit,
                start,
                end,
                f"{construct.describe()} × {sdk_part}{total}: `{client.label}` retries "  # noqa: RUF001
                "under the application's own retries",
                hint=f"pass `{client.keyword}=0`: the retry layer owns recovery",
                fix=fix,
                related=related,
            )


def _retried_elsewhere(
    unit: PythonUnit, exported: tuple[str, ...]
) -> tuple[RetriedUse, str] | None:
    """Another module of the tree that uses one of these names under a retry decorator."""
    if not exported:
        return None
    own = next(
        (name for name, s in unit.project.python.items() if s.path == unit.source.path),
        module_name(Path(unit.source.path)),
    )
    for summary in unit.project.python.values():
        for use in summary.retried_imports:
            same = (
                use.module == own
                or own.endswith("." + use.module)
                or use.module.endswith("." + own)
            )
            if same and use.name in exported and summary.path != unit.source.path:
                return use, summary.path
    return None


def _fix(module: PythonModule, call: cst.Call, keyword: str) -> Fix | None:
    """`keyword=0` replacing a literal value, or added after the last argument."""
    text = module.source.text
    for argument in call.args:
        if argument.keyword is not None and argument.keyword.value == keyword:
            v_start, v_end = module.span(argument.value)
            edit = Edit(v_start, v_end, "0")
            return Fix((edit,), Applicability.UNSAFE, f"set `{keyword}=0`")
        if argument.star == "**":
            return None
    start, end = module.span(call)
    close = text.rfind(")", start, end)
    if close < 0:
        return None
    if not call.args:
        edit = Edit(close, close, f"{keyword}=0")
    else:
        last_start, last_end = module.span(call.args[-1].value)
        between = text[last_end:close]
        if "\n" in between:
            line_start = text.rfind("\n", 0, last_start) + 1
            indent = text[line_start:last_start][
                : len(text[line_start:last_start]) - len(text[line_start:last_start].lstrip(" \t"))
            ]
            if "," in between:
                position = last_end + between.index(",") + 1
                edit = Edit(position, position, f"\n{indent}{keyword}=0,")
            else:
                edit = Edit(last_end, last_end, f",\n{indent}{keyword}=0,")
        else:
            edit = Edit(last_end, last_end, f", {keyword}=0")
    return Fix((edit,), Applicability.UNSAFE, f"add `{keyword}=0`")
