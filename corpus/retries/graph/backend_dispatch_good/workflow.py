from .integrations.backends.sync import SyncBackend


def pull_until_clean():
    backend = SyncBackend()
    for attempt in range(3):
        code, output = backend.pull()
        if code == 0:
            return output
    return None


def execute(backend, task):
    for attempt in range(3):
        success, output = backend.run_task(task)
        if not success:
            return None
        if "DONE" in output:
            return output
        task = f"{task}\nContinue."
    return None
