"""A corpus package: a self-correction loop re-runs a backend reached through its
abstract base; the backend's client builds the agent's argv in one method and runs it
in another, or hands it to a base-class helper that launches its parameter. No module
names the agent beside a process call: the call graph finds the launchers."""
