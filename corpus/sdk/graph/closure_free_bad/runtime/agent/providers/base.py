from abc import ABC, abstractmethod


class ModelProvider(ABC):
    @abstractmethod
    def create_client(self): ...

    @abstractmethod
    def call_model(self, client, conversation): ...
