from .backend import Backend, State


def run_tool(call: dict) -> str:
    return f"ran {call['name']}"


class Agent:
    def __init__(self, max_steps: int = 20) -> None:
        self.backend = Backend()
        self.max_steps = max_steps

    def solve(self, task: str) -> str:
        state = State(messages=[{"role": "user", "content": task}])
        for _ in range(self.max_steps):
            step = self.backend.next_step(state)
            if step.done or not step.tool_calls:
                return step.text
            state.messages.append({"role": "assistant", "content": step.text})
            for call in step.tool_calls:
                state.messages.append({"role": "user", "content": run_tool(call)})
        return ""
