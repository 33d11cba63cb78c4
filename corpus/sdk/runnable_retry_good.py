"""RA401 near misses: LangChain's retry layers over a client built without retries, or
over what the SDK does not retry; a tree helper called `with_retry`; a router that
leaves recovery to the application's loop."""

from langchain.agents import create_agent
from langchain.agents.middleware import ModelRetryMiddleware, ToolCallLimitMiddleware
from langchain_anthropic import ChatAnthropic
from langchain_core.prompts import ChatPromptTemplate
from langchain_openai import ChatOpenAI
from litellm import Router


class ParseError(Exception):
    pass


async def summarise(text: str) -> str:
    llm = ChatOpenAI(model="gpt-4o-mini", max_retries=0)
    prompt = ChatPromptTemplate.from_messages([("system", "Summarise."), ("user", "{text}")])
    chain = (prompt | llm).with_retry(stop_after_attempt=4)
    reply = await chain.ainvoke({"text": text})
    return str(reply.content)


async def classify(text: str) -> str:
    llm = ChatOpenAI(model="gpt-4o-mini")
    chain = llm.with_retry(retry_if_exception_type=(ParseError,))
    reply = await chain.ainvoke(text)
    return str(reply.content)


def label(text: str) -> str:
    llm = ChatOpenAI(model="gpt-4o-mini")
    _ = llm.with_retry()  # (made and dropped: the request below is sent through `llm`)
    return str(llm.invoke(text).content)


def build_worker(tools: list):
    model = ChatAnthropic(model="claude-sonnet-4-5")
    middleware = [ToolCallLimitMiddleware(run_limit=10)]
    return create_agent(model=model, tools=tools, middleware=middleware)


def build_checked_worker(tools: list):
    model = ChatAnthropic(model="claude-sonnet-4-5", max_retries=0)
    return create_agent(model, tools, middleware=[ModelRetryMiddleware(max_retries=3)])


class Jobs:
    def with_retry(self, job, attempts: int = 3):
        for _ in range(attempts):
            if job():
                return True
        return False

    def run(self) -> bool:
        llm = ChatOpenAI(model="gpt-4o-mini")
        return self.with_retry(lambda: llm.invoke("ping"))


ROUTER = Router(model_list=[{"model_name": "fast", "litellm_params": {"model": "gpt-4o-mini"}}], num_retries=0)


async def ask(question: str) -> str:
    for attempt in range(3):
        try:
            reply = await ROUTER.acompletion(model="fast", messages=[{"role": "user", "content": question}])
            return reply.choices[0].message.content or ""
        except Exception:
            if attempt == 2:
                raise
    return ""
