"""RA401: a client built in `main()` and handed to a function that retries by hand, and one
under the project's own tenacity wrapper."""

import sys

import tenacity
from openai import OpenAI

llm_retry = tenacity.retry(stop=tenacity.stop_after_attempt(5), reraise=True)


def summarise(client: OpenAI, text: str) -> str:
    for attempt in range(3):
        try:
            reply = client.chat.completions.create(model="m", messages=[{"role": "user", "content": text}])
            return reply.choices[0].message.content or ""
        except Exception:
            print(f"attempt {attempt + 1} failed", file=sys.stderr)
            continue
    return ""


class Reviewer:
    def __init__(self) -> None:
        self.llm = OpenAI(max_retries=4)  # expect: RA401(warning)

    @llm_retry
    def review(self, diff: str) -> str:
        return str(self.llm.responses.create(model="m", input=diff))


def main() -> None:
    client = OpenAI()  # expect: RA401(warning)
    print(summarise(client, sys.stdin.read()))
    print(Reviewer().review(sys.stdin.read()))


if __name__ == "__main__":
    main()
