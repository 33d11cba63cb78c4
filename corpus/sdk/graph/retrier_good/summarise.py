import json

from openai import OpenAI

from .decorators import with_retries

summariser = OpenAI()


@with_retries()
def summarise(text):
    reply = summariser.chat.completions.create(model="gpt-4o-mini", messages=[text])
    return json.loads(reply.choices[0].message.content)["summary"]
