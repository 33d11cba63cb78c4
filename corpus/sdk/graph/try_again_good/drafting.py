from anthropic import Anthropic

from .support.resilience import patient, resilient


@resilient
def draft_reply(api_key: str, ticket: str) -> str:
    client = Anthropic(api_key=api_key)
    message = client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=800,
        messages=[{"role": "user", "content": f"Draft a reply to: {ticket}"}],
    )
    return message.content[0].text


@patient
def draft_summary(api_key: str, ticket: str) -> str:
    client = Anthropic(api_key=api_key)
    message = client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=300,
        messages=[{"role": "user", "content": f"Summarise: {ticket}"}],
    )
    return message.content[0].text
