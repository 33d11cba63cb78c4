"""The client's module names `RateLimitError` through `openai` only; the layer's module
imports Anthropic's: that layer retries this Anthropic client's rate limits."""

import anthropic
import openai

client = anthropic.Anthropic()  # expect: RA401(warning)


def ask(prompt: str) -> object:
    return client.messages.create(model="m", max_tokens=10, messages=[prompt])


def legacy(prompt: str) -> object:
    try:
        return openai.OpenAI(max_retries=0).completions.create(model="m", prompt=prompt)
    except openai.RateLimitError:
        return None
