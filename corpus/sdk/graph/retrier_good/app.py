from tenacity import Retrying, retry_if_result, stop_after_attempt

from .client import send


def main(prompt):
    # re-asks only when the answer is empty: the request's failures are the SDK's
    retrier = Retrying(stop=stop_after_attempt(4), retry=retry_if_result(lambda r: not r))
    return retrier(send, prompt)
