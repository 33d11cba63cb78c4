import subprocess


class Process:
    @staticmethod
    def run(argv, cwd):
        subprocess.run(argv, cwd=cwd, timeout=3600)  # expect: RA203
