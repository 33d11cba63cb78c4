"""The override: a tool loop that finds each tool the model asked for by its name."""

from .model_base import ProviderModel


class ToolChatModel(ProviderModel):
    async def _run_tools(self, messages, tools):
        while True:
            response = await self.client.chat.completions.create(messages=messages)
            asked = response.choices[0].message.tool_calls
            if not asked:
                return response
            for request in asked:
                tool = next((t for t in tools if t.name == request.function.name), None)
                output = await tool.ainvoke(request.function.arguments)
                messages.append({"role": "tool", "content": str(output)})

    async def _complete(self, prompt, tools=None, **kwargs):
        return await self._run_tools(prompt, tools)
