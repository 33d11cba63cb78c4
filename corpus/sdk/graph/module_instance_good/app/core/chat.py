"""The same retry layer around the module's proxy; its client retries nothing."""

import backoff

from app.utils.proxy import ModelProxy

proxy = ModelProxy()


class Conversation:
    def complete(self, prompt: str) -> str:
        @backoff.on_exception(backoff.expo, Exception, max_tries=8)
        def fetch() -> str:
            return proxy.complete(prompt)

        return fetch()
