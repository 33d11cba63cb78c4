"""No RA401: the model class comes back from a helper that checks the optional extra is
installed and returns the class it is given; the model is built with its SDK retries
off, so the loop alone retries."""

import time

try:
    from langchain_anthropic import ChatAnthropic
    from langchain_openai import ChatOpenAI
except ImportError:
    ChatAnthropic = ChatOpenAI = None


def _require(extra, cls):
    if cls is None:
        raise ImportError(f"pip install llm-tools[{extra}]")
    return cls


def make_chat(provider, model):
    if provider == "openai":
        cls = _require("openai", ChatOpenAI)
    else:
        cls = _require("anthropic", ChatAnthropic)
    return cls(model=model, max_retries=0)


def ask(provider, model, prompt):
    chat = make_chat(provider, model)
    for attempt in range(3):
        try:
            return chat.invoke(prompt)
        except Exception:
            time.sleep(2**attempt)
    raise RuntimeError("the model did not answer")
