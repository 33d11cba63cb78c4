"""Near miss: the loop retries whatever agent it is given; this project's agents send
no request. Another project beside it (`arena/`) has providers with a `run` method and
an SDK client of their own: they are not this loop's."""


def ask(agent, prompt: str) -> str:
    for attempt in range(3):
        try:
            return agent.run(prompt)
        except Exception as error:
            print(f"attempt {attempt}: {error}")
    return ""
