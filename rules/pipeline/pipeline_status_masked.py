"""RA101 pipeline-status-masked."""

from __future__ import annotations

from collections.abc import Iterator

from auditor.finding import Finding, RelatedLocation, Severity, Span
from auditor.rule import Example, Rule
from auditor.shell.model import Pipeline, Stage
from auditor.shell.status import ALL_INDICES, StatusUse, pipestatus_indices, status_use
from auditor.unit import ShellUnit


class PipelineStatusMasked(Rule[ShellUnit]):
    """A pipeline's status is used without `pipefail`, so a failing stage is lost.

    ## What it does
    Flags a pipeline (`a | b`, `a |& b`) whose exit status is used while
    `pipefail` is not in effect. Without `pipefail` a pipeline returns the
    status of its last stage, so a failure of any earlier stage is lost.

    The status is used under errexit (`set -e`), in an `if`/`elif`/`while`/
    `until` condition, as an operand of `&&`/`||` (but not `|| true`), when
    negated with `!`, when the next command reads `$?`, as the last command
    of the script or of a function, and in `x=$(a | b)` whose status is used.

    Not flagged: `pipefail` in effect (`set -o pipefail`, `set -euo pipefail`,
    `shopt -so pipefail`, a `-o pipefail` shebang), `${PIPESTATUS[@]}` (or
    the index of every stage that can fail) read right after, and pipelines
    whose earlier stages cannot meaningfully fail (`echo`, `printf`, `true`,
    `:`, `yes`, `cat` of a here-doc).

    ## Why is this bad?
    `gptme "$PROMPT" 2>&1 | tee run.log` returns `tee`'s status: when the
    agent fails (rate limit, auth error, crash) the runner sees success,
    skips its retry or alert, and records a good run. Severity is `error`
    when a masked stage is an agent invocation, `warning` otherwise.

    ## Example
    ```bash
    #!/bin/bash
    set -e
    gptme "$PROMPT" 2>&1 | tee run.log
    ```

    ## Use instead
    ```bash
    #!/bin/bash
    set -euo pipefail
    gptme "$PROMPT" 2>&1 | tee run.log
    ```

    ## Fix safety
    Adding `set -o pipefail` changes behaviour: `cmd | head` can start
    failing with SIGPIPE. The fix is therefore unsafe.

    ## References
    - bash manual, "Pipelines" and "The Set Builtin" (`pipefail`, `PIPESTATUS`)
    - ShellCheck SC2312 (consider invoking this command separately)
    """

    code = "RA101"
    name = "pipeline-status-masked"
    severity = Severity.WARNING
    prefilter = ("|",)

    BAD = (
        Example('#!/bin/bash\nset -e\ngptme "$PROMPT" 2>&1 | tee run.log\n', (("RA101", 3),)),
        Example('#!/bin/sh\nif curl -s "$URL" | jq .ok; then echo up; fi\n', (("RA101", 2),)),
        Example(
            '#!/bin/bash\necho "$P" | gptme - | tee log\nrc=${PIPESTATUS[0]}\n',
            (("RA101", 2),),
        ),
    )
    GOOD = (
        Example('#!/bin/bash\nset -euo pipefail\ngptme "$PROMPT" 2>&1 | tee run.log\n'),
        Example('#!/bin/bash\nset -e\necho "$PROMPT" | grep -q rate\n'),
        Example('#!/bin/bash\ngptme "$P" | tee log\nstatus=("${PIPESTATUS[@]}")\n'),
        Example('#!/bin/bash\ngptme "$P" | tee log || true\necho done\n'),
    )

    def check(self, unit: ShellUnit) -> Iterator[Finding]:
        """Yield a finding for every masked pipeline whose status is used."""
        for pipeline in unit.script.pipelines:
            finding = self._check_pipeline(unit, pipeline)
            if finding is not None:
                yield finding

    def _check_pipeline(self, unit: ShellUnit, pipeline: Pipeline) -> Finding | None:
        if pipeline.options.pipefail:
            return None
        masked = [(i, stage) for i, stage in enumerate(pipeline.stages[:-1]) if not stage.trivial]
        if not masked:
            return None
        read = pipestatus_indices(pipeline.node)
        unread = [(i, s) for i, s in masked if read is None or i not in read]
        if read is not None and (ALL_INDICES in read or not unread):
            return None
        use = status_use(pipeline.node, pipeline.options, unit.script, negated=pipeline.negated)
        if use is None and read is None:
            return None
        return self._report(unit, pipeline, unread, read, use)

    def _report(
        self,
        unit: ShellUnit,
        pipeline: Pipeline,
        unread: list[tuple[int, Stage]],
        read: set[int] | None,
        use: StatusUse | None,
    ) -> Finding:
        agents = [(i, s) for i, s in unread if s.agent is not None]
        ordered = agents + [(i, s) for i, s in unread if s.agent is None]
        names = _join([f"`{stage.label}`" for _, stage in ordered])
        winner = pipeline.stages[-1].label
        plural = "statuses" if len(ordered) > 1 else "status"
        verb = "are" if len(ordered) > 1 else "is"
        where = f" in this {unit.where}" if unit.where else ""
        if read is not None:
            shown = ", ".join(f"`${{PIPESTATUS[{i}]}}`" for i in sorted(read))
            where = _join([f"`${{PIPESTATUS[{i}]}}`" for i, _ in ordered])
            message = (
                f"exit {plural} of {names} {verb} lost{where}: only {shown} is read after the "
                f"pipeline, but the {plural} of {names} {verb} in {where}"
            )
        else:
            reason = use.reason if use is not None else ""
            message = (
                f"exit {plural} of {names} {verb} lost{where}: without pipefail the pipeline "
                f"returns `{winner}`'s status, and {reason}"
            )
        first_index, first = ordered[0]
        hint = unit.pipefail_hint or (
            "add `set -o pipefail` (e.g. `set -euo pipefail` after the shebang), or read "
            f"`${{PIPESTATUS[{first_index}]}}` right after the pipeline"
        )
        related = (
            RelatedLocation(
                unit.source.path,
                _program_span(unit, first),
                f"`{first.label}` runs here; its exit status is discarded",
            ),
        )
        p_start, p_end = unit.script.parsed.span(pipeline.node)
        if not unit.is_verbatim(p_start, p_end):
            # Computed text (a resolved f-string) comes from several places: point
            # at the pipe after the masked stage, which is written in the host.
            p_start, p_end = _pipe_after(unit, pipeline, first)
        return self.finding(
            unit,
            p_start,
            p_end,
            message,
            severity=Severity.ERROR if agents else Severity.WARNING,
            hint=hint,
            related=related,
        )


def _program_span(unit: ShellUnit, stage: Stage) -> Span:
    """Where the masked stage's program is written (one character if it was computed)."""
    node = stage.node
    if stage.command is not None:
        name = stage.command.node.child_by_field_name("name")
        node = name if name is not None else stage.command.node
    start, end = unit.script.parsed.span(node)
    if not unit.is_verbatim(start, end):
        end = start + 1
    return unit.host_span(start, end)


def _pipe_after(unit: ShellUnit, pipeline: Pipeline, stage: Stage) -> tuple[int, int]:
    """The `|` (or `|&`) that follows a stage."""
    pipes = []
    stack = [pipeline.node]
    while stack:
        node = stack.pop()
        if node.type in ("|", "|&") and node.start_byte >= stage.node.end_byte:
            pipes.append(node)
        stack.extend(node.children)
    if not pipes:
        return unit.script.parsed.span(stage.node)
    return unit.script.parsed.span(min(pipes, key=lambda node: node.start_byte))


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
