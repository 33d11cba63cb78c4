from nsprov_good.llm.base import ChatModel


class EchoChat(ChatModel):
    async def complete_chat(self, prompt: str) -> str:
        return prompt
