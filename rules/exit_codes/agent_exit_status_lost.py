"""RA203 agent-exit-status-lost."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from auditor.finding import Finding, RelatedLocation, Severity
from auditor.kinds import FileKind, Host
from auditor.rule import Example, Rule

if TYPE_CHECKING:  # the analysis loads when a file needs it, not with the rule
    from auditor.agent_status import AgentUnit, LostStatus


class AgentExitStatusLost(Rule["AgentUnit"]):
    """The runner throws the agent's exit status away.

    ## What it does
    Flags an agent invocation whose status nothing reads: `agent … || true`
    (or an `|| echo ""` that says nothing), an agent followed by other commands
    with no errexit and no `$?` read, a status kept in a variable that nothing
    reads (`agent … || rc=$?`, or `rc=$?` right after it), also by a function
    of a sourced library that leaves it in a global (`run_agent`, "sets
    EXIT_CODE", also `EXIT_CODE=${PIPESTATUS[0]}`) where the calling script
    never reads that global, or kept inside a subshell `( …; rc=$? )` where
    only a message shows it while the script tests `rc` after the subshell
    (its own value: no assignment in a subshell reaches the script around it,
    ShellCheck's SC2031), an `agent &` that is never waited for,
    waited for only by a bare `wait` (which returns 0 whatever its jobs did), or
    whose `wait "$pid"` status nothing reads; in Python, `subprocess.run([agent…])`
    without `check=True` whose result is never read, or read only to show its
    output (`print(r.stdout or r.stderr)`, a logger's call), `os.system(agent…)`
    whose value is dropped, a `Popen` (or an asyncio process) never waited, or
    waited with `wait()`'s result dropped and `returncode` never read, also one
    a helper of the module starts and returns (`proc = self._spawn(p)`), and one
    kept on the instance (`self.proc = Popen(…)`) that no method of its class
    waits for or polls. A script of the audited tree that runs an agent, started by
    its path (`Popen(["./tools/fix.sh", path])`), is an agent run too. A function
    of the audited tree whose parameter reaches a process launch (`def
    run_command(cmd): return subprocess.run(cmd)`, in this module or another)
    launches whatever argv its callers give it, built by a helper or a builder
    method (`run_command(ClaudeCommand(p).build())`): the status is lost when
    the function never reads it, or returns it to a caller that drops it. So
    does a function or method that runs the agent itself and returns its
    result, exit code or success flag without testing it
    (`AgentRunner.run`), wherever the call graph resolves a call of it (an
    instance kept in `self.runner`, in another module) and the caller drops
    what it returns or binds it to a name nothing reads. An
    argv is an agent's when any definition that reaches the launch makes it
    one (a command built in each arm of an `if`), and a program named
    through the environment counts by its default
    (`os.getenv("CLAUDE_PATH", "claude")`).

    An agent in a pipeline whose status nothing reads (`claude -p … | tee
    log` then more commands) is reported here, as it would be without the
    `| tee`, and the message names the stage whose status the pipeline
    returns instead. A status lost only through a pipeline (the pipeline's
    status is used, but it is another stage's) is RA101's finding and is not
    reported again.

    Not reported, because the status is not lost there:
    - the script's or a function's own exit status: its last command, also
      the last command of a branch of a final `if` or `case`, whose status
      bash returns to the caller;
    - a run judged by its output: the script examines what it wrote or
      printed afterwards (the log it wrote, its `tee` file, the text it
      captured) with a test, a `case`, or a command that examines text
      (`grep` for a marker, `jq` of a `--output-format json` result), in a
      `set +e … set -e` window or not, even behind `|| true`; also line by line,
      where a `while read line` loop fed by a pipe, a file or a fifo tests the
      lines (`case "$line" in *DONE*)`); showing the output (`echo "$out"`,
      `| while read line; do echo …`) or appending it to a log is not examining
      it. A file the run must produce counts: one its
      prompt names, tested or examined afterwards (`[ -f .done ]`, `grep -q DONE
      STATE.md`, `$OUT/brief.md`), and, when the prompt cannot be read (a prompt
      file on stdin, `$(cat …)` of a file, a value known only at run time; a
      here-doc spliced in, `"$(cat <<EOF … EOF)"`, is read), any file the run's loop (or,
      outside a loop, the rest of its function or script) examines, except one
      tested to decide whether the agent runs at all, one its prompt is computed
      from (`prompt=$(yq … "$CONFIG")`, through the variables that hold it, or a
      value read before the run that only its prompt expands, `desc=$(jq … "$ISSUES")`
      for `"Fix: $desc"`), and one
      whose existence the next round tests first without naming work done (`[ -f
      .stop ]`: its operator's signal; `yq -i` edits a file and examines nothing).
      An agent whose output is its
      function's output is judged where every caller examines what it captured
      (`r=$(run_turn …)`, then a test of `$r`), and one whose function (or a
      function defined in it) writes to a file the caller names, where the caller
      examines that file; a copy of the captured output (`text="$out"`, `last=$(echo
      "$out" | tail -n 1)`, a file it wrote read back as `x=$(cat "$f" | tr -d ' ')`, the
      reply of another run given it as context and judging it) examined counts as the
      output; handing it to another run's prompt (`claude -p "/build: $PLAN"`) is not
      examining it. A capture that prints a stand-in when the run fails (`r=$(claude
      … || echo "NOT_FOUND")`) is not judged by a test that finds its marker in that
      text behind a word negating it (`grep -qi FOUND`, also `-v`; not `grep -w`, nor
      `ERROR` in `CLAUDE_ERROR`, the failure's own signal): the failed run takes the
      branch of an answer, and its status is lost. In a loop, a round that ends with
      `continue` after the run is judged only by a check before that `continue` or
      before the loop's first run
      (next time round), not by one further down that judges a later run. In Python
      a file the run must produce counts too: one its argv or its output stream
      names read or tested soon after (`["codex", "exec", "-o", out, …]`, then
      `open(out)`), or a path tested for existence right after it (`if
      summary.exists(): …`), also when the run's result is kept and never read; and
      an embedded shell's run is judged by its host examining what it printed
      (`"401" in result.stdout`, not `print(result.stdout)`). A test that the output is
      not empty (`if out:`, `len(out) == 0`) judges the run only for an agent that writes
      its errors to stderr: claude and aider print theirs as their answer (`Invalid API
      key · Please run /login`), so theirs must be searched for the failure (the
      profile's `answers-errors`). A stream read a line at a time (`for line in
      proc.stdout`, `readline()`) is examined by what the code does with its lines:
      a blank line skipped judges nothing, and a line parsed as a JSON event
      (`--output-format stream-json`, `codex exec --json`) is examined only by a field
      or a value that says how the run went (`"type": "error"`, `is_error`, a
      `status`, a marker searched in its text), not by taking events apart for their
      text (`type == "message"`, `content`); lines gathered into a list and joined are
      the output again;
    - an interactive session a person drives: an agent CLI started with none of its
      headless words (`claude` without `-p`, `codex` without `exec`) and the terminal
      as its input and output (no pipe, redirection or capture in shell; in Python no
      `stdin=`, `stdout=`, `input=`, `capture_output=` or `**options`, and no
      `*spread` or `extend` of a value that may hold a headless option), waited for:
      how it ended is that person's to see;
    - an agent in a tmux pane that the script (or the Python module that
      starts it) reads back afterwards (`capture-pane`/`pipe-pane`), judged
      by that output; and the last command of a line typed into a pane's
      shell (`tmux send-keys -t pane "claude -p …" Enter`), whose status that
      shell keeps as `$?` (a pane's shell-command, `new-session "claude -p …"`,
      ends the pane and its status with it);
    - a run whose effect the code checks right after and gives up without, in
      any branch of the check (`claude "install jq"; if ! command -v jq; then exit
      1; fi`, a run of the project's tests, `if ! npm test; then exit 1; fi`, a
      check of what changed in the git work tree that fails the function,
      `if git diff --name-only --diff-filter=U | grep -q .; then return 1; fi`), or
      records as failed in a variable a later test reads (`else failed+=("$b")`,
      `((missing++))`, `npm test || FAILED=1`, then `[[ ${#failed[@]} -gt 0 ]]`), or in Python
      `run(["claude"])`, `token = read_token()`, `if token: … else: return False`;
      also a Python run that ends its function, where each call of the function
      is checked so: `open_session(p)`, then `if not done(p): return False`);
      a linter, type checker or build is such a check only where it also ran
      before the run, which was to make it pass (`npm run typecheck || ok=false`
      again after `claude -p "Fix the type errors"`); and so is the check of a
      fix loop, run again each turn, whose failure is what runs the agent (`if !
      verify_build; then claude -p "Fix the build"; fi` in a loop); the check may
      come after statements that change nothing the run did: messages (also a
      function of the script that only prints one, `log "…"`), a removed file,
      a flag, a value looked at (`changed=$(git diff --name-only)`), and an `if`
      with no `else` that leaves when its test holds (`if [ -z "$(git status
      --porcelain)" ]; then return 0; fi`), and a check whose status the next
      statement reads (`npm test`, then `if [ $? -ne 0 ]; then exit 1; fi`); giving up
      may be a function that always ends the script (`die "…"`, as `exit 1`); in a
      GitHub Actions job, a later step that runs the project's tests or checks that
      the work tree changed, and so fails the job without it (`bun test`, `if git diff
      --quiet; then exit 1; fi`), judges a run an earlier step drops the status of;
    - the call of a function that reads the agent's status and acts on a failure
      before it returns one (cleans up, counts it, calls a handler; also a block
      up: `failed=$((failed + 1))`, then `if [ "$stop" = y ]; then return 1`),
      or of a function whose every run is the call of such a function: nothing
      of the agent's status reaches the caller unhandled;
    - a run followed by a `read` from the terminal, also after a message or two
      (`claude …; echo "Press Enter"; read` in a tmux
      pane kept open until Enter): the person who presses it has seen how the
      run ended (not a `read` from a file, a descriptor, or with a timeout);
    - a launcher: a script that starts its last agent in the background, shows
      the person who ran it the pid (`echo "PID: $pid"`, not only into a file)
      and ends, telling at most: the job is theirs to follow (`tail -f`) and to
      stop; not a loop that starts one each time round, nor a script that goes
      on (`sleep 600; git commit`);
    - a probe (`gptme --version`, `claude --help`), which is not an agent run;
    - a run the script never gets to: in a loop after `((n++))` of a counter
      at 0 under errexit (`((0))` fails, and the script ends there);
    - a Python `run()` whose `check=` is an expression (`check=strict`): that
      is left to its caller;
    - a status read that cannot hold the agent's is reported too, at the read
      (as ShellCheck's SC2319 is), the run as its related location:
      `if ! agent …; then rc=$?` (inside the branch `$?` is the negation's
      status, always 0, also for `if ! agent | tee …` and for a function that
      runs the agent, whatever status it returns), and a `$?` read in the
      branch that runs on failure after a command that always succeeds
      (`else kill "$pid" || true; rc=$?` reads the status of `|| true`) or shows
      `$?` after any other command (`else mark_failed; echo "exit code: $?"` shows
      that command's status), a `$?`
      read after the `fi` of an `if agent …; then … fi` with no `else` (the `if`'s
      status: 0 when the agent failed and no branch ran), and a
      `$?` read right after `agent … || true` or `wait "$pid" || true` (the
      status of the list, always 0; also `${PIPESTATUS[0]}` when the agent is
      not a masked stage, and a read after the `fi` of the branch the list
      ends; right after `agent … || true` itself it is reported at the run,
      whose `|| true` is what to replace), and a `$?` read right after the
      `wait` for a background job that ends with `agent … || true`
      (`(timeout 1200 codex … || true) > out &`,
      later `wait "$pid"; rc=$?`: the job's status, always 0; reported at the
      run, whose `|| true` is what to remove), and a `$?` read after plain
      assignments that follow the run or its `wait` (`wait "$pid"; pid="";
      return $?`: the last assignment's status, always 0), even when the output
      is examined too: the script meant to decide on the status (not after a
      job started with `&`, whose `wait` reads it, nor under errexit, where a
      failed run ends the script first);
    - a `wait` in a function counts where the function is last called
      (`finish() { wait "$PID"; }` defined above `agent & PID=$!; finish`), its
      argument bound to the call's word, unless the function starts jobs of
      its own;

    In a loop (`while true`, `while :`, a Ralph loop) the same test applies:
    a run whose status nothing reads and whose output nothing examines is
    reported, because a permanent failure (expired credentials, exhausted
    quota, a missing binary) then spins the loop forever unseen.

    ## Why is this bad?
    A run that hit a rate limit, an auth error or a crash looks like a
    success: the runner commits, pushes, or schedules the next step on top of
    a failed one, and nothing records that it failed. Without pipefail, a
    `| tee log` hides the agent's status even from a runner that reads `$?`.

    ## Example
    ```bash
    gptme --non-interactive "$TASK" || true
    git push

    claude -p "$TASK" | tee run.log   # `tee`'s status, read by nothing
    echo "done"
    ```

    ## Use instead
    ```bash
    if ! gptme --non-interactive "$TASK"; then
        echo "agent failed" >&2; exit 1
    fi
    git push

    claude -p "$TASK" | tee run.log
    rc=${PIPESTATUS[0]}   # or `set -o pipefail` and `… | tee run.log || rc=$?`
    echo "agent exited $rc"

    while :; do   # a schedule judged by its output: the log is examined
        claude -p "$(cat PROMPT.md)" | tee -a run.log
        grep -q '<done/>' run.log && break
        sleep 600
    done
    ```

    ## References
    - bash manual, "Exit Status" and "Pipelines" (`PIPESTATUS`, `pipefail`)
    - Python `subprocess.run(check=True)`
    """

    code = "RA203"
    name = "agent-exit-status-lost"
    severity = Severity.WARNING
    tags = ("reliability", "exit-codes")
    hosts = frozenset({Host.SHELL, Host.PYTHON})
    prefilter_agents = True

    BAD = (
        Example('#!/bin/bash\ngptme "$T" || true\ngit push\n', (("RA203", 2),)),
        Example('#!/bin/bash\nclaude -p "$T" | tee run.log\necho done\n', (("RA203", 2),)),
        Example(
            '#!/bin/bash\nwhile :; do\n  claude -p "$T" | tee -a run.log\n  sleep 600\ndone\n',
            (("RA203", 3),),
        ),
        Example(
            '#!/bin/bash\nif gemini -p "$T"; then\n  exit 0\nfi\nrc=$?\necho "failed: $rc"\n',
            (("RA203", 5),),
        ),
        Example(
            "import subprocess\nsubprocess.run(['gptme', 'x'])\n",
            (("RA203", 2),),
            kind=FileKind.PYTHON,
            filename="example.py",
        ),
        Example(
            "import subprocess\n\ndef run_command(cmd):\n    return subprocess.run(cmd)\n\n"
            "run_command(['claude', '-p', 'fix the build'])\n",
            (("RA203", 6),),
            FileKind.PYTHON,
            "example.py",
        ),
    )
    GOOD = (
        Example('#!/bin/bash\nif ! gptme "$T"; then exit 1; fi\ngit push\n'),
        Example('#!/bin/bash\nclaude -p "$T" | tee run.log\nrc=${PIPESTATUS[0]}\nexit "$rc"\n'),
        Example(
            '#!/bin/bash\nfor i in {1..20}; do\n  out=$(claude -p "$T") || true\n'
            '  grep -q DONE <<<"$out" && break\ndone\n'
        ),
        Example(
            '#!/bin/bash\nfor i in {1..20}; do\n  out=$(claude -p "$T" 2>&1)\n'
            '  grep -q DONE <<<"$out" && break\ndone\n'
        ),
        Example('#!/bin/bash\nrun() {\n  echo start\n  gptme "$1"\n}\nrun x\n'),
        Example(
            '#!/bin/bash\ntmux new-session -d -s pair\ntmux send-keys -t pair "claude" Enter\n'
        ),
        Example(
            "import subprocess\nsubprocess.run(['gptme', 'x'], check=True)\n",
            kind=FileKind.PYTHON,
            filename="example.py",
        ),
        Example(
            "import subprocess\n\ndef run_command(cmd):\n    return subprocess.run(cmd)\n\n"
            "if run_command(['claude', '-p', 'fix the build']).returncode:\n"
            "    raise SystemExit(1)\n",
            kind=FileKind.PYTHON,
            filename="example.py",
        ),
    )

    def check(self, unit: AgentUnit) -> Iterator[Finding]:
        """Yield a finding for each agent invocation whose status is discarded."""
        for lost in unit.agent_status().lost:
            start, end, related = lost.start, lost.end, lost.related
            if lost.read is not None:  # at the read that cannot hold it, the run related
                run = unit.host_span(lost.start, lost.end)
                ran = RelatedLocation(unit.source.path, run, f"`{lost.call.label}` runs here")
                (start, end), related = lost.read, (ran, *related)
            yield self.finding(
                unit,
                start,
                end,
                f"exit status of `{lost.call.label}` is lost: {lost.how}",
                hint=_hint(lost),
                related=related,
                at=lost.host,
            )


def _hint(lost: LostStatus) -> str:
    """What to do about a lost status, in a way that works where it is lost: a pipeline
    without pipefail, a `NAME=$(…)`, the background."""
    if lost.hint is not None:
        return lost.hint
    masked, discard = lost.masked, lost.discard
    instead = f"write `|| rc=$?` instead of `{discard}`" if discard else None
    if lost.background:
        wait = 'wait for it: `pid=$!` after it, then `wait "$pid" || rc=$?`'
        return wait if masked is None else f"add `set -o pipefail` and {wait}"
    if masked is None:
        if instead is not None:
            return f"{instead} and check `rc`"
        return "check it: `if ! agent …; then …`, `agent … || rc=$?`, or `check=True`"
    if masked.captured is not None:
        # PIPESTATUS is set inside the substitution: outside it, only pipefail helps.
        name = masked.captured
        return (
            f"add `set -o pipefail` so `{name}=$(…)` returns `{lost.call.label}`'s status, "
            f"and {instead or f'capture it with `{name}=$(…) || rc=$?`'}"
        )
    pipestatus = f"read `${{PIPESTATUS[{masked.stage}]}}` right after the pipeline"
    if instead is not None:
        return f"add `set -o pipefail` and {instead}, or {pipestatus}"
    return (
        f"{pipestatus}, or add `set -o pipefail` and capture it with "
        f"`… | {masked.winner} … || rc=$?`"
    )
