"""Near miss: the module's agent keeps its state in a checkpointer, so a run on the same
thread goes on from the tools its failed run already ran."""

from langgraph.checkpoint.memory import MemorySaver
from langgraph.prebuilt import create_react_agent


def archive(target: str) -> str:
    return f"archived {target}"


archiver = create_react_agent("openai:gpt-4o", [archive], checkpointer=MemorySaver())


def archive_release(release):
    config = {"configurable": {"thread_id": release}}
    for attempt in range(3):
        try:
            archiver.invoke({"messages": [("user", f"Archive {release}")]}, config)
            break
        except Exception:
            continue
