from .integrations.backends.base import AgentBackend


def _run_capturing(backend: AgentBackend, prompt):
    success, output = backend.run_task(prompt)
    return success, output


def execute(backend: AgentBackend, task):
    prompt = task
    for attempt in range(3):  # expect: RA301(error)
        success, output = _run_capturing(backend, prompt)
        if success:
            return output
        prompt = f"{task}\nThe last attempt failed:\n{output}"
    return None
