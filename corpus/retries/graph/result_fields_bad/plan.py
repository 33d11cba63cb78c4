from .runner import Status, run_step


def finish(tasks: list[str], limit: int = 5) -> int:
    finished = failures = 0
    for task in tasks:
        prompt, turns = task, 0
        while turns < limit:  # expect: RA301(error)
            turns += 1
            outcome = run_step(prompt)
            if outcome.status == Status.DONE:
                finished += 1
                break
            if outcome.status == Status.PARTIAL:
                prompt, failures = f"Go on from here:\n{outcome.output}", 0
                continue
            if outcome.status in (Status.FAILED, Status.TIMED_OUT):
                failures += 1
                if failures >= 3:
                    return finished
                continue
    return finished
