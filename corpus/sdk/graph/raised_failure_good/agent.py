import json

from .backend import Backend


class Planner:
    def __init__(self, backend: Backend, tries: int = 3) -> None:
        self.backend = backend
        self.tries = tries

    def plan(self, goal: str) -> dict:
        prompt = f"Plan this as JSON: {goal}"
        for attempt in range(self.tries):
            try:
                reply = self.backend.complete(prompt)
                if reply.error:
                    raise ConnectionError(reply.error)
                return json.loads(reply.text)
            except json.JSONDecodeError as error:
                prompt += f"\nThe last answer failed ({error}); answer with JSON only."
        return {}
