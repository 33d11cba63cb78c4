"""Near miss: the record's model has its retries off, so the application's retry is the
only layer."""

from .options import OPTIONS
from .patience import invoke_with_patience

drafting_llm = OPTIONS["llm"]


def draft(outline_tool, prompt):
    drafter = drafting_llm.bind_tools([outline_tool])
    return invoke_with_patience(drafter, prompt)
