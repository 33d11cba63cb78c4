from nsprov_bad.llm.base import ChatModel


class EchoChat(ChatModel):
    async def complete_chat(self, prompt: str) -> str:
        return prompt
