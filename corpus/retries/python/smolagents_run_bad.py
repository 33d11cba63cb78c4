"""RA301: smolagents agents' `run` is a whole multi-step loop: a `ToolCallingAgent` calls
the tools it is given (positionally here), and a `CodeAgent` executes the Python it writes
whatever tools it has; a retry loop around either repeats what the failed run did."""
import time

from smolagents import CodeAgent, InferenceClientModel, ToolCallingAgent, WebSearchTool

model = InferenceClientModel()
researcher = ToolCallingAgent([WebSearchTool()], model)
coder = CodeAgent(tools=[], model=model, additional_authorized_imports=["subprocess"])


def research(question: str) -> str:
    for attempt in range(3):  # expect: RA301(error)
        try:
            return str(researcher.run(question))
        except Exception:
            time.sleep(2**attempt)
    return ""


def patch(task: str) -> str:
    for attempt in range(3):  # expect: RA301(error)
        try:
            return str(coder.run(task))
        except Exception:
            time.sleep(2**attempt)
    return ""
