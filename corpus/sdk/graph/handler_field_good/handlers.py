import openai


class Settings:
    def __init__(self) -> None:
        self.client = "routes-v2"
        self.model = "gpt-4o-mini"


class Uploader:
    def __init__(self) -> None:
        self.client = openai.OpenAI()

    def upload(self, path: str):
        with open(path, "rb") as handle:
            return self.client.files.create(file=handle, purpose="batch")
