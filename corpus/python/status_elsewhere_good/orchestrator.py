from .runner import AgentRunner, CheckedRunner, Linter, RaisingRunner, VerifyingRunner


class Orchestrator:
    def __init__(self) -> None:
        self.runner = AgentRunner()
        self.checked = CheckedRunner()
        self.linter = Linter()
        self.raising = RaisingRunner()
        self.verifying = VerifyingRunner()

    def step(self, task: str) -> bool:
        result = self.runner.run(task)
        return result.returncode == 0

    def step_checked(self, task: str) -> None:
        self.checked.run(task)

    def lint(self, path: str) -> None:
        self.linter.run(path)

    def step_raising(self, task: str) -> None:
        self.raising.run(task)

    def step_verified(self, task: str) -> None:
        self.verifying.run(task)
