import subprocess

from .resilience import resilient_call, with_backoff


class ClaudeAdapter:
    def run(self, prompt, workspace):
        cmd = ["claude", "--print", prompt]
        proc = resilient_call(subprocess.run, cmd, capture_output=True, timeout=600, cwd=workspace)
        return proc.returncode

    def review(self, prompt):
        return with_backoff(subprocess.run, ["codex", "exec", prompt], check=True)
