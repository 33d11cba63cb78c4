from openai import OpenAI


def make_client(key):
    return OpenAI(api_key=key)  # expect: RA401
