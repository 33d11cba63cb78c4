"""Near miss: the same rotation loop calls the chat model as a function, and the model is
built with `max_retries=0`: the loop is the only retry layer."""
import logging
from itertools import cycle

from langchain_openai import ChatOpenAI

log = logging.getLogger(__name__)


class RotatingChat:
    def __init__(self, keys: list[str], model: str = "gpt-4o-mini") -> None:
        self.keys = cycle(keys)
        self.model = model
        self.tries = 2 * len(keys)
        self.llm = self._make(next(self.keys))

    def _make(self, key: str) -> ChatOpenAI:
        return ChatOpenAI(model=self.model, api_key=key, max_retries=0)  # the rotation loop owns recovery

    def ask(self, messages: list[dict[str, str]]) -> str:
        failures = 0
        while failures < self.tries:
            try:
                return self.llm(messages=messages).content
            except Exception as error:
                failures += 1
                log.warning("chat failed (%s), next key", error)
                self.llm = self._make(next(self.keys))
        raise RuntimeError("every key failed")
