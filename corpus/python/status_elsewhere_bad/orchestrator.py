import logging

from .runner import AgentRunner, explain_pane, run_codex

log = logging.getLogger(__name__)


class Orchestrator:
    def __init__(self, workdir: str) -> None:
        self.runner = AgentRunner(workdir)

    def step(self, task: str) -> None:
        self.runner.run(task)  # expect: RA203(warning)
        log.info("step done: %s", task)


def review(workdir: str) -> None:
    runner = AgentRunner(workdir)
    result = runner.run("Review the last commit")  # expect: RA203(warning)
    log.info("review finished")


def fix(prompt: str) -> None:
    run_codex(prompt)  # expect: RA203(warning)


def explain(prompt: str) -> None:
    explain_pane(prompt)
