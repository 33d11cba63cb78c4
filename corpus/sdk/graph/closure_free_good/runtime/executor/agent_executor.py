from openai import OpenAI
from tenacity import Retrying, stop_after_attempt

from runtime.agent import ModelProvider, ProviderRegistry


class AgentExecutor:
    def execute(self, name, conversation):
        provider = ProviderRegistry.get_provider(name)()
        client = provider.create_client()
        return self._invoke(provider, client, conversation)

    def _invoke(self, provider: ModelProvider, client, conversation):
        def _call_provider():
            client = OpenAI(api_key="sk-test", max_retries=0)
            return provider.call_model(client, conversation)

        return self._with_retry(_call_provider)

    def _with_retry(self, func):
        retrier = Retrying(stop=stop_after_attempt(4), reraise=True)
        return retrier(func)
