"""Near miss: the caller of the method, on an instance, examines the output it returns
(an empty answer is a failed run)."""

import subprocess
import sys


class Translator:
    def translate(self, text: str) -> str:
        done = subprocess.run(["gemini", "-p", text], capture_output=True, text=True)
        return done.stdout.strip()


if __name__ == "__main__":
    bot = Translator()
    answer = bot.translate("Bonjour")
    if not answer:
        sys.exit("no translation")
    print(answer)
