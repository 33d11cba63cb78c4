"""Near miss: the annotation names a provider that sends nothing; a namesake method of
another class builds a client, and nothing under the retry layer holds that class."""

from openai import OpenAI


class EchoProvider:
    def complete(self, prompt: str) -> str:
        return prompt


class OpenAIProvider:
    def complete(self, prompt: str) -> str:
        client = OpenAI()
        reply = client.chat.completions.create(
            model="gpt-4o", messages=[{"role": "user", "content": prompt}]
        )
        return reply.choices[0].message.content or ""
