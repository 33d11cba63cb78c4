import subprocess


class ClaudeRunner:
    def run(self, prompt):
        proc = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
        return proc.returncode == 0, proc.stdout


class EchoRunner:
    def run(self, prompt):
        return True, prompt
