import instructor
from openai import OpenAI


def make_client():
    return OpenAI(timeout=60)  # expect: RA401(warning)


def structured_client():
    return instructor.from_openai(make_client())


class Service:
    def __init__(self):
        self.llm = OpenAI().with_options(timeout=30)  # expect: RA401(warning)
