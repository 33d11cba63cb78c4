class ClaudeCommand:
    """Builds the agent's command line."""

    def __init__(self, prompt, turns=20):
        self.prompt, self.turns = prompt, turns

    def build(self):
        return ["claude", "-p", self.prompt, "--max-turns", str(self.turns)]
