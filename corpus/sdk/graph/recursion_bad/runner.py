import time

import openai


class Runner:
    client = openai.OpenAI()  # expect: RA401

    def run_single(self, prompt):
        try:
            return Runner.client.chat.completions.create(model="gpt-4o", messages=prompt)
        except openai.APIError:
            time.sleep(30)
            return self.run_single(prompt)
