"""Near miss for RA301: a `ToolCallingAgent` given no tools (its first argument) only
answers, so a retry of its run repeats no side effect."""
import time

from smolagents import InferenceClientModel, ToolCallingAgent

answerer = ToolCallingAgent([], InferenceClientModel())


def answer(question: str) -> str:
    for attempt in range(3):
        try:
            return str(answerer.run(question))
        except Exception:
            time.sleep(2**attempt)
    return ""
