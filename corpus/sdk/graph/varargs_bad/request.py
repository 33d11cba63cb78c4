import time

import openai


def make_request(client: openai.OpenAI, message: str, model: str):
    return client.chat.completions.create(
        model=model, messages=[{"role": "user", "content": message}]
    )


def make_auto_request(*args, **kwargs):
    ret = None
    while ret is None:
        try:
            ret = make_request(*args, **kwargs)
        except openai.RateLimitError:
            time.sleep(5)
        except Exception:
            time.sleep(1)
    return ret
