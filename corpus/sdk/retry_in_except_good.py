"""RA401 near misses: an `except` clause that fails over to another client (a different
call), one that only reports and raises again, and a second attempt through a client
built without retries; a clause that makes again a call for nothing, not for the value
the `try` was making (it saves the record the `try` saved); one that changes what the
call reads first (`model = "gpt-4o-mini"`): a failover."""

import time

import openai
from openai import OpenAI

primary = OpenAI()
fallback = OpenAI(base_url="https://backup.example.com/v1")
single = OpenAI(max_retries=0)


def ask(prompt: str) -> str:
    messages = [{"role": "user", "content": prompt}]
    try:
        reply = primary.chat.completions.create(model="gpt-4o", messages=messages)
    except openai.APIConnectionError:
        reply = fallback.chat.completions.create(model="gpt-4o", messages=messages)
    return reply.choices[0].message.content or ""


def summarise(text: str) -> str:
    try:
        reply = primary.responses.create(model="gpt-4o", input=text)
    except openai.APIError as error:
        print(f"summary failed: {error}")
        raise
    return reply.output_text


def classify(text: str) -> str:
    try:
        reply = single.responses.create(model="gpt-4o", input=text)
    except openai.RateLimitError:
        time.sleep(5)
        reply = single.responses.create(model="gpt-4o", input=text)
    return reply.output_text


def record(store, prompt: str) -> str:
    try:
        reply = primary.responses.create(model="gpt-4o", input=prompt)
        store.save(prompt)
    except openai.APIError:
        store.save(prompt)  # (made again, but for nothing: no value it was making)
        return ""
    return reply.output_text


def answer(prompt: str) -> str:
    model = "gpt-4o"
    messages = [{"role": "user", "content": prompt}]
    try:
        reply = primary.chat.completions.create(model=model, messages=messages)
    except openai.RateLimitError:
        model = "gpt-4o-mini"  # (another request: a failover to a smaller model)
        reply = primary.chat.completions.create(model=model, messages=messages)
    return reply.choices[0].message.content or ""
