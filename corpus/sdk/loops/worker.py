"""Sends the requests of `clients.py`'s clients, each under a loop of its own."""

import json
import time

import anthropic
import openai

from . import clients
from .clients import claude, parsing, quiet, rated, settings, strict, tools


def ask(prompt: str) -> str:
    for attempt in range(3):
        try:
            reply = clients.client.chat.completions.create(model="m", messages=[prompt])
            return str(reply)
        except openai.APIError:
            time.sleep(2**attempt)
            continue
    raise RuntimeError("no reply")


def ask_claude(prompt: str) -> str:
    delay = 1.0
    while True:
        try:
            return str(claude.messages.create(model="m", max_tokens=10, messages=[prompt]))
        except anthropic.APIStatusError:
            time.sleep(delay)
            delay *= 2


def ask_quietly(prompt: str) -> str:
    for _ in range(3):
        try:
            return str(quiet.chat.completions.create(model="m", messages=[prompt]))
        except openai.APIError:
            continue
    raise RuntimeError("no reply")


def ask_json(prompt: str) -> object:
    for _ in range(3):
        try:
            reply = parsing.chat.completions.create(model="m", messages=[prompt])
            return json.loads(str(reply))
        except json.JSONDecodeError:
            continue
    raise RuntimeError("no JSON")


def ask_strictly(prompt: str) -> str:
    for _ in range(3):
        try:
            return str(strict.chat.completions.create(model="m", messages=[prompt]))
        except openai.APIError:
            raise
    raise RuntimeError("no reply")


def read_settings() -> list[str]:
    found = []
    for _ in range(settings["attempts"]):
        try:
            found.append(settings.copy().popitem()[0])
        except KeyError:
            continue
    return found


def ask_rated(prompt: str) -> str:
    # goes round only on a rate limit (which the SDK retries too), else raises
    while True:
        try:
            return str(rated.chat.completions.create(model="m", messages=[prompt]))
        except openai.APIError as error:
            if "rate limit" in str(error).lower():
                time.sleep(30)
                continue
            raise


def tool_rounds(prompt: str, rounds: int) -> str:
    # each round sends a new request; a failure returns at once: no retry
    messages = [prompt]
    for _ in range(rounds):
        try:
            reply = tools.chat.completions.create(model="m", messages=messages)
        except openai.APIError as error:
            return f"API error: {error}"
        messages.append(str(reply))
    return messages[-1]
