"""RA401 under narrowed retry layers: both layers retry some failures, no fix is offered."""

import time

import anthropic
import backoff
import openai
import tenacity

SERVER_TROUBLE = ("overloaded", "529")

claude = anthropic.Anthropic(max_retries=4)  # expect: RA401(warning)
summariser = anthropic.Anthropic()  # expect: RA401(warning)
chat = openai.OpenAI(max_retries=3)  # expect: RA401(warning)
vision = openai.OpenAI()  # expect: RA401(warning)


def is_server_trouble(error: Exception) -> bool:
    return any(word in str(error).lower() for word in SERVER_TROUBLE)


def retry_on_server_trouble(attempts: int = 6):
    """A decorator of this module: goes on only when the error says the server is busy."""

    def decorate(func):
        def wrapper(*args, **kwargs):
            for attempt in range(attempts):
                try:
                    return func(*args, **kwargs)
                except Exception as error:
                    if not is_server_trouble(error) or attempt == attempts - 1:
                        raise
                    time.sleep(2**attempt)
            return None

        return wrapper

    return decorate


@retry_on_server_trouble()
def ask(question: str) -> str:
    reply = claude.messages.create(model="m", max_tokens=64, messages=[question])
    return str(reply)


def summarise(text: str) -> str:
    # A hand-written loop that goes on only after a 503.
    for attempt in range(5):
        try:
            return str(summariser.messages.create(model="m", max_tokens=64, messages=[text]))
        except anthropic.APIStatusError as error:
            if error.status_code != 503:
                raise
            time.sleep(attempt)
    return ""


@tenacity.retry(
    retry=tenacity.retry_if_exception_type(openai.RateLimitError),
    stop=tenacity.stop_after_attempt(5),
)
def complete(prompt: str) -> str:
    return str(chat.chat.completions.create(model="m", messages=[prompt]))


@backoff.on_exception(backoff.expo, openai.APIError, giveup=lambda e: e.status_code < 500)
def describe_image(url: str) -> str:
    return str(vision.chat.completions.create(model="m", messages=[url]))
