"""Sends requests through `clients.client` under `backoff`."""

import backoff
import openai

from svc.clients import client


@backoff.on_exception(backoff.expo, openai.APIError, max_tries=4)
def summarise(text: str) -> str:
    return str(client.chat.completions.create(model="m", messages=[{"role": "user", "content": text}]))
