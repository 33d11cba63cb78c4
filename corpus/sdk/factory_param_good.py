"""Near misses: the factory builds its clients without retries, and layers that retry only
another SDK's classes (`anthropic.RateLimitError`) over an OpenAI client's requests."""

import anthropic
import backoff
import openai


def create_client(model: str):
    if model.startswith("claude"):
        return anthropic.Anthropic(max_retries=0), model
    return openai.OpenAI(max_retries=0), model


@backoff.on_exception(backoff.expo, (anthropic.RateLimitError, anthropic.APITimeoutError))
def get_response(prompt: str, client, model: str) -> str:
    reply = client.chat.completions.create(model=model, messages=[prompt])
    return reply.choices[0].message.content or ""


embedder = openai.OpenAI()


@backoff.on_exception(backoff.expo, anthropic.RateLimitError, max_tries=3)
def embed(text: str) -> object:
    return embedder.embeddings.create(model="e", input=text)
