"""Near misses of `cycled_attempts_bad`: a fallback that asks each provider once walks
work items, not attempts; the loop that cycles the providers builds its clients with the
SDK's retries off."""
import itertools

import anthropic
from openai import OpenAI

claude = anthropic.Anthropic()
gpt = OpenAI()


def ask(prompt: str) -> str:
    # each provider once: its own client's retries are the only ones for it
    for name, send in (("anthropic", _claude), ("openai", _gpt)):
        try:
            return send(prompt)
        except Exception:
            continue
    return ""


def _claude(prompt: str) -> str:
    reply = claude.messages.create(model="claude-sonnet-4-5", max_tokens=500, messages=[{"role": "user", "content": prompt}])
    return reply.content[0].text


def _gpt(prompt: str) -> str:
    reply = gpt.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": prompt}])
    return reply.choices[0].message.content or ""


quiet = OpenAI(max_retries=0)


def label(text: str) -> str:
    for provider in itertools.islice(itertools.cycle(["openai"]), 3):
        try:
            reply = quiet.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": text}])
            return reply.choices[0].message.content or ""
        except Exception:
            continue
    return "unknown"


def compare(text: str) -> list[str]:
    # three different models, once each: a walk over items, not attempts
    answers = []
    for model in ["gpt-4o", "gpt-4o-mini", "o3-mini"] * 1:
        try:
            reply = gpt.chat.completions.create(model=model, messages=[{"role": "user", "content": text}])
            answers.append(reply.choices[0].message.content or "")
        except Exception:
            continue
    return answers
