from remote_agents import HostedRunner

from .service import ServiceMode

RUNNER_RETRIES = 2  # (a retry setting: the project index holds this module)


def build() -> ServiceMode:
    runner = HostedRunner("https://agents.example.invalid", retries=RUNNER_RETRIES)
    return ServiceMode(claude_runner=runner)
