"""The retry layer: every failure, eight times, around a call on the module's proxy. A
method of this module has the same name, and is not what the proxy runs."""

import backoff

from app.utils.proxy import ModelProxy

proxy = ModelProxy()


class Conversation:
    def complete(self, prompt: str) -> str:
        @backoff.on_exception(backoff.expo, Exception, max_tries=8)
        def fetch() -> str:
            return proxy.complete(prompt)

        return fetch()
