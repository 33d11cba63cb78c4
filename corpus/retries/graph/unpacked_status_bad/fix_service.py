"""A service class whose run returns its output and the agent's exit status, as a pair."""

import shutil
import subprocess


class FixService:
    command: str = "claude"

    def _base_args(self) -> list[str]:
        path = shutil.which(self.command)
        if path is None:
            raise RuntimeError(f"{self.command} is not installed")
        return [path, "--dangerously-skip-permissions"]

    def run_fix(self, prompt: str) -> tuple[str, int]:
        args = self._base_args()
        args.extend(["--print", prompt])
        process = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
        out, _ = process.communicate()
        return out, process.wait()
