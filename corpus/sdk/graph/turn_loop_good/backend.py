from dataclasses import dataclass, field

from anthropic import Anthropic


@dataclass
class Step:
    text: str
    tool_calls: list[dict] = field(default_factory=list)
    done: bool = False


@dataclass
class State:
    messages: list[dict] = field(default_factory=list)


class Backend:
    def __init__(self) -> None:
        self.client = Anthropic()

    def next_step(self, state: State) -> Step:
        try:
            message = self.client.messages.create(
                model="claude-sonnet-4-5", max_tokens=1024, messages=state.messages
            )
        except Exception as error:
            return Step(text=f"request failed: {error}", done=True)
        return Step(text=message.content[0].text)
