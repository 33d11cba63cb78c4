from openai import OpenAI

from ..base import BatchClient


class OpenAIBatchClient(BatchClient):
    def __init__(self, api_key: str | None = None) -> None:
        self.client = OpenAI(api_key=api_key)  # expect: RA401(warning)

    def fetch_raw_results(self, batch_id: str) -> bytes:
        job = self.client.batches.retrieve(batch_id)
        return self.client.files.content(job.output_file_id).content
