"""A corpus package: the agent's program is a `pathlib` join of a folder another module
builds at run time and a file name (`NODE_BIN / "claude"`); its run's result is
dropped."""
