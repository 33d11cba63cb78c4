from anthropic import Anthropic

from ..base import BatchClient


class RecordedBatchClient(BatchClient):
    """Replays saved results; its client only answers the summary, outside any retry."""

    def __init__(self, lines: list[str]) -> None:
        self.client = Anthropic()
        self.saved = lines
        self.messages: list[str] = []

    def fetch_raw_results(self, batch_id: str) -> bytes:
        self.messages.append(batch_id)
        return "\n".join(self.saved).encode()
