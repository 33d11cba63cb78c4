"""A loop that asks the same question several times to sample the answers: a failure is
recorded and the next sample asked, and too many failures end it. No request is sent again
because it failed, so the SDK's own retries are the only ones."""
import time

from openai import OpenAI

client = OpenAI()


def sample(prompt, repeats=10):
    answers, errors = [], 0
    for index in range(repeats):
        try:
            response = client.chat.completions.create(model="m", messages=[prompt])
            answers.append(response.choices[0].message.content)
        except Exception as error:
            errors += 1
            answers.append({"error": str(error), "index": index})
            if errors >= 5:
                break
        time.sleep(0.2)
    return answers
