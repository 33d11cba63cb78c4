from openai import AzureOpenAI, OpenAI

from app.handlers.pacing import paced_retry


class CompletionHandler:
    def complete(self, prompts, settings):
        @paced_retry()
        def submit(prompts):
            def chat(prompt):
                return client.chat.completions.create(model=settings["model"], messages=[prompt])

            return [chat(prompt) for prompt in prompts]

        client = self._client(settings)
        return submit(prompts)

    @staticmethod
    def _client(settings):
        if settings.get("provider") == "azure":
            return AzureOpenAI(  # expect: RA401
                api_key=settings["key"], azure_endpoint=settings["base"], api_version="2024-06-01"
            )
        return OpenAI(api_key=settings["key"])  # the same requests: one finding
