"""Near misses: an agent that keeps its state in a checkpointer (a run on the same
thread resumes there, its tools' results kept), an agent given no tools, and a retry
around the model itself (no tool runs)."""

from langchain.agents import create_agent
from langchain_anthropic import ChatAnthropic
from langgraph.checkpoint.memory import MemorySaver
from langgraph.prebuilt import create_react_agent

from saved_runs import answer_with_retry, resume_thread
from tools_catalog import edit_file

chat_model = ChatAnthropic(model="claude-sonnet-4-5", max_retries=0)
editor_graph = create_react_agent(chat_model, [edit_file], checkpointer=MemorySaver())
answerer = create_react_agent(chat_model, [])
plain_chat = create_agent(chat_model)


def chat_output(question):
    for attempt in range(3):
        try:
            return plain_chat.invoke({"messages": [("user", question)]}).get("messages")
        except Exception:
            continue
    return None


def edit(request, thread):
    return resume_thread(editor_graph, request, {"configurable": {"thread_id": thread}})


def answer(question):
    return answer_with_retry(answerer, question)


def summarise_with_retry(text):
    for attempt in range(3):
        try:
            return chat_model.invoke(f"Summarise: {text}")
        except Exception:
            continue
    return ""
