import argparse
import time

from .agent import run_codex


def main(specs):
    parser = argparse.ArgumentParser()
    parser.add_argument("--codex-exe", default="codex")
    args = parser.parse_args()
    for spec in specs:
        attempt, done = 1, False
        while not done:  # expect: RA301(error)
            if attempt > 5:
                raise RuntimeError(f"giving up on {spec}")
            code, output = run_codex(args.codex_exe, ["exec"], spec)
            if code != 0:
                attempt += 1
                time.sleep(10)
                continue
            if "SPEC_COMPLETE" in output:
                done = True
                continue
            attempt += 1
