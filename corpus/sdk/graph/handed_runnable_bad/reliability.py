"""The runnable the application uses: the model wrapped in LangChain's retry, made here
and handed on (returned, or kept in a local that is returned)."""


def resilient(model, retries: int = 3):
    return model.with_retry(stop_after_attempt=retries)


def resilient_with_fallbacks(model, fallbacks: list):
    primary = model.with_retry(stop_after_attempt=4)
    if fallbacks:
        primary = primary.with_fallbacks(fallbacks)
    return primary
