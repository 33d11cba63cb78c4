"""A mixin whose method runs whatever query function the instance keeps (`self.query`),
defined in no class of this module."""
from typing import Any


class QueryMixin:
    query: Any
    options_class: Any

    async def _execute_query(self, prompt: str) -> str:
        options = self.options_class(permission_mode="bypassPermissions", max_turns=60)
        text = ""
        async for message in self.query(prompt=prompt, options=options):
            text = getattr(message, "result", None) or text
        return text
