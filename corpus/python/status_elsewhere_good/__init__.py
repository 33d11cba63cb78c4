"""A corpus package: as status_elsewhere_bad, but each caller reads what the runner
returns, a runner that checks its own status (or runs with `check=True`) leaves nothing
to read, and a namesake method of an unrelated class returns a result of no agent."""
