"""A corpus package, near misses: the method that runs the agent's closure calls it once
and reports a failure (no loop), and the retry helper is handed a plain completion."""
