"""The chat provider: the request the base's loop retries."""

from .base import TranslationClient


class ChatTranslationClient(TranslationClient):
    def _send(self, text: str) -> str:
        assert self.client is not None
        reply = self.client.chat.completions.create(
            model="gpt-4o-mini",
            messages=[{"role": "user", "content": f"Translate to French: {text}"}],
        )
        return reply.choices[0].message.content or ""
