import openai


class Handler:
    def __init__(self, key: str) -> None:
        self.client = openai.OpenAI(api_key=key)  # expect: RA401(warning)
        self.model = "gpt-4o-mini"
