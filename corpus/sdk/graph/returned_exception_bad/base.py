import time


class Provider:
    """A retry loop in the base class that tests what the override returns."""

    def run_turn(self, messages):
        response = None
        for attempt in range(3):
            if attempt > 0:
                time.sleep(5)
            response = self.perform_inference(messages)
            if isinstance(response, Exception):
                print(f"attempt {attempt + 1} failed: {response}")
                continue
            break
        return response

    def perform_inference(self, messages):
        raise NotImplementedError
