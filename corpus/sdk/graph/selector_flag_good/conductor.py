from pydantic_ai import Agent
from pydantic_ai.models.openai import OpenAIModel

from .llm.connection import open_link


class Coordinator:
    def __init__(self) -> None:
        self.model: OpenAIModel | None = None
        self.history: list[str] = []

    async def begin(self) -> None:
        self.model = OpenAIModel(model_name="gpt-4o", openai_client=open_link())

    async def pick_worker(self, plan: str) -> tuple[bool, str]:
        try:
            chooser = Agent(model=self.model, system_prompt="Name the worker for the next step.")
            result = await chooser.run(plan)
            return True, result.output
        except Exception:
            return False, "reviewer"

    async def hand_over(self, worker: str, plan: str) -> str:
        self.history.append(f"{worker}: {plan}")
        return worker

    async def coordinate(self, plan: str) -> None:
        while True:
            _, worker = await self.pick_worker(plan)
            if worker == "done":
                break
            plan = await self.hand_over(worker, plan)
