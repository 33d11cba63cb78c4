"""The client's failures come back as the application's own classes, chosen by the status
the SDK's error carries (through a library's retry error that wraps it)."""

import instructor
from groq import Groq
from instructor.exceptions import InstructorRetryException

from stand_bad.errors import ChatRateLimited, ChatRejected, ChatUnavailable


class GroqChat:
    def __init__(self) -> None:
        self._client = instructor.from_groq(Groq())  # expect: RA401(warning)

    def ask(self, messages: list[dict[str, str]], model: str):
        try:
            return self._client.chat.completions.create(model=model, messages=messages, response_model=None)
        except InstructorRetryException as error:
            status = error.args[0].response.status_code
            if status == 429:
                raise ChatRateLimited() from error
            if status >= 500:
                raise ChatUnavailable() from error
            raise ChatRejected(str(error)) from error
