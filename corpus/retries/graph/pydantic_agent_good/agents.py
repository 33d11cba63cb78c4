"""Near miss: Pydantic AI agents given no tools (structured output only): a run only
answers, and running it again repeats no side effect."""

from pydantic_ai import Agent


def make_planner(model):
    return Agent(model=model, system_prompt="Plan the next step.", retries=2)


critic = Agent("openai:gpt-4o", tools=[])
