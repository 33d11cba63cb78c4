from .agent import Status, run_agent, run_codex


def solve(task):
    for attempt in range(3):  # expect: RA301
        result = run_agent(task)
        if result.success:
            return result.output
    return None


def review(task):
    for attempt in range(3):  # expect: RA301
        outcome = run_codex(task)
        if outcome.status == Status.OK:
            return outcome.log
    return None
