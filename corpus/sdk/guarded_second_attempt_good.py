"""RA401 near miss: the `except` clause sends the request again only when the error says
the model takes no tools (a rejected request the client never retries), read through a
helper of the module: the two layers retry different failures."""

from typing import Any

from openai import OpenAI

toolless_client = OpenAI()


def _tools_unsupported(error: Exception) -> bool:
    text = str(error).lower()
    return "tool" in text and ("not supported" in text or "does not support" in text)


def complete_with_tools(kwargs: dict[str, Any]) -> Any:
    try:
        return toolless_client.chat.completions.create(**kwargs)
    except Exception as error:
        if "tools" in kwargs and _tools_unsupported(error):
            kwargs.pop("tools", None)
            return toolless_client.chat.completions.create(**kwargs)
        raise
