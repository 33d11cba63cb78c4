from openai import OpenAI

client = OpenAI(base_url="https://api.example.com/v1", max_retries=0)


def send(query):
    return client.chat.completions.create(model="m", messages=[query])
