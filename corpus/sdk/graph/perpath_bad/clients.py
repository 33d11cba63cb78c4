from openai import OpenAI


def make_client(max_retries=2):
    return OpenAI(max_retries=max_retries)  # expect: RA401
