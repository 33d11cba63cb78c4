"""The override looks a tool up by a literal name: a fixed lookup the code makes."""

from .model_base import SearchingModel


class FixedToolModel(SearchingModel):
    async def _with_context(self, messages, tools):
        lookup = next((t for t in tools if t.name == "read_docs"), None)
        context = await lookup.ainvoke({"query": messages[-1]["content"]})
        messages.append({"role": "system", "content": str(context)})
        return await self.client.chat.completions.create(messages=messages)

    async def _complete(self, prompt, tools=None, **kwargs):
        return await self._with_context(prompt, tools)
