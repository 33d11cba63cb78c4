"""RA203: helpers that return the agent's output to callers that only print it or drop
it: nothing reads the status, and nothing looks at the output to tell a failed run."""

import logging
import subprocess


def ask(prompt: str) -> str:
    result = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)  # expect: RA203(warning)
    return result.stdout.strip()


class Reviewer:
    def review(self, diff: str) -> str:
        done = subprocess.run(["codex", "exec", diff], capture_output=True, text=True)  # expect: RA203(warning)
        return done.stdout

    def run(self, diff: str) -> None:
        logging.info("review: %s", self.review(diff))


def main() -> None:
    print(ask("summarise the open issues"))
    ask("warm the cache")
    Reviewer().run("HEAD~1")
