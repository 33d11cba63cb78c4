class Chatbot:
    def __init__(self, model: str) -> None:
        self.model = model
        self._client = None

    def new_client(self):
        raise NotImplementedError

    @property
    def client(self):
        if self._client is None:
            self._client = self.new_client()
        return self._client
