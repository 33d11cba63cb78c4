from .base import AgentBackend


class SyncBackend(AgentBackend):
    def run_task(self, prompt):
        return True, prompt

    def pull(self):
        return self._launch(["git", "pull", "--rebase"])
