"""Pydantic AI agents given tools: one by `@agent.tool` decorators, one by `tools=[…]`.
Each `run` is a whole agent loop, its tool calls included."""

from pydantic_ai import Agent


def make_browser(model):
    browser = Agent(model=model, system_prompt="Operate the browser.")

    @browser.tool_plain
    async def click(selector: str) -> str:
        return f"clicked {selector}"

    return browser


async def deploy(target: str) -> str:
    return f"deployed {target}"


shipper = Agent("openai:gpt-4o", tools=[deploy])
