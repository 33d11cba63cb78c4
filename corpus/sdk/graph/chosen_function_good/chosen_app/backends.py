import anthropic
import openai


def ask_v1(model: str, messages: list[dict[str, str]]) -> str:
    client = openai.OpenAI(max_retries=0)
    reply = client.chat.completions.create(model=model, messages=messages)
    return reply.choices[0].message.content or ""


def ask_legacy(model: str, messages: list[dict[str, str]]) -> str:
    reply = openai.Completion.create(model=model, prompt=messages[-1]["content"])
    return reply["choices"][0]["text"]


def pick_backend():
    if int(openai.__version__[0]) > 0:
        return ask_v1
    return ask_legacy


ask = pick_backend()


def complete_v1(prompt: str) -> str:
    client = anthropic.Anthropic(max_retries=0)
    reply = client.messages.create(
        model="claude-sonnet-4-5", max_tokens=512, messages=[{"role": "user", "content": prompt}]
    )
    return reply.content[0].text


complete = complete_v1
