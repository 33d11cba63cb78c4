from openai import OpenAI

from .decorators import with_retries

summariser = OpenAI()  # expect: RA401


@with_retries()
def summarise(text):
    return summariser.chat.completions.create(model="gpt-4o-mini", messages=[text])
