import subprocess


class ClaudeRunner:
    def __init__(self, repo: str, session_id: str | None = None) -> None:
        self.repo = repo
        self.session_id = session_id

    def _run(self, prompt: str, timeout: float) -> tuple[int, str, str]:
        command = ["claude", "-p", prompt, "--allowedTools", "Edit,Bash"]
        if self.session_id:
            command += ["--resume", self.session_id]
        process = subprocess.Popen(command, cwd=self.repo, stdout=subprocess.PIPE, text=True)
        try:
            out, err = process.communicate(timeout=timeout)
            timed_out = False
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
            timed_out = True
        if timed_out:
            returncode = -1  # the retrier treats a killed run as a crash
        else:
            returncode = process.returncode
        return returncode, out, err

    def run_task(self) -> tuple[int, str, str]:
        return self._run("process the inbox", timeout=900)
