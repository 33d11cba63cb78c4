from agents import Agent, Runner

from .model import AgentModel


class SqlModel(AgentModel):
    async def run_query_agent(self, question: str, tools: list) -> str:
        agent = Agent(name="sql", tools=tools)

        async def run_agent():
            result = await Runner.run(agent, question)
            return result.final_output

        return await self.with_retry(run_agent, "sql agent")  # expect: RA301(warning)
