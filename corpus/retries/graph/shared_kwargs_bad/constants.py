DEFAULT_MODEL = "gpt-4o-mini"

client_kwargs = {
    "timeout": 30.0,
    "max_retries": 3,
}
