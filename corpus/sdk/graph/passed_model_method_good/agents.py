from .models import create_llm, create_quiet_llm
from .retry import invoke_logged, invoke_with_retry


class JsonParser:
    def invoke(self, text: str) -> dict:
        return {"text": text}


def sentiment(headline: str) -> str:
    llm = create_quiet_llm("m")
    return invoke_with_retry(llm.invoke, [headline]).content


def summary(text: str) -> str:
    llm = create_llm("m")
    return invoke_logged(llm.invoke, [text]).content


def parse(text: str) -> dict:
    parser = JsonParser()
    return invoke_with_retry(parser.invoke, text)
