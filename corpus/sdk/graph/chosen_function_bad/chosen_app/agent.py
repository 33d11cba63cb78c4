import time

from chosen_app.backends import ask, complete


class Agent:
    def __init__(self, model: str) -> None:
        self.model = model

    def answer(self, messages: list[dict[str, str]]) -> str:
        for attempt in range(3):
            try:
                return ask(model=self.model, messages=messages)
            except Exception:
                if attempt == 2:
                    raise
                time.sleep(0.5)
        raise RuntimeError("unreachable")

    def summarise(self, text: str) -> str:
        for _ in range(3):
            try:
                return complete(f"Summarise: {text}")
            except Exception:
                time.sleep(1)
        return ""
