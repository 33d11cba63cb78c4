"""A near miss: a tool loop sends a new request each round and returns on the first
failure, so no failed request is sent again (the client is built lazily, and the loop
reads it through a getter)."""

import anthropic


class ApiRunner:
    def __init__(self, api_key, rounds=8):
        self.api_key = api_key
        self.rounds = rounds
        self._client = None

    def _get_client(self):
        if self._client is None:
            self._client = anthropic.Anthropic(api_key=self.api_key)
        return self._client

    def run(self, prompt):
        client = self._get_client()
        messages = [{"role": "user", "content": prompt}]
        for _round in range(self.rounds):
            try:
                response = client.messages.create(model="m", max_tokens=9, messages=messages)
            except Exception as e:
                return 1, f"API error: {e}"
            uses = [b for b in response.content if b.type == "tool_use"]
            if not uses:
                return 0, "done"
            messages.append({"role": "assistant", "content": response.content})
        return 1, "too many rounds"
