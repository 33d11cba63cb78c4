"""Near miss: the same argv built in a local name, the program a formatter (`ruff`), so
the loop re-runs no agent."""
