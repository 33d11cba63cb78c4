import time

from registry_near.router import Router


class Service:
    def __init__(self, router: Router) -> None:
        self.router = router

    def ask(self, name: str, prompt: str, attempts: int = 3) -> str:
        for attempt in range(attempts):
            try:
                return self.router.generate(name, prompt)
            except Exception:
                if attempt == attempts - 1:
                    raise
                time.sleep(2**attempt)
        raise RuntimeError("unreachable")
