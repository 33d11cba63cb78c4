from dataclasses import dataclass

import anthropic

from .base import Provider


class AnthropicProvider(Provider):
    def initialize_client(self):
        self.client = anthropic.Anthropic(timeout=60, max_retries=0)

    def perform_inference(self, messages):
        try:
            reply = self.client.messages.create(
                model="claude-haiku-4-5", max_tokens=256, messages=messages
            )
            return reply.model_dump()
        except Exception as error:
            return error


class SearchProvider(Provider):
    def __init__(self):
        self.search = anthropic.Anthropic(timeout=60)

    def fetch_page(self, query, page):
        reply = self.search.messages.create(
            model="claude-haiku-4-5",
            max_tokens=256,
            messages=[{"role": "user", "content": f"{query} (page {page})"}],
        )
        return {"text": reply.content[0].text, "more": page < 3}


@dataclass
class Verdict:
    needs_rework: bool


class JudgeProvider(Provider):
    """The review loop goes round on the judge's verdict, and a failed request gives a
    verdict that asks for no rework: the loop never sends a failure again."""

    def __init__(self):
        self.judge_client = anthropic.Anthropic(timeout=60)

    def judge(self, task):
        try:
            reply = self.judge_client.messages.create(
                model="claude-haiku-4-5",
                max_tokens=16,
                messages=[{"role": "user", "content": f"Does this need rework? {task}"}],
            )
            return Verdict(needs_rework="yes" in reply.content[0].text.lower())
        except Exception:
            return Verdict(needs_rework=False)
