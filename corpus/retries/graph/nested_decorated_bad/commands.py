def agent_argv(task: str) -> list[str]:
    return ["claude", "-p", task]
