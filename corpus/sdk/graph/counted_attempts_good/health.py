from .summaries import ping


def health_check() -> bool:
    return ping(max_retries=1)
