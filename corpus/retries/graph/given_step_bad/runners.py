from agents import Runner

from .backoff import retry_with_backoff


class RetryingRunner:
    @staticmethod
    async def run(agent, items, **kwargs):
        return await retry_with_backoff(Runner.run, agent, items, **kwargs)  # expect: RA301(warning)
