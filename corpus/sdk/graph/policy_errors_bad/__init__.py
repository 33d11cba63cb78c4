"""RA401 through a retry helper that catches what its policy object names (`except
policy.retry_on:`, a dataclass field whose default is `(Exception,)`), around a provider
whose lazily built client keeps its default retries."""
