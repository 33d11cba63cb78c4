from .clients import MODELS, make_completer


def with_attempts(call, *args, attempts: int = 3):
    for _ in range(attempts):
        try:
            return call(*args)
        except Exception:
            continue
    return None


def answer(api_key: str, question: str):
    completer = make_completer(api_key)
    return with_attempts(completer, [{"role": "user", "content": question}])


def route(model: str, prompt: str):
    return with_attempts(MODELS[model], prompt)
