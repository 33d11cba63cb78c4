"""Near misses of a model's bound method handed to a retry helper: the model is built with
its retries off, the helper calls what it is given once, and a method of a value that is
no model (`parser.invoke`) sends nothing."""
