import tenacity

from lazyreg_app.engines import engine


class TextClient:
    def __init__(self, name: str) -> None:
        self._generate = engine(name)

    def generate(self, model: str, prompt: str) -> str:
        @tenacity.retry(stop=tenacity.stop_after_attempt(5))
        def attempt() -> str:
            return self._generate(model=model, prompt=prompt)

        return attempt()
