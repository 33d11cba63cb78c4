"""A manager that retries the stand-ins for 429 and 5xx: the client retried both already."""

import time

from stand_bad.errors import ChatRateLimited, ChatRejected, ChatUnavailable
from stand_bad.groq_chat import GroqChat


class ChatManager:
    def __init__(self) -> None:
        self.chat = GroqChat()

    def ask_with_retry(self, messages: list[dict[str, str]], model: str, attempts: int = 5):
        for attempt in range(attempts):
            try:
                return self.chat.ask(messages, model)
            except ChatRateLimited:
                time.sleep(2**attempt)
            except ChatUnavailable:
                time.sleep(2**attempt)
            except ChatRejected:
                break
        raise RuntimeError("no answer")
