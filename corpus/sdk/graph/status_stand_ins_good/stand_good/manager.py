"""A manager that retries only the stand-in for refusals other than 429 and 5xx (a
prompt it shortens first): the client retries none of those, so no request is sent
twice for the same failure."""

from stand_good.errors import ChatRejected
from stand_good.groq_chat import GroqChat


class ShorteningManager:
    def __init__(self) -> None:
        self.chat = GroqChat()

    def ask_shortening(self, messages: list[dict[str, str]], model: str, attempts: int = 3):
        for _attempt in range(attempts):
            try:
                return self.chat.ask(messages, model)
            except ChatRejected:
                messages = messages[-2:]
        raise RuntimeError("no answer")
