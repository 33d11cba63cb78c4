"""LangGraph and LangChain agents made in one module and run in another: each run of
an agent (`invoke`, `stream`) is a whole agent loop whose tools run commands and write
files, so a retry around a run repeats what the failed run's tools already did."""

import subprocess

from langchain.agents import create_agent
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI
from langgraph.prebuilt import create_react_agent

from react_runs import drive_agent, stream_with_backoff


@tool
def run_shell(command: str) -> str:
    """Run a shell command in the target environment."""
    return subprocess.run(command, shell=True, capture_output=True, text=True).stdout


@tool
def write_report(text: str) -> str:
    """Write the final report."""
    with open("report.md", "w") as handle:
        handle.write(text)
    return "written"


model = ChatOpenAI(model="gpt-4.1", max_retries=0)
scanner_graph = create_react_agent(model, [run_shell, write_report])
fixer = create_agent(model, tools=[run_shell])


def scan(target):
    return stream_with_backoff(scanner_graph, {"messages": [("user", f"scan {target}")]})


def fix(issue):
    return drive_agent(fixer, f"fix {issue}")


def triage(ticket):
    triager = create_react_agent(model, tools=[run_shell])
    for attempt in range(3):  # expect: RA301
        try:
            return triager.invoke({"messages": [("user", ticket)]}).get("messages")
        except Exception:
            continue
    return None
