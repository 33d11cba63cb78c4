"""A folder of modules without `__init__.py` (a namespace package): the client module."""

from anthropic import Anthropic

claude = Anthropic(timeout=540.0, max_retries=0)
