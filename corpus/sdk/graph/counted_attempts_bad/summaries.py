from .llm import ask


def summarise(text: str) -> str | None:
    return ask(f"Summarise:\n{text}", system="You write summaries.")


def title(text: str) -> str | None:
    return ask(f"A title for:\n{text}", max_retries=3)
