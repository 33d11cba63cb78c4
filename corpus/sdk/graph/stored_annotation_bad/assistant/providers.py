"""A corpus package: the agent keeps the provider it is given (`self.provider =
provider`), and nothing in the tree constructs the agent, so the provider's class is
the one its parameter's annotation names (a string, as a forward reference)."""

from openai import OpenAI


class OpenAIProvider:
    def complete(self, prompt: str) -> str:
        client = OpenAI()  # expect: RA401(warning)
        reply = client.chat.completions.create(
            model="gpt-4o", messages=[{"role": "user", "content": prompt}]
        )
        return reply.choices[0].message.content or ""
