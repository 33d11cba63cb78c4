"""A middleware of the project: LangChain calls its `wrap_model_call` around every model
call of the agents it is given to, and it sends the request again after a connection
error or a timeout, failures the chat model's client has already retried."""

import time

import httpx
import openai
from langchain.agents.middleware import AgentMiddleware


class ResilientModelMiddleware(AgentMiddleware):
    def __init__(self, attempts: int = 3) -> None:
        super().__init__()
        self.attempts = attempts

    def wrap_model_call(self, request, handler):
        for attempt in range(3):
            try:
                return handler(request)
            except (openai.APIConnectionError, httpx.ReadTimeout):
                if attempt == 2:
                    raise
                time.sleep(2**attempt)
        return None


class TracedMiddleware(ResilientModelMiddleware):
    """Inherits the retrying `wrap_model_call`."""

    name = "traced"


class PatientMiddleware(AgentMiddleware):
    """For agents run async: LangChain calls `awrap_model_call`."""

    async def awrap_model_call(self, request, handler):
        attempt = 0
        while True:
            try:
                return await handler(request)
            except openai.RateLimitError:
                attempt += 1
                if attempt >= 4:
                    raise
