"""A corpus package: a model's field is annotated with an abstract chat backend
(`llm: ChatBackendBase`, imported through `metabot.llm`, a module of the package that
re-exports it and is not indexed), and a retry decorator re-sends through it; nothing in
the tree stores an instance there."""
