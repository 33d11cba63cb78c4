"""RA401 through an SDK module the instance keeps: `__init__` imports `anthropic` lazily
and stores the module on `self`, another method builds its client from it
(`self._anthropic.AsyncAnthropic(…)`), and a persistence helper of another module
retries every request the model sends."""
