"""RA401: a retry layer that LangChain gives the model itself, on top of the SDK's own:
the runnable `.with_retry()` makes and the agent `ModelRetryMiddleware` wraps run the
model again after any exception, and the client below keeps its 2 retries."""

from langchain.agents import create_agent
from langchain.agents.middleware import ModelRetryMiddleware
from langchain_anthropic import ChatAnthropic
from langchain_core.prompts import ChatPromptTemplate
from langchain_openai import ChatOpenAI
from litellm import Router


async def summarise(text: str) -> str:
    llm = ChatOpenAI(model="gpt-4o-mini")  # expect: RA401(warning)
    prompt = ChatPromptTemplate.from_messages([("system", "Summarise."), ("user", "{text}")])
    chain = (prompt | llm.with_config(tags=["summary"])).with_retry(stop_after_attempt=4)
    reply = await chain.ainvoke({"text": text})
    return str(reply.content)


def build_worker(tools: list):
    model = ChatAnthropic(model="claude-sonnet-4-5")  # expect: RA401(warning)
    middleware = [ModelRetryMiddleware(max_retries=3, initial_delay=2.0)]
    return create_agent(model=model, tools=tools, middleware=middleware)


ROUTER = Router(model_list=[{"model_name": "fast", "litellm_params": {"model": "gpt-4o-mini"}}])  # expect: RA401(warning)


async def ask(question: str) -> str:
    for attempt in range(3):
        try:
            reply = await ROUTER.acompletion(model="fast", messages=[{"role": "user", "content": question}])
            return reply.choices[0].message.content or ""
        except Exception:
            if attempt == 2:
                raise
    return ""
