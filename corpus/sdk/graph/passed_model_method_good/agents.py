from .models import make_plain_model, make_quiet_model
from .retry import call_logged_once, call_step_with_retries


class JsonParser:
    def invoke(self, text: str) -> dict:
        return {"text": text}


def sentiment(headline: str) -> str:
    llm = make_quiet_model("m")
    return call_step_with_retries(llm.invoke, [headline]).content


def summary(text: str) -> str:
    llm = make_plain_model("m")
    return call_logged_once(llm.invoke, [text]).content


def parse(text: str) -> dict:
    parser = JsonParser()
    return call_step_with_retries(parser.invoke, text)



async def streamed(text: str) -> str:
    llm = make_plain_model("m")
    chunks = call_step_with_retries(llm.astream, [text])  # sends when iterated, later
    return "".join([chunk.content async for chunk in chunks])
