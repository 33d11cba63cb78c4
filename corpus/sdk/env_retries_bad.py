"""RA401: a client's retries read from the environment count by the default the lookup
gives (the SDK's own `DEFAULT_MAX_RETRIES`, or a number), as where the environment leaves
the variable unset."""

import os

import anthropic
import openai
from tenacity import retry, stop_after_attempt

client = openai.OpenAI(  # expect: RA401(warning)
    max_retries=int(os.getenv("OPENAI_MAX_RETRIES", openai.DEFAULT_MAX_RETRIES))
)
claude = anthropic.Anthropic(max_retries=int(os.environ.get("RETRIES", "3")))  # expect: RA401(warning)


@retry(stop=stop_after_attempt(3))
def ask(prompt: str) -> str:
    response = client.chat.completions.create(
        model="gpt-4o", messages=[{"role": "user", "content": prompt}]
    )
    return response.choices[0].message.content or ""


@retry(stop=stop_after_attempt(3))
def ask_claude(prompt: str) -> str:
    response = claude.messages.create(
        model="claude-sonnet-4-5", max_tokens=512, messages=[{"role": "user", "content": prompt}]
    )
    return str(response.content[0])
