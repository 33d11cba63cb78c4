import logging
import subprocess
import sys


class Runner:
    @staticmethod
    def run_git(argv: list[str]) -> None:
        try:
            subprocess.run(argv, check=False)
        except FileNotFoundError:
            logging.error("git is not installed")
            sys.exit(1)
