import argparse

import click

from .agent import run_codex


def main(specs):
    parser = argparse.ArgumentParser()
    parser.add_argument("--codex-exe", default="codex")
    args = parser.parse_args()
    for spec in specs:
        while True:
            # the user decides whether the spec runs again
            if not click.confirm(f"Run {spec}?"):
                break
            code, output = run_codex(args.codex_exe, ["exec"], spec)
            if code == 0 and "SPEC_COMPLETE" in output:
                break


def once(specs):
    parser = argparse.ArgumentParser()
    parser.add_argument("--codex-exe", default="codex")
    args = parser.parse_args()
    for spec in specs:
        code, output = run_codex(args.codex_exe, ["exec"], spec)
        if code != 0:
            raise SystemExit(code)
