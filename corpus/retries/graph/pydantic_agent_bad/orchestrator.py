"""The orchestrator keeps the browser agent on the instance and re-runs its step after any
failure; a module-level retry re-runs the shipping agent."""

import asyncio

from .agents import make_browser, shipper


class Orchestrator:
    def __init__(self, model):
        self.browser = make_browser(model)

    async def step(self, task):
        done, tries = False, 0
        while not done and tries < 3:  # expect: RA301(error)
            tries += 1
            try:
                await self.browser.run(user_prompt=task)
                done = True
            except Exception:
                await asyncio.sleep(1)


def ship(release):
    for attempt in range(3):  # expect: RA301(error)
        try:
            return shipper.run_sync(f"Ship {release}")
        except Exception:
            if attempt == 2:
                raise
