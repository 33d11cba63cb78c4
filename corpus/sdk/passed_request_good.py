"""Near misses for RA401: a request method handed to a `Retrying` object that retries only
a failure the SDK never retries (a reply that does not parse), and one handed to a client
that makes no retries of its own."""
import json

from openai import OpenAI
from tenacity import Retrying, retry_if_exception_type, stop_after_attempt

client = OpenAI(timeout=30)
quiet = OpenAI(max_retries=0)


def parsed(text: str) -> dict:
    retryer = Retrying(stop=stop_after_attempt(3), retry=retry_if_exception_type(json.JSONDecodeError))
    reply = retryer(
        client.chat.completions.create,
        model="gpt-5-nano",
        messages=[{"role": "user", "content": f"As JSON: {text}"}],
    )
    return json.loads(reply.choices[0].message.content or "{}")


def summarise(text: str) -> str:
    retryer = Retrying(stop=stop_after_attempt(3), reraise=True)
    reply = retryer(quiet.chat.completions.create, model="gpt-5-nano", messages=[])
    return reply.choices[0].message.content or text
