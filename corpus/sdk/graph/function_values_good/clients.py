from openai import OpenAI


def make_completer(api_key: str):
    client = OpenAI(api_key=api_key, max_retries=0)

    def complete(messages: list[dict[str, str]]) -> str:
        reply = client.chat.completions.create(model="gpt-4.1-mini", messages=messages)
        return reply.choices[0].message.content or ""

    return complete


shared = OpenAI(max_retries=0)


def send(prompt: str, model: str) -> str:
    reply = shared.chat.completions.create(
        model=model, messages=[{"role": "user", "content": prompt}]
    )
    return reply.choices[0].message.content or ""


MODELS = {
    "large": lambda prompt: send(prompt, "gpt-4.1"),
    "small": lambda prompt: send(prompt, "gpt-4.1-mini"),
}

