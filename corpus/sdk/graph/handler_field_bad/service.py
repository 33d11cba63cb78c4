from tenacity import retry, stop_after_attempt, wait_random


@retry(wait=wait_random(min=1, max=4), stop=stop_after_attempt(4))
def complete(messages, model, client=None):
    return client.chat.completions.create(model=model, messages=messages)
