import json

from openai import OpenAI

from stored_retry_good.resilience import make_llm_retry

client = OpenAI()


@make_llm_retry(errors=json.JSONDecodeError)  # a reply it cannot parse
def summarize(text: str) -> dict[str, str]:
    reply = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": f"Summarise as JSON: {text}"}]
    )
    return json.loads(reply.choices[0].message.content or "{}")


@make_llm_retry(3, json.JSONDecodeError)  # by position: still only a reply it cannot parse
def summarize_short(text: str) -> dict[str, str]:
    reply = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": f"One line, as JSON: {text}"}]
    )
    return json.loads(reply.choices[0].message.content or "{}")


RETRY_OPTIONS = {"attempts": 2, "errors": json.JSONDecodeError}


@make_llm_retry(**RETRY_OPTIONS)  # spread: it may give the classes, so no default is taken
def summarize_title(text: str) -> dict[str, str]:
    reply = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": f"A title, as JSON: {text}"}]
    )
    return json.loads(reply.choices[0].message.content or "{}")
