"""RA203: a method returns the agent's output to a caller that calls it on an instance
(`bot = Summarizer()`, then `bot.summarize(…)`) and only prints it: nothing reads the
status, and nothing looks at the output to tell a failed run."""

import subprocess


class Summarizer:
    def summarize(self, text: str) -> str:
        done = subprocess.run(["claude", "-p", text], capture_output=True, text=True)  # expect: RA203(warning)
        return done.stdout.strip()


if __name__ == "__main__":
    bot = Summarizer()
    print(bot.summarize("What changed today?"))
