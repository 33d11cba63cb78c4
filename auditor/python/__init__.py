"""The Python front end: one semantic model on the stdlib `ast`, for files that need it."""
