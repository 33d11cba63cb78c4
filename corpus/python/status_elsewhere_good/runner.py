import logging
import subprocess

log = logging.getLogger(__name__)


class AgentRunner:
    def run(self, prompt: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)


class CheckedRunner:
    def run(self, prompt: str) -> subprocess.CompletedProcess[str]:
        result = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
        if result.returncode != 0:
            log.error("claude failed: %s", result.stderr)
        return result


class Linter:
    def run(self, path: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["ruff", "check", path], capture_output=True, text=True)


class RaisingRunner:
    def run(self, prompt: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["claude", "-p", prompt], check=True, capture_output=True, text=True)


class VerifyingRunner:
    def run(self, prompt: str) -> subprocess.CompletedProcess[str]:
        result = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
        result.check_returncode()
        return result
