import backoff


@backoff.on_exception(backoff.expo, ValueError, max_tries=4)
def normalise(model, question):
    return f"{model}: {question.strip()}"
