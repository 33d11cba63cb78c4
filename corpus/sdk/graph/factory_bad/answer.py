import backoff
import openai


@backoff.on_exception(backoff.expo, openai.APIError, max_tries=4)
def answer(client, model, question):
    reply = client.chat.completions.create(model=model, messages=[question])
    return reply.choices[0].message.content
