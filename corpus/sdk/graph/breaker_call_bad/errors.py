class LLMError(Exception):
    pass


class LLMRateLimitError(LLMError):
    pass


class LLMServerError(LLMError):
    pass


class LLMAuthenticationError(LLMError):
    pass
