"""Sends through the client, imported by its full dotted name, under the retry decorator."""

from services.claude.client import claude
from utils.retrying import handle_exceptions


@handle_exceptions
def chat_with_claude(prompt: str) -> str:
    response = claude.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=1024,
        messages=[{"role": "user", "content": prompt}],
    )
    return response.content[0].text
