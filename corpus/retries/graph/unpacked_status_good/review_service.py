"""A service class whose read-only run (plan mode: it changes nothing) returns its output
and the agent's exit status, as a pair."""

import shutil
import subprocess


class ReviewService:
    command: str = "claude"

    def _base_args(self) -> list[str]:
        path = shutil.which(self.command)
        if path is None:
            raise RuntimeError(f"{self.command} is not installed")
        return [path, "--permission-mode", "plan"]

    def run_review(self, prompt: str) -> tuple[str, int]:
        args = self._base_args()
        args.extend(["--print", prompt])
        process = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
        out, _ = process.communicate()
        return out, process.wait()
