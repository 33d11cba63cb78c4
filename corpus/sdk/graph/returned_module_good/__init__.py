"""A corpus package: the same lazily imported litellm, but the summariser's loop asks for
no retries of litellm's own; a single request outside the loop keeps five."""
