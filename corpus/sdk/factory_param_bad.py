"""RA401 through a module's factory: `create_client` makes the clients, and the functions
that send requests take the client as a parameter no call of the tree gives (other code
calls them with what the factory made). They retry OpenAI's failures, which the OpenAI
clients retry too; the Anthropic client raises none of those classes."""

import anthropic
import backoff
import openai


def create_client(model: str):
    if model.startswith("claude"):
        return anthropic.Anthropic(), model
    if model.startswith("deepseek"):
        return openai.OpenAI(base_url="https://api.deepseek.com"), model  # expect: RA401(warning)
    return openai.OpenAI(), model


@backoff.on_exception(backoff.expo, (openai.RateLimitError, openai.APITimeoutError))
def get_response(prompt: str, client, model: str) -> str:
    reply = client.chat.completions.create(model=model, messages=[prompt])
    return reply.choices[0].message.content or ""


@backoff.on_exception(backoff.expo, (openai.RateLimitError, openai.APITimeoutError))
def get_batch(prompts: list[str], client, model: str) -> list[str]:
    return [get_response(p, client, model) for p in prompts]
