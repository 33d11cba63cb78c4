import time


class Provider:
    """A retry loop in the base class; the request is in an override elsewhere."""

    def ask(self, prompt):
        for attempt in range(4):
            try:
                return self._send(prompt)
            except Exception:
                time.sleep(2**attempt)
        raise RuntimeError("gave up")

    def _send(self, prompt):
        raise NotImplementedError
