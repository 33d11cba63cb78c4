"""RA101 pipeline-status-masked."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from auditor.finding import Applicability, Edit, Finding, Fix, RelatedLocation, Severity, Span
from auditor.rule import Example, Rule
from auditor.shell.tiers import Tier
from auditor.shell.unit import ShellUnit

if TYPE_CHECKING:  # the shell model loads when a pipeline is there to check
    from auditor.shell.masking import MaskedPipeline
    from auditor.shell.stages import Pipeline, Stage

# Shells that may be dash or another shell rejecting `set -o pipefail` (dash 0.5.12 does).
_POSIX_SH = frozenset({"sh", "dash", "ash", "posh"})
# Pipefail switched off somewhere: turning it on at the top would not reach every pipeline.
_PIPEFAIL_OFF = re.compile(r"\+[A-Za-z]*o\s+pipefail|\bshopt\b[^\n;]*-[A-Za-z]*u[^\n;]*pipefail")
_SET_FLAGS = re.compile(r"[-+][A-Za-z]+")


class PipelineStatusMasked(Rule[ShellUnit]):
    """An agent's or a consequential step's failure is lost in a pipeline without `pipefail`.

    ## What it does
    Flags a pipeline (`a | b`, `a |& b`) whose exit status is used while
    `pipefail` is not in effect. Without `pipefail` a pipeline returns the
    status of its last stage, so a failure of any earlier stage is lost.

    The status is used under errexit (`set -e`), in an `if`/`elif`/`while`/
    `until` condition, as an operand of `&&`/`||` (but not `|| true`), when
    negated with `!`, when the next command reads `$?`, as the last command
    of the script or of a function, and in `x=$(a | b)` whose status is used.

    Severity, by what the masked stage is:
    - **error**: an agent run (`gptme …`, `claude -p …`; a `--version` or
      `--help` probe is not a run);
    - **warning**: consequential work the runner must see fail: a network
      fetch or transfer (`curl`, `wget`, `gh api`, `git clone|fetch|pull|push`,
      `scp`, `rsync`), a build, test, install or deploy step (`make`,
      `pytest`, `npm|pnpm|yarn test|run|build`, `cargo`, `go test|build`,
      `docker build|push`, `pip install`, `terraform`, `kubectl`), a script
      of the project that runs an agent and exits with a verdict of its own
      (`./loop.sh 10 | tee log`, `loop.sh` exiting 1 when the agent did not
      finish), or a command listed in `[tool.runaudit.pipelines] consequential`.
    A pipeline whose masked stages are only filters and probes (`find`,
    `grep`, `sort`, `jq`, `git log`, …) is RA102, which is off by default;
    so is the vendors' install line, a download a shell runs (`curl -fsSL
    URL | bash`, `| sudo -E bash -`), when the same run goes on to use the
    tool it installs (a later command of the script, the `RUN` or the
    recipe line, or a later step of the job, runs a program the URL names
    or is given a path to it, and its status is used, not `… || true`:
    `https://opencode.ai/install` then `opencode run …`) and only the run's
    end or an `&&` reads its status: a failed download fails the run there.
    Without such a use the run goes on without the tool (RA101), and a
    runner that tests the install's status (`if ! curl … | bash`, Python
    reading `returncode`) reports a failed download as installed (RA101).
    So is a signing key fetched into its import or a keyring file (`curl … |
    gpg --dearmor -o …`, `wget -O - … | apt-key add -`, `curl … | dd
    of=/usr/share/keyrings/x.gpg`) when the same run later refreshes a package
    index whose status is used (`apt-get update`): without the key the
    repository fails its signature check there; so is a package repository's
    setup script run by a shell (`curl … deb.nodesource.com/setup_22.x | bash
    -`) when the same run later installs packages (`apt-get install -y
    nodejs`); and a download unpacked or parsed as it arrives (`curl … | tar
    -xJ -C dir`, `| gunzip`, `| xz -d`, `| python3 -c "…json.load(sys.stdin)…"`,
    `| python3 -m json.tool`): the unpacker or parser fails on the empty or
    truncated stream a failed download leaves. So is a lookup captured into a
    variable (`V=$(curl -s … | grep … | cut …)`) whose emptiness the run tests
    afterwards (`if [ -z "$V" ]; then V=latest; fi`): a failed download prints
    nothing, and neither do the filters after it; and a release looked up for
    a later download's URL (`V=$(curl …/releases/latest | grep tag_name | sed
    …) && wget …/download/$V/…`), where that download fails on a missing file
    (`wget`, `curl -f`) and its failure stops the run: the empty name makes it
    fail.

    With `pipefail` on, a pipeline after which only `PIPESTATUS` is read, at
    other indices than an agent's (`cat p | claude -p | tee log` then
    `rc=${PIPESTATUS[0]}`: `cat`'s status), loses the agent's status all the
    same, and is flagged.

    Not flagged: `pipefail` in effect (`set -o pipefail`, `set -euo pipefail`,
    `shopt -so pipefail`, a `-o pipefail` shebang) but for that `PIPESTATUS`
    read, `${PIPESTATUS[@]}` (or
    the index of every stage that can fail) read right after, and pipelines
    whose earlier stages cannot meaningfully fail (`echo`, `printf`, `true`,
    `:`, `yes`, `cat` of a here-doc), nor a pipeline the script never gets to:
    in a loop after `((n++))` of a counter at 0 under errexit (`((0))` fails,
    and the script ends there). Unless a masked stage is an agent, also
    not flagged: a last stage that stops reading on purpose (`head`,
    `grep -q`, `grep -m`, `sed q`), where pipefail would add SIGPIPE failures,
    and a make recipe line that only prints (`cloc … | tail -1`).

    ## Why is this bad?
    `gptme "$PROMPT" 2>&1 | tee run.log` returns `tee`'s status: when the
    agent fails (rate limit, auth error, crash) the runner sees success,
    skips its retry or alert, and records a good run. `curl -fsSL "$URL" |
    sh` under `set -e` goes on after a failed download as if the install
    had run.

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
    The fix (`--fix --unsafe-fixes`) turns pipefail on. In a shell script it
    folds `pipefail` into the `set -e…` line at the top (`set -e` becomes
    `set -eo pipefail`, `set -eu` becomes `set -euo pipefail`) or adds a
    `set -o pipefail` line after the shebang and the leading comments and
    `set` lines. A Python `["bash", "-c", …]` argv gains `"-o", "pipefail"`;
    a `shell=True` command string gains a `set -o pipefail; ` prefix and the
    call `executable="/bin/bash"` (`/bin/sh` may be dash, which rejects
    `-o pipefail`). No fix is offered for `#!/bin/sh` scripts, scripts that
    switch pipefail off again, files that do not parse, pipelines whose last
    stage exits early (`| grep -q`: pipefail would fail on SIGPIPE, so the
    hint is `${PIPESTATUS[i]}`), pipelines after which only other stages'
    `PIPESTATUS` is read (pipefail would leave that read wrong: the hint is
    the agent's index), or other hosts (systemd, Actions, Dockerfiles,
    Makefiles: the hint says what to write).

    Turning pipefail on changes behaviour: `cmd | head` can start failing
    with SIGPIPE, and a stage that used to fail quietly now fails the
    pipeline. The fix is therefore unsafe.

    ## References
    - bash manual, "Pipelines" and "The Set Builtin" (`pipefail`, `PIPESTATUS`)
    - ShellCheck SC2312 (consider invoking this command separately)
    """

    code = "RA101"
    name = "pipeline-status-masked"
    severity = Severity.WARNING
    severities: ClassVar[tuple[Severity, ...]] = (Severity.ERROR, Severity.WARNING)
    tags = ("reliability", "pipelines")
    severity_note = "error when a masked stage runs an agent, warning for other consequential work"
    prefilter = ("|",)
    fixable = True

    BAD: ClassVar[tuple[Example, ...]] = (
        Example('#!/bin/bash\nset -e\ngptme "$PROMPT" 2>&1 | tee run.log\n', (("RA101", 3),)),
        Example('#!/bin/sh\nif curl -s "$URL" | jq .ok; then echo up; fi\n', (("RA101", 2),)),
        Example(
            '#!/bin/bash\necho "$P" | gptme - | tee log\nrc=${PIPESTATUS[0]}\n',
            (("RA101", 2),),
        ),
        Example('#!/bin/bash\nset -e\nclaude -p "$P" | grep -q DONE\n', (("RA101", 3),)),
    )
    GOOD: ClassVar[tuple[Example, ...]] = (
        Example('#!/bin/bash\nset -euo pipefail\ngptme "$PROMPT" 2>&1 | tee run.log\n'),
        Example('#!/bin/bash\nset -e\necho "$PROMPT" | grep -q rate\n'),
        Example('#!/bin/bash\ngptme "$P" | tee log\nstatus=("${PIPESTATUS[@]}")\n'),
        Example('#!/bin/bash\ngptme "$P" | tee log || true\necho done\n'),
        Example("#!/bin/bash\nset -e\nfiles=$(find . -name '*.md' | sort)\n"),  # RA102's
        Example("#!/bin/bash\nset -e\nv=$(gptme --version | head -1)\n"),
        Example('#!/bin/bash\nset -e\ncurl -s "$URL" | grep -q ok\n'),
    )

    # The tiers of masked stage this rule reports (RA102 reports the rest).
    tiers: ClassVar[frozenset[Tier]] = frozenset({Tier.AGENT, Tier.CONSEQUENTIAL})

    def check(self, unit: ShellUnit) -> Iterator[Finding]:
        """Yield a finding for every masked pipeline of this rule's tiers."""
        from auditor.shell.masking import masked_pipelines

        fixes: list[Fix | None] = []  # computed once, for the first finding that takes one
        for masked in masked_pipelines(unit):
            if masked.tier not in self.tiers:
                continue
            finding = self._report(unit, masked)
            if _pipefail_breaks(masked) or _reads_other_index(masked):
                # pipefail would fail on the early exit, or leave the wrong index read
                yield finding
                continue
            if not fixes:
                fixes.append(pipefail_fix(unit))
            yield finding._replace(fix=fixes[0])

    def _report(self, unit: ShellUnit, masked: MaskedPipeline) -> Finding:
        pipeline, lost = masked.pipeline, masked.lost
        names = _join([stage_name(pipeline, i) for i, _ in lost])
        plural = len(lost) > 1
        subject = f"exit status{'es' if plural else ''} of {names} {'are' if plural else 'is'}"
        where = f" in this {unit.where}" if unit.where else ""
        if masked.read is not None:
            shown = _join([f"`${{PIPESTATUS[{i}]}}`" for i in sorted(masked.read)])
            held = _join([f"`${{PIPESTATUS[{i}]}}`" for i, _ in lost])
            whose = "theirs are" if plural else f"`{lost[0][1].label}`'s is"
            message = (
                f"{subject} lost{where}: only {shown} is read after the pipeline, "
                f"and {whose} in {held}"
            )
        else:
            use = masked.use
            winner = stage_name(pipeline, len(pipeline.stages) - 1)
            taker = use.via if use is not None and use.via else "the pipeline"
            verb = "gets" if use is not None and use.via else "returns"
            reason = f", and {use.reason}" if use is not None else ""
            message = (
                f"{subject} lost{where}: without pipefail {taker} {verb} the status of "
                f"{winner}{reason}"
            )
        first_index, first = lost[0]
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
            severity=Severity.ERROR if masked.tier is Tier.AGENT else self.severity,
            hint=_hint(unit, masked, first_index),
            related=related,
        )


def stage_name(pipeline: Pipeline, index: int) -> str:
    """How a message names a stage: its command, with its position when the name repeats."""
    label = pipeline.stages[index].label
    if sum(stage.label == label for stage in pipeline.stages) > 1:
        return f"`{label}` (stage {index + 1})"
    return f"`{label}`"


def _pipefail_breaks(masked: MaskedPipeline) -> bool:
    """Whether the last stage exits early, so pipefail would fail on SIGPIPE."""
    from auditor.shell.masking import exits_early

    return exits_early(masked.pipeline.stages[-1])


def _reads_other_index(masked: MaskedPipeline) -> bool:
    """Whether only `PIPESTATUS` is read after the pipeline, at other stages' indices:
    pipefail would not change what the script reads."""
    return masked.read is not None and masked.use is None


def _hint(unit: ShellUnit, masked: MaskedPipeline, index: int) -> str:
    """What works here: pipefail, or `PIPESTATUS` where pipefail would break the pipeline,
    or a split command where the shell has neither."""
    label = masked.pipeline.stages[index].label
    if unit.offsets is None and _shebang_shell(unit.text.split("\n", 1)[0]) in _POSIX_SH:
        return (
            f"`/bin/sh` has neither pipefail nor `PIPESTATUS`: run `{label}` on its own with "
            "its output in a file, check its status, then filter the file"
        )
    if _reads_other_index(masked):
        return f"read `${{PIPESTATUS[{index}]}}`, `{label}`'s, right after the pipeline"
    if _pipefail_breaks(masked):
        sink = masked.pipeline.stages[-1].label
        return (
            f"read `${{PIPESTATUS[{index}]}}` right after the pipeline (pipefail would also "
            f"fail when `{sink}` stops reading early)"
        )
    return unit.pipefail_hint or (
        "add `set -o pipefail` (e.g. `set -euo pipefail` after the shebang), or read "
        f"`${{PIPESTATUS[{index}]}}` right after the pipeline"
    )


def pipefail_fix(unit: ShellUnit) -> Fix | None:
    """The unsafe fix that turns pipefail on for the whole unit, if one is well-defined."""
    if unit.offsets is not None:  # embedded shell: only hosts that know their own fix
        return unit.pipefail_fix
    text = unit.text
    if unit.script.parsed.unread_region() is not None or _PIPEFAIL_OFF.search(text):
        return None
    found = _script_edit(text)
    if found is None:
        return None
    edit, description = found
    return Fix((edit,), Applicability.UNSAFE, description)


def _script_edit(text: str) -> tuple[Edit, str] | None:
    """Fold `pipefail` into the leading `set -e…` line, or add a line after the header.

    The header is the shebang, then comment, blank and plain `set` lines. A new
    line goes after its last `set` line, else after its first comment block.
    """
    lines = text.split("\n")
    newline = "\r\n" if lines[0].endswith("\r") else "\n"
    offset = insert_at = 0
    in_comments = comments_done = sets_seen = False
    fold: tuple[Edit, str] | None = None
    for number, raw in enumerate(lines):
        line = raw.rstrip("\r")
        end = offset + len(raw) + 1
        stripped = line.strip()
        if number == 0 and line.startswith("#!"):
            if _shebang_shell(line) in _POSIX_SH:
                return None
            insert_at = end
        elif not stripped:
            comments_done = comments_done or in_comments
            in_comments = False
        elif stripped.startswith("#"):
            in_comments = not comments_done
            if in_comments and not sets_seen:
                insert_at = end
        else:
            words = _set_words(line, offset)
            if words is None:
                break
            if _turns_on_pipefail(words):
                return None  # on already, yet a finding: a new line would not help
            edit = _fold(words)
            if fold is None and edit is not None:
                before = stripped
                after = (text[offset : edit.start_offset] + edit.content).strip()
                after += text[edit.start_offset : offset + len(line)].rstrip()
                fold = edit, f"change `{before}` to `{after}` (line {number + 1})"
            sets_seen, insert_at = True, end
        offset = end
    if fold is not None:
        return fold
    insert_at = min(insert_at, len(text))
    content = f"set -o pipefail{newline}"
    if insert_at == len(text) and text and not text.endswith("\n"):
        content = newline + content
    line_number = text.count("\n", 0, insert_at) + 1
    return Edit(insert_at, insert_at, content), f"add `set -o pipefail` at line {line_number}"


def _shebang_shell(line: str) -> str:
    """The program a shebang runs, looking through `env` and its options."""
    words = line[2:].split()
    while words and words[0].rsplit("/", 1)[-1] == "env":
        words = [w for w in words[1:] if not w.startswith("-") and "=" not in w]
    return words[0].rsplit("/", 1)[-1] if words else ""


def _set_words(line: str, offset: int) -> list[tuple[str, int]] | None:
    """The words of a plain `set` line with their end offsets; None for any other line."""
    code = re.split(r"(?:^|\s)#", line, maxsplit=1)[0]
    words = [(m.group(), offset + m.end()) for m in re.finditer(r"\S+", code)]
    if len(words) < 2 or words[0][0] != "set":
        return None
    expects_name = False
    for word, _ in words[1:]:
        if expects_name:
            expects_name = False
            if not re.fullmatch(r"[a-z_-]+", word):
                return None
        elif _SET_FLAGS.fullmatch(word):
            expects_name = "o" in word
        else:
            return None
    return None if expects_name else words


def _turns_on_pipefail(words: list[tuple[str, int]]) -> bool:
    return any(
        name == "pipefail" and flag.startswith("-") and "o" in flag
        for (flag, _), (name, _) in itertools.pairwise(words)
    )


def _fold(words: list[tuple[str, int]]) -> Edit | None:
    """An edit turning pipefail on in this `set` line, if the line turns errexit on."""
    flags = words[1:]
    for word, end in flags:
        if word.startswith("-") and "e" in word and "o" not in word:
            return Edit(end, end, "o pipefail")  # `-eu` → `-euo pipefail`
    for (previous, _), (word, end) in itertools.pairwise(flags):
        if word == "errexit" and previous.startswith("-") and "o" in previous:
            return Edit(end, end, " -o pipefail")  # `-o errexit` → `-o errexit -o pipefail`
    if any(word.startswith("-") and "e" in word for word, _ in flags):
        end = words[-1][1]
        return Edit(end, end, " -o pipefail")  # `-euo nounset` → `… -o pipefail`
    return None


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
