"""A corpus package: generic retry helpers in one module, given the step that launches
the agent (a function, or a lambda calling it) by another."""
