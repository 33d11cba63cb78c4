"""Near miss: the same picker and alias, over clients whose own retries are off, so the
agent's loops are the only retry layer."""
