"""runaudit: a static auditor for the code that runs LLM agent CLIs."""

__version__ = "0.1.0"
