import subprocess

from .retrying import RetryManager, with_retries


def run_claude(prompt):
    return subprocess.run(["claude", "-p", prompt], check=True, capture_output=True).stdout


def main(prompt):
    with_retries(run_claude, prompt)
    RetryManager().run(lambda: run_claude(prompt))
