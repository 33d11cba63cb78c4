"""RA301 blanket-retry-around-step."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from auditor.finding import Finding, RelatedLocation, Severity
from auditor.kinds import FileKind, Host
from auditor.rule import Example, Rule

if TYPE_CHECKING:
    from auditor.python.runner.retries import RetryConstruct
    from auditor.python.runner.retry_types import Retry
    from auditor.python.runner.step_calls import Steps
    from auditor.python.runner.steps import StepCall, StepCatalog
    from auditor.python.unit import PythonUnit

_MAX_RELATED = 6
_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_STEP_HINT = (
    "let transport recovery retry the LLM request below the step (an uncommitted "
    "generation); never wrap the step or tool execution in a retry"
)


def _within_reported(
    construct: RetryConstruct,
    hits: list[tuple[StepCall, Retry]],
    found: list[tuple[RetryConstruct, list[tuple[StepCall, Retry]]]],
) -> bool:
    """Whether a loop re-runs only steps that a loop around it re-runs too, after every
    failure it does (an attempt loop inside an outer retry loop, around one call): one
    defect, reported once, at the outer loop. An inner loop that retries more widely
    (after any failure, the outer one only after some) keeps its own finding."""
    calls = {id(step.call) for step, _ in hits}
    blanket = any(retry.blanket for _, retry in hits)
    start, end = construct.span
    return construct.loop is not None and any(
        other is not construct
        and other.loop is not None
        and other.span[0] < start
        and end <= other.span[1]
        and calls <= {id(step.call) for step, _ in others}
        and (any(retry.blanket for _, retry in others) or not blanket)
        for other, others in found
    )


def _names(unit: PythonUnit) -> frozenset[str]:
    """Every dotted name the module imports (a step function may only be referenced)."""
    from auditor.python.runner.steps import import_aliases

    return frozenset(import_aliases(unit.module).values()) if unit.module else frozenset()


class BlanketRetryAroundStep(Rule["PythonUnit"]):
    """A retry re-runs an agent step, tool execution or agent process after it failed.

    ## What it does
    Finds retry constructs around agent steps in Python: tenacity (`@retry`,
    `Retrying`), backoff, retrying, stamina and the retry package
    (`@retry.retry(tries=3)`), also under the project's own name (`llm_retry
    = tenacity.retry(…)`), retry decorators written in the audited tree, and
    loops (`for … in range(n)`, `while`, a loop over the
    pauses between attempts whose body sleeps for the item: `for delay in
    (1, 5, 30):`, `enumerate(DELAYS + [0])`, a loop over alternatives for the
    same work that leaves at the first success: `for model in MODELS:`, a
    list of agents to fail over to) where a failed step
    leads to another iteration (an `except` that does not re-raise, a non-zero
    `returncode` that does not `break`, `return` or `raise`). Steps are
    `gptme.chat.step`, tool execution (`ToolUse.execute`,
    `gptme.tools.execute_msg`, a tool the agent chose, taken from the program's tool
    registry by a name known only at run time: `self.tools[name](**args)`, `tool =
    self._tool_map.get(call.name)` then `tool.execute(…)`), agent process launches,
    and functions of the audited tree that launch the agent, in this module or
    another: also a
    method that a class calls on `self` and a subclass defines (a retry
    mixin's `run()` re-running `self._execute()`), a call that gives a
    function of the tree the agent argv it runs (`run_command(argv)`), and a
    call of a parameter that callers give a process call and an agent's argv
    (`func(*args)` in `resilient_call(func, *args)`, called
    `resilient_call(subprocess.run, ["claude", …])`), or a step function
    (`retry_with_backoff(Runner.run, agent, items)`). An agent object a
    library makes (LangGraph's `create_react_agent(model, tools)`, LangChain's
    `create_agent`, `AgentExecutor`) runs a whole agent loop, tools included, each
    time it is run (`invoke`, `stream`, `ainvoke`, `astream`, `batch`): such a
    run is a step wherever the call graph's values say the receiver holds one (a
    parameter its callers hand the agent, an attribute, a global), and so is a
    function of the tree that runs one; one given no tools (`[]`) only answers,
    and a bounded retry loop around one that keeps its state in a checkpointer
    (`checkpointer=`, or a spread mapping that may give one) resumes on its
    thread with its tools' results kept, and is not flagged. A
    helper that returns whether the agent succeeded (`return proc.returncode
    == 0`, or a tuple such as `return ok, out, kind`) fails when that flag is
    false: `if ok: break` re-runs it on failure (a literal `return True, why`
    counts only where the function decides on the run's status: elsewhere it is
    a verdict on what the run said, as a judge agent's); so does a result object
    whose field says so (`RunResult(success=proc.returncode == 0)`, or a
    result type whose classes default the field, `Ok`'s `success: bool =
    True` and `Err`'s `False`, made directly or by a one-line factory such as
    `def failure(e): return Err(e)`), or a word it returns (`return "ok" if ok else
    "fail"`, also where `ok` is the first item of what a launcher of another module
    returns). A worker loop that takes its work from a queue and puts a failed item back
    on it (`await redis.rpush(TASKS, raw)` after `blpop(TASKS)`, `queue.put_nowait(job)`
    after `queue.get()`, `pending.append(p)` after `pending.pop(0)`) re-runs that item on
    a later turn: the queue is its retry layer. A step made again in the branch that
    the first test of what it gave takes on a failure (`answer = run_codex(p)`, then
    `if answer is None: answer = run_codex(p, model=FALLBACK)`; also `if
    text.startswith("Claude error"):`, `if not r.success:`, `if r.returncode != 0:`),
    its value taking the first one's place (given the same names, or returned), is a
    second attempt, a straight-line retry, reported at that `if` whatever arguments
    the second call changes (inside a loop, the loop is the retry). So is a step made
    again on the same input (the same arguments, but for the model, session or timeout
    it runs with) in an `except` clause that catches every failure of the `try` around
    the first (`except Exception:`, a bare `except:`), reported at that clause; one given
    another task (`query(prompt="Revert …")`) is not, and a clause that catches a narrow
    failure (`except FileNotFoundError:`) is a targeted recovery. A loop that goes round only
    when the failure's text mentions a word (`"timeout" in result.error`) is a narrowed
    retry, as is one that goes round only under a test of its own
    (`if is_transient(out): sleep(5)` with `else: raise`, or `retryable =
    is_transient(e)` tested later). A loop that a
    success goes round only by `continue` (`if score is None: continue`, a
    retry of some answers) is still a retry loop: a failure that goes round
    along a branch of its own (`if proc.returncode != 0: … continue`) is
    re-run. A launcher whose every run sits in a `try` with a clause that
    catches every failure and raises nowhere, after which it only returns a
    plain value, raises only before the agent runs: a loop that re-runs it
    after an exception repeats nothing. The agent is recognised
    through its argv's every reaching definition and environment defaults
    (`Path(os.getenv("CLAUDE_PATH", "claude"))`). The
    finding sits at the retry construct; the step call (and the launcher's
    definition) are related locations. A module's retry helper given the step
    (`with_retry(run_claude, p)`, `with_retry(lambda: self._attempt(p))`,
    `with_retry(functools.partial(run_claude, p))`), also a static or class
    method called through its class (`Recovery.with_backoff(run, policy)`), is
    reported at that call, as a decorator is where it is applied: each call that
    hands it a step is a defect of its own, and the helper's loop none. Severity
    is error for a blanket retry (bare `except`, `Exception`, tenacity without
    `retry=`, any non-zero exit) and warning when the retry is narrowed to some failures. A bounded
    loop that resumes a named session only on the transient exit (75) or a
    rate-limit marker is the intended recovery and is not flagged. A retry
    whose `except` goes on only after testing the failure (`if "overloaded"
    not in str(e): raise`) is narrowed; a step inside a `try` that catches
    every exception and returns never reaches the retry, and a `--version`
    probe is not a step, nor is an Agent SDK `query` whose options give the
    agent no tool (`tools=[]`, `disallowed_tools=["*"]`, `permission_mode=
    "plan"`, built at the call, in a local name or by a method of the module),
    nor an agent process whose options let it change nothing (the profiles'
    `read-only` options: aider `--chat-mode ask` or `--dry-run`, claude
    `--permission-mode plan`, codex `--sandbox read-only`): it only answers.
    Nor is a loop whose `except` falls through to the rest of the iteration,
    where the test that ends the loop after a success ends it after the failure
    too (`except Exception: log(…)`, then `if done(): break`):
    both go the same way, and the next round is new work. Nor is a service's
    poll loop that a success leaves only at its pause (`if stop.wait(60):
    break`) and a failure may leave the same way, at a backoff of its own:
    each poll takes new work; one whose failure jumps round with no way out
    is still a retry. Nor is a loop, helper or decorator that goes round only
    when the failure says the program never started (its text: `Cannot find
    module`, `ENOENT`, `command not found`, the steps' `not-started-markers`,
    also through a predicate of the module given the text; or its class:
    `BlockingIOError`, fork's EAGAIN, the `not-started-exceptions`): nothing
    ran, nothing repeats.

    ## Why is this bad?
    A step that failed half-way has already run tools: files written, commits
    made, messages sent. Running it again runs them again, on top of the first
    run's side effects. Transport recovery belongs below the tools, around a
    generation that has not been committed; an agent process that failed
    should be resumed (a named session, on the transient code) or left failed,
    never started over blindly.

    ## Example
    ```python
    from gptme.chat import step
    from tenacity import retry, stop_after_attempt

    @retry(stop=stop_after_attempt(5))
    def run_turn(log, workspace):
        for msg in step(log, stream=False, confirm=lambda _: True, workspace=workspace):
            log.append(msg)
    ```

    ## Use instead
    ```python
    from gptme.chat import step

    def run_turn(log, workspace):
        # the provider call inside `step` already retries transient API errors
        for msg in step(log, stream=False, confirm=lambda _: True, workspace=workspace):
            log.append(msg)
    ```

    ## References
    - gptme's recovery design: "never wrap `chat.step()` or tool execution in a blanket retry"
    - sysexits(3): EX_TEMPFAIL (75), "try again later"
    """

    code = "RA301"
    name = "blanket-retry-around-step"
    severity = Severity.ERROR
    severities = (Severity.ERROR, Severity.WARNING)
    tags = ("reliability", "retries")
    precision = "medium"
    hosts = frozenset({Host.PYTHON})
    # A finding needs a step: an agent launch (agent names), a step callable, or a
    # launcher of the audited tree.
    prefilter_agents = True
    prefilter_steps = True
    # A retry construct must be there too: a retry library, or a loop that catches
    # failures or tests a result.
    prefilter_also = (
        "retry",
        "Retry",
        "attempt",  # `for attempt in range(3): if run(…): return` tests the call itself
        "tries",
        "backoff",
        "stamina",
        "except",
        "returncode",
        "wait(",
        "== 0",
        "!= 0",
        "if not ",
        "while not ",  # `while not run_agent(task):` runs it again while it fails
        # a success flag (`result.success`, `ok, out = run(…)` then `if ok:`, `outcome.status
        # == …`)
        "success",
        "if ok",
        ".status",
        ".ok",
        ".error",
    )
    prefilter_also_tree_retries = True

    BAD = (
        Example(
            "from gptme.chat import step\nfrom tenacity import retry, stop_after_attempt\n\n"
            "@retry(stop=stop_after_attempt(5))\ndef turn(log):\n"
            "    for msg in step(log, stream=False):\n        log.append(msg)\n",
            (("RA301", 4),),
            FileKind.PYTHON,
            "example.py",
        ),
        Example(
            "import subprocess\n\ndef run(prompt):\n    while True:\n"
            "        r = subprocess.run(['gptme', '--non-interactive', prompt])\n"
            "        if r.returncode == 0:\n            break\n",
            (("RA301", 4),),
            FileKind.PYTHON,
            "example.py",
        ),
        Example(
            "import subprocess\n\nclass Retrying:\n    def run(self):\n"
            "        for attempt in range(3):\n            if self._execute() == 0:\n"
            "                return\n\nclass Fix(Retrying):\n    def _execute(self):\n"
            "        return subprocess.run(['claude', '-p', 'fix it']).returncode\n",
            (("RA301", 5),),
            FileKind.PYTHON,
            "example.py",
        ),
    )
    GOOD = (
        Example(
            "import subprocess, time\n\ndef run(session, prompt):\n    for attempt in range(5):\n"
            "        r = subprocess.run(['gptme', '--name', session, prompt])\n"
            "        if r.returncode != 75:\n            return r.returncode\n"
            "        time.sleep(60)\n",
            kind=FileKind.PYTHON,
            filename="example.py",
        ),
        Example(
            "import subprocess, time\n\nwhile True:\n"
            "    subprocess.run(['gptme', '--non-interactive', 'next task'])\n"
            "    time.sleep(1800)\n",
            kind=FileKind.PYTHON,
            filename="example.py",
        ),
    )

    def check(self, unit: PythonUnit) -> Iterator[Finding]:
        """Yield a finding for each retry construct that re-runs a step after it failed."""
        from auditor.python.runner.retries import retry_constructs
        from auditor.python.runner.step_calls import find_steps
        from auditor.python.runner.steps import default_steps

        # `steps` comes from config once the engine puts it on the unit.
        catalog: StepCatalog = getattr(unit, "steps", None) or default_steps()
        steps = find_steps(unit, catalog)
        if steps is None or not (
            steps.calls or steps.launchers or catalog.functions & _names(unit)
        ):
            return  # no step here: no construct can re-run one
        found = [
            (c, self._retried(unit, c, steps, catalog)) for c in retry_constructs(unit, catalog)
        ]
        for construct, hits in found:
            if hits and _within_reported(construct, hits, found):
                continue  # the loop around it reports re-running the same calls
            if hits:
                yield self._finding(unit, construct, hits, steps)

    def _retried(
        self, unit: PythonUnit, construct: RetryConstruct, steps: Steps, catalog: StepCatalog
    ) -> list[tuple[StepCall, Retry]]:
        from auditor.python.runner.retry_types import CallFailure

        if construct.retry is not None and catalog.never_started(construct.retry.errors.tests):
            return []  # it retries only failures to start the program: nothing ran
        if construct.wrapped is not None:
            step = steps.reference(construct.wrapped)
            if step is None or construct.retry is None:
                return []
            return [(step, construct.retry)]
        hits: list[tuple[StepCall, Retry]] = []
        for step in steps.calls.values():
            transient = catalog.transient(step.profile, unit.catalog)
            checked = step.checked and step.process
            launcher = step.launcher
            valued = launcher is None or launcher.status_value
            raises = launcher is None or not launcher.contained
            failure = CallFailure(
                raises, step.process, checked, transient, step.flag, step.status_item, valued
            )
            retry = construct.retries(step.call, failure)
            if retry is None:
                continue
            resume = construct.loop is not None and construct.bounded and step.named_session
            if resume and (retry.transient_only or not step.process):
                # a bounded resume of a named session on the transient condition; an agent
                # object that keeps its state in a checkpointer resumes whatever failed
                continue
            hits.append((step, retry))
        return hits

    def _finding(
        self,
        unit: PythonUnit,
        construct: RetryConstruct,
        hits: list[tuple[StepCall, Retry]],
        steps: Steps,
    ) -> Finding:
        step, retry = next(((s, r) for s, r in hits if r.blanket), hits[0])
        blanket = any(r.blanket for _, r in hits)
        more = len({s.label for s, _ in hits} - {step.label})
        also = f" (and {more} more step{'s' if more > 1 else ''})" if more else ""
        if step.process:
            why = "a fresh run repeats the failed run's tool calls and their side effects"
        else:
            why = "the re-run step executes its tools again after their side effects happened"
        related: list[RelatedLocation] = []
        for hit, _ in hits:
            related += [r for r in steps.related(hit) if r not in related]
        return self.finding(
            unit,
            construct.start,
            construct.end,
            f"{construct.describe()} re-runs {step.label}{also} {retry.reason}: {why}",
            severity=Severity.ERROR if blanket else Severity.WARNING,
            hint=steps.steps.resume_advice(step.profile, unit.catalog)
            if step.process
            else _STEP_HINT,
            related=tuple(related[:_MAX_RELATED]),
        )
