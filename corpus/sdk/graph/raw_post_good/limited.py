import time


class Limited:
    def execute(self, *args: object) -> object:
        for attempt in range(4):
            try:
                return self._request(*args)
            except Exception:
                time.sleep(2**attempt)
        raise RuntimeError("gave up")

    def _request(self, *args: object) -> object:
        raise NotImplementedError
