"""RA301: an agent object a module keeps in a global, run in a retry loop of a function of
the module: each run is a whole agent loop, its tool calls included."""

from langgraph.prebuilt import create_react_agent


def publish(target: str) -> str:
    return f"published {target}"


publisher = create_react_agent("openai:gpt-4o", [publish])


def publish_release(release):
    for attempt in range(3):  # expect: RA301(error)
        try:
            publisher.invoke({"messages": [("user", f"Publish {release}")]})
            break
        except Exception:
            continue
