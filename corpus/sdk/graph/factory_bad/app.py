from .answer import answer
from .factory import make


def main(provider, question):
    client, model = make(provider)
    return answer(client, model, question)
