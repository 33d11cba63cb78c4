from .runner import Status, run_step


def finish(tasks: list[str], limit: int = 5) -> int:
    finished = 0
    for task in tasks:
        prompt, turns = task, 0
        while turns < limit:
            turns += 1
            outcome = run_step(prompt)
            if outcome.status == Status.DONE:
                finished += 1
                break
            if outcome.status == Status.PARTIAL:
                prompt = f"Go on from here:\n{outcome.output}"
                continue
            if outcome.status in (Status.FAILED, Status.TIMED_OUT):
                return finished  # a failed run ends the batch: nothing runs it again
    return finished
