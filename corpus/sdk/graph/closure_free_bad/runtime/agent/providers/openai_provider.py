from openai import OpenAI

from runtime.agent import ModelProvider


class OpenAIProvider(ModelProvider):
    def create_client(self):
        return OpenAI(api_key="sk-test")  # expect: RA401

    def call_model(self, client, conversation):
        return client.chat.completions.create(model="m", messages=conversation)
