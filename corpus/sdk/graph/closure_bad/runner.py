import time

import anthropic


class Runner:
    client = anthropic.Anthropic()  # expect: RA401

    def run(self, prompt):
        def single(tries):
            try:
                return Runner.client.messages.create(model="m", max_tokens=99, messages=prompt)
            except anthropic.APIError:
                time.sleep(5)
                return single(tries + 1)

        return single(0)
