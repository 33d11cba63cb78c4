from .answer import normalise
from .factory import make


def main(provider, question):
    client, model = make(provider)
    prompt = normalise(model, question)
    return client.chat.completions.create(model=model, messages=[prompt])
