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

    def all_pages(self, query):
        pages = []
        for page in range(10):
            result = self.fetch_page(query, page)
            pages.append(result)
            if result.get("more"):
                continue
            break
        return pages

    def fetch_page(self, query, page):
        raise NotImplementedError

    def review(self, task):
        verdict = None
        for attempt in range(3):
            verdict = self.judge(task)
            if verdict.needs_rework:
                continue
            break
        return verdict

    def judge(self, task):
        raise NotImplementedError
