"""A receiver of a known class on one path and an unknown value on the other, where the
known class belongs to no family of the providers (`Template` implements no protocol a
provider implements): the providers' overrides are no candidates for it."""

import tenacity
from anthropic import Anthropic

TEMPLATES: dict = {}


class Template:
    def render(self, prompt: str) -> str:
        return prompt.strip()


class Summariser:
    def __init__(self) -> None:
        self.client = Anthropic()

    def render(self, prompt: str) -> str:
        reply = self.client.messages.create(
            model="claude-sonnet-4-5", max_tokens=256, messages=[{"role": "user", "content": prompt}]
        )
        return reply.content[0].text


@tenacity.retry(stop=tenacity.stop_after_attempt(3))
def fill(prompt: str, name: str) -> str:
    if name in TEMPLATES:
        template = TEMPLATES[name]
    else:
        template = Template()
    return template.render(prompt)
