class Provider:
    def send(self, prompt: str) -> str:
        raise NotImplementedError
