import subprocess


class AgentRunner:
    def __init__(self, binary="claude", workdir="."):
        self.binary = binary
        self.workdir = workdir

    def run(self, prompt):
        return subprocess.run([self.binary, "-p", prompt], cwd=self.workdir, check=True)
