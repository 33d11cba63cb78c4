"""Near misses: a middleware whose `wrap_model_call` calls the model once (it only logs),
and one whose retry loop is in a tool hook, which LangChain does not call around model
calls."""

import logging

import openai
from langchain.agents.middleware import AgentMiddleware


class LoggingMiddleware(AgentMiddleware):
    def wrap_model_call(self, request, handler):
        logging.info("model call")
        try:
            return handler(request)
        except openai.APIConnectionError:
            logging.exception("model call failed")
            raise


class ToolRetryMiddleware(AgentMiddleware):
    def wrap_tool_call(self, request, handler):
        for attempt in range(3):
            try:
                return handler(request)
            except TimeoutError:
                if attempt == 2:
                    raise
        return None


class RetryingMiddleware(AgentMiddleware):
    async def awrap_model_call(self, request, handler):
        for attempt in range(3):
            try:
                return await handler(request)
            except openai.APIConnectionError:
                if attempt == 2:
                    raise
        return None


def fetch_token() -> str:
    return "token"


class AuthMiddleware(AgentMiddleware):
    """Retries fetching a token, then sends the model request once."""

    def wrap_model_call(self, request, handler):
        token = ""
        for attempt in range(3):
            try:
                token = fetch_token()
                break
            except OSError:
                continue
        logging.debug("token %s", bool(token))
        return handler(request)
