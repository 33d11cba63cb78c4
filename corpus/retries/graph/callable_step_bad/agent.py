import functools
import subprocess

from .retrying import RetryManager, retry_call, with_retries


def run_claude(prompt):
    return subprocess.run(["claude", "-p", prompt], check=True, capture_output=True).stdout


def main(prompt):
    with_retries(run_claude, prompt)  # expect: RA301
    RetryManager().run(lambda: run_claude(prompt))


def review(prompt):
    return with_retries(lambda: run_claude(f"Review: {prompt}"))  # expect: RA301


def fix(prompt):
    return with_retries(functools.partial(run_claude, f"Fix: {prompt}"))  # expect: RA301


def plan(prompt):
    return retry_call(3, run_claude, f"Plan: {prompt}")  # expect: RA301


def summarise(prompt):
    return with_retries(fn=run_claude, attempts=2)  # expect: RA301


def report(prompt):
    return with_retries(lambda: run_claude(f"Report: {prompt}").decode())  # expect: RA301
