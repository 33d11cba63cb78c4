import time


class Limited:
    RETRY_ERRORS: tuple[type[Exception], ...] = ()

    def execute(self, *args: object) -> object:
        for attempt in range(5):
            try:
                return self._request(*args)
            except self.RETRY_ERRORS:
                time.sleep(2**attempt)
        raise RuntimeError("gave up")

    def _request(self, *args: object) -> object:
        raise NotImplementedError
