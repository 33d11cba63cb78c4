import openai

_CLIENT: openai.OpenAI | None = None


def _client() -> openai.OpenAI:
    global _CLIENT
    if _CLIENT is None:
        _CLIENT = openai.OpenAI(base_url="https://api.deepseek.com/v1", max_retries=0)
    return _CLIENT


def deepseek_generate(*, model: str, prompt: str) -> str:
    reply = _client().chat.completions.create(
        model=model, messages=[{"role": "user", "content": prompt}]
    )
    return reply.choices[0].message.content or ""
