from openai import OpenAI


def make_client(key):
    # The grader's loop owns recovery: the SDK's own retries are off.
    return OpenAI(api_key=key, max_retries=0)
