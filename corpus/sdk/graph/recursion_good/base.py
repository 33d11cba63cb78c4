class Provider:
    def complete(self, prompt):
        raise NotImplementedError
