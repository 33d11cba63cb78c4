import functools
import time

import anthropic


class Runner:
    def __init__(self) -> None:
        self.client = anthropic.Anthropic()
        self.timings: list[float] = []

    def _make_timer(self):
        def decorate(fn):
            @functools.wraps(fn)
            def timed(*args, **kwargs):
                started = time.monotonic()
                try:
                    return fn(*args, **kwargs)
                finally:
                    self.timings.append(time.monotonic() - started)

            return timed

        return decorate

    def run(self, prompt: str) -> str:
        timing = self._make_timer()

        @timing
        def _call():
            return self.client.messages.create(
                model="claude-sonnet-4-5", max_tokens=512, messages=[{"role": "user", "content": prompt}]
            )

        return _call().content[0].text
