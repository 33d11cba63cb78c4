"""A client built here and used under a retry decorator in `worker.py`."""

from openai import OpenAI

client = OpenAI(max_retries=3)  # expect: RA401(warning)
