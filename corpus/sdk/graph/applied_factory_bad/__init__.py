"""A corpus package: a client applies the project's retry decorator factory at run time,
through local names (`retry_decorator = async_retry(config=…)`, `api_call =
retry_decorator(self._make_api_request)`); the factory's loop catches the exceptions of
a configuration object, whose class defaults them to `Exception`."""
