"""A corpus package, the near miss: the settings module's command strings run a
formatter and ask the agent for its version, so the retried runs start no session."""
