import subprocess


class ToolRunner:
    def __init__(self, binary="black", workdir="."):
        self.binary = binary
        self.workdir = workdir

    def run(self, path):
        return subprocess.run([self.binary, path], cwd=self.workdir, check=True)
