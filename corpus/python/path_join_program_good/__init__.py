"""A corpus package: the agent's program is a `pathlib` join (`NODE_BIN / "claude"`),
and its run is judged by its JSON result; the other join names a formatter, not an
agent."""
