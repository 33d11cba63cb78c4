import json
import time


class Provider:
    """The retry loop re-runs parsing only; the request is sent once, before it."""

    def ask(self, prompt):
        text = self._send(prompt)
        for attempt in range(4):
            try:
                return self._parse(text)
            except Exception:
                time.sleep(attempt)
        return None

    def _parse(self, text):
        return json.loads(text)

    def _send(self, prompt):
        raise NotImplementedError
