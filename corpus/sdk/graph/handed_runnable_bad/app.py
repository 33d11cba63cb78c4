from .providers import anthropic_chat, openai_chat
from .reliability import resilient, resilient_with_fallbacks


def answer(question: str) -> str:
    return resilient(openai_chat("gpt-4.1")).invoke(question).content


def review(diff: str) -> str:
    llm = resilient_with_fallbacks(anthropic_chat("claude-sonnet-4-5"), [])
    return llm.invoke(diff).content
