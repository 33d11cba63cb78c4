import logging
import subprocess
import sys


class Runner:
    @staticmethod
    def run_agent(argv: list[str]) -> None:
        try:
            subprocess.run(argv, check=False)  # expect: RA203
        except FileNotFoundError:
            logging.error("the agent's CLI is not installed")
            sys.exit(1)
