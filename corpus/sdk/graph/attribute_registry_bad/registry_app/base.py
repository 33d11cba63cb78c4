class BaseProvider:
    """A provider that answers nothing until a subclass says how."""

    def generate(self, prompt: str) -> str:
        return ""
