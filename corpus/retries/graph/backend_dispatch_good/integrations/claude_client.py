import subprocess

CLAUDE_CLI = "claude"


class ClaudeClient:
    def build_command(self, prompt):
        return [CLAUDE_CLI, "-p", prompt, "--output-format", "text"]

    def run(self, prompt):
        cmd = self.build_command(prompt)
        proc = subprocess.run(cmd, capture_output=True, text=True)
        return proc.returncode == 0, proc.stdout
