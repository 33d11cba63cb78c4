"""Near misses for RA401 where clients are kept per provider and handed around: retries off
under the project's own tenacity wrapper, a name the retried function binds for itself, a
body that returns every failure, and a client passed to a function that does not retry."""

import httpx
import tenacity
from anthropic import Anthropic
from openai import OpenAI

SDK_MAX_RETRIES = 0

llm_retry = tenacity.retry(stop=tenacity.stop_after_attempt(5), reraise=True)

clients: dict[str, OpenAI] = {}
client = Anthropic()
claude = Anthropic()


def init(provider: str, api_key: str) -> None:
    # The wrapper owns recovery: every client is built with the SDK's retries off.
    if provider == "openrouter":
        clients[provider] = OpenAI(api_key=api_key, base_url="https://openrouter.ai/api/v1", max_retries=0)
    else:
        clients[provider] = OpenAI(api_key=api_key, max_retries=SDK_MAX_RETRIES)


def get_client(provider: str) -> OpenAI:
    return clients[provider]


@llm_retry
def chat(provider: str, prompt: str) -> str:
    completion = get_client(provider).chat.completions.create(model="m", messages=[prompt])
    return completion.choices[0].message.content or ""


@llm_retry
async def fetch_page(url: str) -> str:
    # `client` here is the function's own httpx client, not the module's Anthropic client.
    async with httpx.AsyncClient() as client:
        response = await client.get(url)
        return response.text


@tenacity.retry(stop=tenacity.stop_after_attempt(3))
def ask_or_error(prompt: str) -> object:
    # Every failure is caught and returned: the decorator never sees one, so never retries.
    try:
        return claude.messages.create(model="m", max_tokens=32, messages=[prompt])
    except Exception as error:
        return error


def describe(model: Anthropic, text: str) -> str:
    # Handed a client, but sends once: nothing retries around it.
    return str(model.messages.create(model="m", max_tokens=64, messages=[text]))


def main() -> None:
    local = OpenAI()
    print(chat("openrouter", "hi"), describe(Anthropic(), "hello"))
    print(local.models.list())
