from tenacity import retry, stop_after_attempt

from .clients import Service, structured_client


@retry(stop=stop_after_attempt(3))
def extract(text):
    return structured_client().chat.completions.create(model="m", messages=[], response_model=dict)


class Worker(Service):
    @retry(stop=stop_after_attempt(3))
    def ask(self, prompt):
        return self.llm.chat.completions.create(model="m", messages=[])
