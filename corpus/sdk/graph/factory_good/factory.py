from openai import OpenAI


def make(provider):
    """A client and the model to use with it."""
    return OpenAI(), "gpt-4o"
