"""RA203: a run in one branch keeps its result in a name that only the other branch's run
reads (`result.returncode` there is the other run's): the streamed run's status is lost."""
import subprocess


def run_claude(prompt: str, stream: bool) -> str:
    if stream:
        result = subprocess.run(["claude", "-p", prompt], text=True)  # expect: RA203(warning)
        return ""
    result = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr)
    return result.stdout
