from .providers import anthropic_chat, openai_chat, quiet_chat
from .reliability import checked, described, parsing, resilient


def answer(question: str) -> str:
    return resilient(quiet_chat("gpt-4.1")).invoke(question).content


def review(diff: str) -> str:
    return checked(openai_chat("gpt-4.1")).invoke(diff).content


def extract(text: str) -> str:
    return parsing(anthropic_chat("claude-sonnet-4-5")).invoke(text).content


def label() -> str:
    return described(openai_chat("gpt-4.1"))
