"""The rule plugin API: one class per rule, documented and tested by its examples."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar, Generic, Literal, NamedTuple, Protocol, TypeVar, runtime_checkable

from auditor.finding import Finding, Fix, RelatedLocation, Severity, Span
from auditor.kinds import FileKind, Host
from auditor.source import SourceFile


class Located(Protocol):
    """What a rule reads: a unit that knows its file and maps its offsets there."""

    @property
    def source(self) -> SourceFile: ...

    def host_span(self, start: int, end: int) -> Span: ...


@runtime_checkable
class Redacting(Protocol):
    """A unit holding values read from other files, which messages must not print."""

    def redact(self, text: str) -> str: ...


UnitT = TypeVar("UnitT", bound=Located)

DOC_SECTIONS = ("What it does", "Why is this bad?", "Example", "Use instead", "References")
DOCS_URL = "https://github.com/runaudit/runaudit/blob/main/docs/rules.md#"
# How often a rule's findings are real problems, in SARIF's words (code scanning sorts by it).
Precision = Literal["very-high", "high", "medium", "low"]


class Example(NamedTuple):
    """A rule example: source text and the findings it must produce (code, line)."""

    source: str
    expect: tuple[tuple[str, int], ...] = ()
    kind: FileKind = FileKind.SHELL
    filename: str = "example.sh"


class Rule(Generic[UnitT]):
    """Base class of every rule. Subclasses set the class attributes and `check`."""

    code: ClassVar[str]
    name: ClassVar[str]
    severity: ClassVar[Severity]
    hosts: ClassVar[frozenset[Host]] = frozenset({Host.SHELL})
    # Substrings of which at least one must occur in a file for the rule to run
    # on it; empty means "always". Lets the engine skip parsing files no rule needs.
    prefilter: ClassVar[tuple[str, ...]] = ()
    # Add every agent command name of the run's profiles to `prefilter`.
    prefilter_agents: ClassVar[bool] = False
    # Also run on a file whose text can call an agent step: a step callable of the
    # catalogue or a launcher of the tree, named with its module (python/step_needles.py).
    prefilter_steps: ClassVar[bool] = False
    # Also run on a file that calls an SDK client constructor of the run's catalogue
    # (the built-in ones, and those a config adds): `NAME(` for each class name.
    prefilter_sdk: ClassVar[bool] = False
    # A second condition: when set, one of these must occur as well.
    prefilter_also: ClassVar[tuple[str, ...]] = ()
    # Also meet the second condition with the name of a retry decorator or helper that
    # a module of the tree defines (`relaunch_on_error`, imported from another module).
    prefilter_also_tree_retries: ClassVar[bool] = False
    fixable: ClassVar[bool] = False
    # Off unless selected (`extend-select = ["RA102"]`), as ShellCheck keeps its
    # optional checks and ruff keeps rules out of its default `select`.
    selected_by_default: ClassVar[bool] = True
    # When findings take more than one severity: which, and when ("error for …").
    severity_note: ClassVar[str] = ""
    # Every severity its findings can take, when they vary (highest first); else `severity`.
    severities: ClassVar[tuple[Severity, ...]] = ()
    # What SARIF viewers filter by (`reliability`, the rule's family) and how sure a finding is.
    tags: ClassVar[tuple[str, ...]] = ()
    precision: ClassVar[Precision] = "high"
    BAD: ClassVar[tuple[Example, ...]] = ()
    GOOD: ClassVar[tuple[Example, ...]] = ()

    @classmethod
    def summary(cls) -> str:
        """The first line of the docstring."""
        return (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else cls.name

    @classmethod
    def documentation(cls) -> str:
        """The docstring without its summary line, dedented."""
        import inspect

        doc = inspect.cleandoc(cls.__doc__ or "")
        return doc.split("\n", 1)[1].strip() if "\n" in doc else ""

    @classmethod
    def facts(cls) -> str:
        """Severity, fix and default selection, in one line for `explain` and the docs."""
        fix = "unsafe fix available" if cls.fixable else "no automatic fix"
        severity = cls.severity_note or cls.severity.value
        selected = (
            "selected by default"
            if cls.selected_by_default
            else f'not selected by default (enable with `extend-select = ["{cls.code}"]` '
            f"or `--extend-select {cls.code}`)"
        )
        return f"Severity: {severity}. Fix: {fix}. Rule: {selected}."

    @classmethod
    def severity_range(cls) -> tuple[Severity, ...]:
        """The severities its findings can take, highest first."""
        return cls.severities or (cls.severity,)

    @classmethod
    def severity_label(cls) -> str:
        """The severity as listings show it: a range (`error / warning`) when it varies."""
        return " / ".join(severity.value for severity in cls.severity_range())

    @classmethod
    def url(cls) -> str:
        """Where the rule's documentation lives."""
        return f"{DOCS_URL}{cls.code.lower()}-{cls.name}"

    def check(self, unit: UnitT) -> Iterator[Finding]:
        """Yield the findings of this rule in one unit."""
        raise NotImplementedError

    def finding(
        self,
        unit: UnitT,
        start: int,
        end: int,
        message: str,
        *,
        severity: Severity | None = None,
        hint: str | None = None,
        fix: Fix | None = None,
        related: tuple[RelatedLocation, ...] = (),
        at: Span | None = None,
    ) -> Finding:
        """A finding at unit offsets `start`..`end`, mapped to the host file (`at`: a span
        of the host file itself instead, such as the host's call that runs the unit)."""
        if isinstance(unit, Redacting):
            message = unit.redact(message)
            hint = unit.redact(hint) if hint is not None else None
            related = tuple(r._replace(message=unit.redact(r.message)) for r in related)
        return Finding(
            path=unit.source.path,
            span=at if at is not None else unit.host_span(start, end),
            code=self.code,
            name=self.name,
            severity=severity or self.severity,
            message=message,
            hint=hint,
            fix=fix,
            related=related,
            url=self.url(),
        )
