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
