from langchain_core.tools import tool


@tool
def edit_file(path: str, text: str) -> str:
    """Replace a file's text."""
    with open(path, "w") as handle:
        handle.write(text)
    return "edited"
