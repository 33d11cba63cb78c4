import logging
import time

import ollama


def ask_local(prompt: str, host: str) -> str | None:
    """Retries the local server: `client` is an `ollama.Client`, whose `chat` is the
    library's own, not the tree's `ChatBackend.chat` overrides."""
    client = ollama.Client(host=host)
    for attempt in range(3):
        try:
            reply = client.chat(model="llama3", messages=[{"role": "user", "content": prompt}])
            return reply["message"]["content"]
        except Exception:
            logging.warning("local attempt %d failed", attempt)
            time.sleep(2)
    return None
