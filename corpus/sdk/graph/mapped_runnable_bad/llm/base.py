"""RA401: the base class retries every request on the provider errors a subclass's
`_map_error` override raises for its SDK's rate limits; the model the subclass (in
another module) hands to `__init__` keeps LangChain's 2 retries, sent by `ainvoke`."""

from tenacity import AsyncRetrying, retry_if_exception_type, stop_after_attempt

from .errors import ProviderConnectionError, ProviderError, ProviderRateLimitError

_RETRIABLE = (ProviderRateLimitError, ProviderConnectionError)


class BaseProvider:
    def __init__(self, model_name: str, chat_model) -> None:
        self.model_name = model_name
        self._model = chat_model

    async def complete(self, messages: list) -> str:
        async for attempt in AsyncRetrying(
            stop=stop_after_attempt(3), retry=retry_if_exception_type(_RETRIABLE), reraise=True
        ):
            with attempt:
                return await self._complete_once(messages)
        raise ProviderError("no attempt ran")

    async def _complete_once(self, messages: list) -> str:
        try:
            result = await self._model.ainvoke(messages)
        except ProviderError:
            raise
        except Exception as exc:
            raise self._map_error(exc) from exc
        return str(result.content)

    def _map_error(self, exc: BaseException) -> ProviderError:
        return ProviderError(str(exc))
