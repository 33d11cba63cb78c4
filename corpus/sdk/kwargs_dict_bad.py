"""The client's options are a local dict built of constant keys, none of them
`max_retries`, then passed as `**client_kwargs`: the SDK keeps its default retries
under the loop's (RA401, with the keyword added after the mapping as the fix)."""

import time

import httpx
from openai import OpenAI


def make_client(api_key: str, base_url: str | None, headers: dict[str, str]) -> OpenAI:
    client_kwargs = {"api_key": api_key, "http_client": httpx.Client(timeout=60)}
    if base_url:
        client_kwargs["base_url"] = base_url
    if headers:
        client_kwargs["default_headers"] = headers.copy()
    return OpenAI(**client_kwargs)  # expect: RA401(warning)


def ask(prompt: str) -> str:
    client = make_client("sk-test", None, {})
    for attempt in range(4):
        try:
            response = client.chat.completions.create(
                model="gpt-4o", messages=[{"role": "user", "content": prompt}]
            )
            return response.choices[0].message.content or ""
        except Exception:
            time.sleep(2**attempt)
    raise RuntimeError("no answer")
