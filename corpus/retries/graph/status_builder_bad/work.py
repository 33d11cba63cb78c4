import time

from .invoker import CodexInvoker, InvocationResult


def is_success(result: InvocationResult) -> bool:
    return result.exit_code == 0 and result.success


def implement(task: str) -> InvocationResult:
    invoker = CodexInvoker()
    for attempt in range(3):  # expect: RA301(error)
        result = invoker.run(task)
        if is_success(result):
            return result
        time.sleep(30 * (attempt + 1))
    raise RuntimeError("codex kept failing")
