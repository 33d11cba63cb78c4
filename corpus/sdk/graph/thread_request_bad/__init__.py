"""A corpus package: the SDK's blocking upload runs in a thread (`asyncio.to_thread` is
given the request method itself), and a failed upload is sent again by the method calling
itself; the client keeps its own retries."""
