from tenacity import retry, stop_after_attempt

from .runner import AgentRunner


@retry(stop=stop_after_attempt(3))  # expect: RA301
def fix(prompt):
    AgentRunner().run(prompt)
