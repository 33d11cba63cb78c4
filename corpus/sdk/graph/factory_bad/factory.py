from openai import OpenAI


def make(provider):
    """A client and the model to use with it (both clients serve the same requests)."""
    if provider == "local":
        return OpenAI(base_url="http://localhost:8000/v1"), "llama"  # expect: RA401
    return OpenAI(), "gpt-4o"
