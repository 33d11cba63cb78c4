"""A runner package: the launcher in one module, the retry loop in another (RA301)."""
