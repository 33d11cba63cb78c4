from tenacity import retry, stop_after_attempt

from .runner import ToolRunner


@retry(stop=stop_after_attempt(3))
def tidy(path):
    ToolRunner().run(path)
