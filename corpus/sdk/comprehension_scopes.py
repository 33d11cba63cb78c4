"""RA401 and comprehension scopes: a comprehension's own `client` is not the module's."""

from anthropic import Anthropic
from tenacity import retry, stop_after_attempt

client = Anthropic()  # expect: RA401(warning)


@retry(stop=stop_after_attempt(3))
def ping_all(pools: list) -> list:
    # Near miss: `client` is each pool's client, the comprehension's own variable.
    return [client.messages.count_tokens(model="m", messages=[]) for client in pools]


@retry(stop=stop_after_attempt(3))
def summaries(prompts: list[str]) -> list[str]:
    # The module's client: the comprehension's variable is `prompt`.
    return [
        client.messages.create(model="m", max_tokens=64, messages=[{"role": "user", "content": p}])
        .content[0]
        .text
        for p in prompts
    ]


@retry(stop=stop_after_attempt(3))
def batch_ids(_: str) -> list[str]:
    # The first `in` is read outside the comprehension: the module's client, again.
    return [client.id for client in client.models.list()]
