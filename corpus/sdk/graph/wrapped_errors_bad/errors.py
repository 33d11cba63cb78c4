from wrapped_errors_bad.base import LLMError, ProviderError

__all__ = ["LLMError", "ProviderError"]
