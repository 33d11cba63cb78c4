import openai

from retrying import generate_with_retries


class Generator:
    def __init__(self, api_key: str) -> None:
        self.client = openai.Client(api_key=api_key, max_retries=0)

    def generate(self, prompt: str) -> str:
        response = generate_with_retries(
            retry_function=self.client.chat.completions.create,
            model_args={"model": "gpt-4o-mini", "messages": [{"role": "user", "content": prompt}]},
        )
        return response.choices[0].message.content
