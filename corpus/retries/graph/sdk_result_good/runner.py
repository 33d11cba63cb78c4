"""Near miss: a loop around the same task that goes on only while the runs succeed (one
turn after another of a plan) and stops at the first failure: it never re-runs a failed
run."""
from executor import run_once
from results import RunResult


async def run_plan(steps: list[str]) -> list[RunResult]:
    done: list[RunResult] = []
    for step in steps:
        result = await run_once(step)
        done.append(result)
        if not result.success:
            break
    return done
