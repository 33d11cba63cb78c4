DEFAULT_MODEL = "gpt-4o-mini"

openai_kwargs = {
    "timeout": 30.0,
    "max_retries": 0,  # the retry decorator retries
}

anthropic_kwargs: dict[str, object] = {"max_retries": 0}
