"""A LangChain chat model composed into a chain (`prompt | model | parser`): the chain's
`invoke` sends the model's requests, with the model's own retries, so a retry layer
around the chain stacks on them; so does a model with tools bound (`bind_tools`)."""

from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_openai import ChatOpenAI
from tenacity import retry, stop_after_attempt

prompt = ChatPromptTemplate.from_template("Summarise: {text}")
model = ChatOpenAI(model="gpt-4o-mini")  # expect: RA401(warning)
chain = prompt | model | StrOutputParser()


@retry(stop=stop_after_attempt(4))
def summarise(text: str) -> str:
    return chain.invoke({"text": text})


tools_model = ChatOpenAI(model="gpt-4o")  # expect: RA401(warning)
agent_model = tools_model.bind_tools([])


def act(task: str) -> str:
    for _ in range(3):
        try:
            return str(agent_model.invoke(task).content)
        except Exception:
            continue
    return ""
