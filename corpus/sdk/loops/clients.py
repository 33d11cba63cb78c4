"""Clients built here; `worker.py` sends their requests under hand-written loops."""

import anthropic
from openai import OpenAI

client = OpenAI()  # expect: RA401(warning)
claude = anthropic.Anthropic(max_retries=4)  # expect: RA401(warning)
quiet = OpenAI(max_retries=0)
parsing = OpenAI()
strict = OpenAI()
rated = OpenAI()  # expect: RA401(warning)
tools = OpenAI()
settings = {"model": "m", "attempts": 3}
