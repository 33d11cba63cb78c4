"""A corpus package: the near miss of filled_registry_bad. The providers the router fills
its dict with turn the SDK's retries off, so the retry helper's attempts are the only ones."""
