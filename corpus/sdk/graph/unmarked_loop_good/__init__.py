"""A corpus package: the class builds its SDK client with `max_retries=0`, so the other
module's `for _ in range(3)` loop is the only layer that sends a request again."""
