from pydantic_ai import Agent
from pydantic_ai.models.openai import OpenAIModel

from .llm.connection import open_connection


class Conductor:
    def __init__(self) -> None:
        self.model: OpenAIModel | None = None
        self.history: list[str] = []

    async def start(self) -> None:
        self.model = OpenAIModel(model_name="gpt-4o", openai_client=open_connection())

    async def choose_worker(self, plan: str) -> tuple[bool, str | None]:
        try:
            chooser = Agent(model=self.model, system_prompt="Name the worker for the next step.")
            result = await chooser.run(plan)
            return True, result.output
        except Exception:
            return False, None

    async def dispatch(self, worker: str, plan: str) -> str:
        self.history.append(f"{worker}: {plan}")
        return worker

    async def conduct(self, plan: str) -> None:
        while True:
            chosen, worker = await self.choose_worker(plan)
            if not chosen:
                continue
            if worker == "done":
                break
            plan = await self.dispatch(worker or "", plan)
