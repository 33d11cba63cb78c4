from anthropic import Anthropic

from .support.resilience import resilient


@resilient
def draft_reply(api_key: str, ticket: str) -> str:
    client = Anthropic(api_key=api_key)  # expect: RA401(warning)
    message = client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=800,
        messages=[{"role": "user", "content": f"Draft a reply to: {ticket}"}],
    )
    return message.content[0].text
