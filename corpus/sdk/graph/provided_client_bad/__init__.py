"""A dependency-injection container provides the client (`Singleton(AsyncOpenAI, …)`)
and hands it to the model class of another module (`Factory(OpenAIChat,
client=openai_client)`), whose method retries rate limits with `backoff`."""
