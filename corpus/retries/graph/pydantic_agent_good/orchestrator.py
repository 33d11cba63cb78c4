"""The same retry loops around agents that only answer."""

import asyncio

from .agents import critic, make_planner


class Planner:
    def __init__(self, model):
        self.planner = make_planner(model)

    async def plan(self, task):
        done, tries = False, 0
        while not done and tries < 3:
            tries += 1
            try:
                await self.planner.run(user_prompt=task)
                done = True
            except Exception:
                await asyncio.sleep(1)


def review(diff):
    for attempt in range(3):
        try:
            return critic.run_sync(f"Review {diff}")
        except Exception:
            if attempt == 2:
                raise
