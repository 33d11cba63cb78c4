from .llm import ask


def summarise(text: str) -> str | None:
    return ask(f"Summarise:\n{text}", system="You write summaries.")


def title(text: str) -> str | None:
    return ask(f"A title for:\n{text}")


def ping(max_retries: int = 3) -> bool:
    # passes its own parameter on: its only caller gives 1
    return ask("Say OK", max_retries=max_retries) is not None
