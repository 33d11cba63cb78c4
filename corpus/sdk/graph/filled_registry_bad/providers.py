import openai


class OpenRouterProvider:
    def __init__(self, key: str, base_url: str = "https://openrouter.ai/api/v1") -> None:
        self.client = openai.OpenAI(api_key=key, base_url=base_url)  # expect: RA401(warning)

    def complete(self, model: str, messages: list[dict]) -> str:
        reply = self.client.chat.completions.create(model=model, messages=messages)
        return reply.choices[0].message.content or ""
