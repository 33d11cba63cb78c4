import time

import openai
from tenacity import retry, stop_after_attempt


def stream_with_backoff(graph, inputs, attempts=5):
    for attempt in range(attempts):  # expect: RA301
        try:
            for event in graph.stream(inputs):
                print(event)
            return True
        except openai.RateLimitError:
            time.sleep(2**attempt)
    return False


def _invoke_agent(agent, prompt):
    return agent.invoke({"messages": [("user", prompt)]})


@retry(stop=stop_after_attempt(3))  # expect: RA301
def drive_agent(agent, prompt):
    return _invoke_agent(agent, prompt)
