from openai import OpenAI
from tenacity import retry


class C:
    def __init__(self):
        self.x = C.g(self)
        self.client = OpenAI()  # expect: RA401(warning)

    def g(self):
        return self.x

    @retry
    def go(self):
        self.x.run()
        return self.client.chat.completions.create(model="m", messages=[])
