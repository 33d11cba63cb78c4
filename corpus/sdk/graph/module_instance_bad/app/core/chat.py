"""The retry layer: every failure, eight times, around a call on the module's proxy. A
method of this module has the same name, and is not what the proxy runs."""

import backoff

from app.utils.proxy import BackupModel, ModelProxy

proxy = ModelProxy()
backup = None


def use_backup() -> None:
    """A function sets the module's name again (`global`): it holds this instance too."""
    global backup
    backup = BackupModel()


class Conversation:
    def complete(self, prompt: str) -> str:
        @backoff.on_exception(backoff.expo, Exception, max_tries=8)
        def fetch() -> str:
            try:
                return proxy.complete(prompt)
            except TimeoutError:
                return backup.complete(prompt)

        return fetch()
