"""A corpus package: the agent's command is a string constant of a settings module (an
`npx` package, with an environment default); two runner modules split it into an argv,
one through the module (`settings.AGENT_CMD`), one through the name it imports."""
