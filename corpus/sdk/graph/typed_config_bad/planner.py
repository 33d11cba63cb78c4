"""RA401: the model is read out of the TypedDict record (`SETTINGS["llm"]`), given tools
and sent through the project's helper, which sends again what the SDK already did."""

from .helpers import invoke_with_retry
from .settings import SETTINGS

llm = SETTINGS["llm"]


def plan(steps_tool, prompt):
    planner = llm.bind_tools([steps_tool])
    return invoke_with_retry(planner, prompt)
