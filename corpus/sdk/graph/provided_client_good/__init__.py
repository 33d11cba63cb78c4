"""A dependency-injection container provides the client with the SDK's retries turned
off (`Singleton(AsyncOpenAI, …, max_retries=0)`), so the `backoff` decorator of the model
class it is handed to is the only retry layer."""
