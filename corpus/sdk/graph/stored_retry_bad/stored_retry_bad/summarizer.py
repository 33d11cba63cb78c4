import json

from openai import OpenAI

from stored_retry_bad.resilience import make_llm_retry

client = OpenAI()  # expect: RA401(warning)


@make_llm_retry()
def summarize(text: str) -> dict[str, str]:
    reply = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": f"Summarise as JSON: {text}"}]
    )
    return json.loads(reply.choices[0].message.content or "{}")
