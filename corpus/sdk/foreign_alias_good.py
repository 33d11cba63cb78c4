"""Near miss for RA401: the layer retries OpenAI's rate limits, named through another name
for the package (`import openai as oai`); the client is Anthropic's, which raises none."""

import anthropic
import backoff
import openai as oai

summariser = anthropic.Anthropic()


@backoff.on_exception(backoff.expo, oai.RateLimitError, max_tries=3)
def summarise(text: str) -> object:
    return summariser.messages.create(model="m", max_tokens=100, messages=[text])


def legacy(prompt: str) -> object:
    return oai.OpenAI(max_retries=0).completions.create(model="m", prompt=prompt)
