"""Near misses: mixins whose `run()` does not re-run a failed agent, resumes only on the
transient exit of a named session, or re-runs a step that is not an agent."""

import subprocess
import time


class OnceMixin:
    def run(self) -> int:
        rc = self._execute()
        if rc != 0:
            print(f"{type(self).__name__} failed with {rc}")
        return rc

    def _execute(self) -> int:
        raise NotImplementedError


class ClaudeOnce(OnceMixin):
    def __init__(self, prompt: str) -> None:
        self.prompt = prompt

    def _execute(self) -> int:
        return subprocess.run(["claude", "-p", self.prompt]).returncode


class ResumeMixin:
    def run(self) -> int:
        for attempt in range(5):
            rc = self._execute()
            if rc != 75:
                return rc
            time.sleep(60)
        return 75

    def _execute(self) -> int:
        raise NotImplementedError


class GptmeSession(ResumeMixin):
    def __init__(self, session: str, prompt: str) -> None:
        self.session, self.prompt = session, prompt

    def _execute(self) -> int:
        argv = ["gptme", "--non-interactive", "--name", self.session, self.prompt]
        return subprocess.run(argv).returncode


class FetchRetryMixin:
    def run(self) -> None:
        for attempt in range(3):
            if self._execute() == 0:
                return
            time.sleep(5)

    def _execute(self) -> int:
        raise NotImplementedError


class GitFetch(FetchRetryMixin):
    def _execute(self) -> int:
        return subprocess.run(["git", "fetch", "--all"]).returncode


class FailFast:
    def run(self) -> str | None:
        for attempt in range(3):
            ok, output = self._execute()
            if not ok:
                break
            print(output)
        return None

    def _execute(self) -> tuple[bool, str]:
        proc = subprocess.run(["codex", "exec", "next task"], capture_output=True, text=True)
        return proc.returncode == 0, proc.stdout
