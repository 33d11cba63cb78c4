"""Near misses for RA401: the layer retries classes the tree defines (or the standard
library's), which the SDK never raises: they share no failure with it."""

import json

import backoff
from openai import OpenAI


class EmptyReply(Exception):
    """The model answered with nothing."""


PARSE_ERRORS = (json.JSONDecodeError, EmptyReply)
client = OpenAI()


@backoff.on_exception(backoff.expo, PARSE_ERRORS, max_tries=3)
def plan_steps(task: str) -> list:
    answer = client.responses.create(model="m", input=f"List the steps of: {task}")
    steps = json.loads(answer.output_text or "[]")
    if not steps:
        raise EmptyReply(task)
    return list(steps)


@backoff.on_exception(backoff.expo, ValueError, max_tries=3)
def ask_number(prompt: str) -> int:
    reply = client.chat.completions.create(model="m", messages=[prompt])
    return int(reply.choices[0].message.content or "")


class EMPTY_REPLY(Exception):  # named as a constant, but a class this file defines
    """The model answered with nothing."""


@backoff.on_exception(backoff.expo, EMPTY_REPLY, max_tries=3)
def ask_text(prompt: str) -> str:
    reply = client.chat.completions.create(model="m", messages=[prompt])
    text = reply.choices[0].message.content
    if not text:
        raise EMPTY_REPLY(prompt)
    return text
