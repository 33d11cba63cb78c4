class TemplateFormatter:
    async def aask(self, prompt):
        return prompt.strip()
