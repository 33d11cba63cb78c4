from tenacity import retry, stop_after_attempt

from .clients import make_client


@retry(stop=stop_after_attempt(3))
def classify(text):
    client = make_client()
    return client.chat.completions.create(model="gpt-4o-mini", messages=[text])


@retry(stop=stop_after_attempt(3))
def summarise(text):
    client = make_client(max_retries=0)
    return client.chat.completions.create(model="gpt-4o-mini", messages=[text])
