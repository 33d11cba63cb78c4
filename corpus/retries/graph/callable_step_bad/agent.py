import functools
import subprocess

from .retrying import RetryManager, with_retries


def run_claude(prompt):
    return subprocess.run(["claude", "-p", prompt], check=True, capture_output=True).stdout


def main(prompt):
    with_retries(run_claude, prompt)  # expect: RA301
    RetryManager().run(lambda: run_claude(prompt))


def review(prompt):
    return with_retries(lambda: run_claude(f"Review: {prompt}"))  # expect: RA301


def fix(prompt):
    return with_retries(functools.partial(run_claude, f"Fix: {prompt}"))  # expect: RA301
