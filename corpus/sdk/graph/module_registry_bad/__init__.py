"""A corpus package: the clients sit in a module's dict, filled key by key at import
(`CLIENTS["anthropic"] = AsyncAnthropic(…)`); another module reads one by name in a
closure and applies tenacity's `retry(…)` to it at run time. A client a caller registers
(`register(name, client)`, called nowhere in the tree) has retries the tree cannot know."""
