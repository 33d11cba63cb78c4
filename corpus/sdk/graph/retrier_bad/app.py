from tenacity import Retrying, stop_after_attempt

from .client import send

retrier = Retrying(stop=stop_after_attempt(4))


def main(prompt):
    retrier = Retrying(stop=stop_after_attempt(4))
    return retrier(send, prompt)
