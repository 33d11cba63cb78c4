from .command import AgentCommand
from .runner import Runner


def resume(prompt: str) -> None:
    Runner.run_agent(AgentCommand().with_resume().with_system_prompt(prompt).build())


def start(prompt: str) -> None:
    command = AgentCommand().with_system_prompt(prompt)
    argv = command.build()
    Runner.run_agent(argv)
