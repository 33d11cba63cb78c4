import subprocess


class Process:
    @staticmethod
    def run(argv, cwd):
        return subprocess.run(argv, cwd=cwd, timeout=3600, check=True)
