"""RA401: the model is read out of the TypedDict record (`SETTINGS["llm"]`), given tools
(the same client) and sent through the retry helper, which retries what the SDK client
already retried."""

from .helpers import invoke_patiently
from .settings import SETTINGS

llm = SETTINGS["llm"]


def plan(steps_tool, prompt):
    planner = llm.bind_tools([steps_tool])
    return invoke_patiently(planner, prompt)
