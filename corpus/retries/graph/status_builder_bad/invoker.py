from dataclasses import dataclass, field

from .process import run_process


@dataclass
class InvocationResult:
    success: bool
    exit_code: int
    stdout: str
    errors: list[str] = field(default_factory=list)


class CodexInvoker:
    def run(self, task: str) -> InvocationResult:
        out, err, code = run_process(["codex", "exec", "--full-auto", task], 1800)
        return self.parse_output(out, err, code)

    def parse_output(self, stdout: str, stderr: str, exit_code: int) -> InvocationResult:
        success = exit_code == 0
        errors = [line for line in stdout.splitlines() if line.startswith("ERROR")]
        if errors:
            success = False
        return InvocationResult(success=success, exit_code=exit_code, stdout=stdout, errors=errors)
