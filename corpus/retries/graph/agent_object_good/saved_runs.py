import time

import anthropic


def resume_thread(graph, request, config, attempts=4):
    for attempt in range(attempts):
        try:
            return graph.invoke({"messages": [("user", request)]}, config)
        except anthropic.RateLimitError:
            time.sleep(2**attempt)
    raise RuntimeError("the editor agent kept hitting the rate limit")


def answer_with_retry(agent, question):
    for attempt in range(3):
        try:
            return agent.invoke({"messages": [("user", question)]})
        except Exception:
            continue
    return None
