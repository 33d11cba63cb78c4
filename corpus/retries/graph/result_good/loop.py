from .agent import Status, run_agent, run_codex


def solve(task):
    """Runs once; a failure is reported, never repeated."""
    result = run_agent(task)
    return result.output if result.success else None


def review(task, rounds=3):
    """Asks for another review round only after a successful one; stops at a failure."""
    for attempt in range(rounds):
        outcome = run_codex(task)
        if outcome.status != Status.OK:
            return None
        task = f"{task}\n\nPrevious review:\n{outcome.log}"
    return task
