def agent_command(prompt: str) -> list[str]:
    return ["claude", "-p", prompt]
