import time

from anthropic import Anthropic, InternalServerError

from .base import Chatbot


class Claude(Chatbot):
    def new_client(self):
        return Anthropic()  # expect: RA401(warning)

    def complete(self, prompt: str) -> str:
        for retries_left in range(4, -1, -1):
            try:
                message = self.client.messages.create(
                    model=self.model,
                    max_tokens=1024,
                    messages=[{"role": "user", "content": prompt}],
                )
                return message.content[0].text
            except InternalServerError:
                if retries_left == 0:
                    raise
                time.sleep(1)
        return ""
