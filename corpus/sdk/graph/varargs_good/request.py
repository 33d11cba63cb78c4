import openai


def make_request(client: openai.OpenAI, message: str, model: str):
    return client.chat.completions.create(
        model=model, messages=[{"role": "user", "content": message}]
    )


def make_logged_request(*args, **kwargs):
    print("request:", kwargs.get("model"))
    return make_request(*args, **kwargs)
