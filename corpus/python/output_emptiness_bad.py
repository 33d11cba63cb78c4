"""A failed claude or aider run prints its error as its answer (`Invalid API key · Please
run /login`): an answer tested only for being empty, then kept as a title or a summary,
is a failed run taken for a good one."""

import subprocess


class Store:
    def __init__(self) -> None:
        self.rows: dict[str, dict[str, str]] = {}

    def update(self, key: str, **fields: str) -> None:
        self.rows.setdefault(key, {}).update(fields)


store = Store()


def name_thread(key: str, prompt: str) -> None:
    proc = subprocess.run(  # expect: RA203(warning)
        ["claude", "-p", "--output-format", "text"],
        input=f"Write a 3-6 word title for: {prompt[:500]}",
        capture_output=True,
        text=True,
        timeout=60,
    )
    lines = proc.stdout.strip().splitlines()
    title = lines[0].strip()[:60] if lines else ""
    if title:
        store.update(key, title=title)


def summarise(key: str, transcript: str) -> bool:
    proc = subprocess.run(  # expect: RA203(warning)
        ["aider", "--message", f"Summarise: {transcript}", "--dry-run"],
        capture_output=True,
        text=True,
    )
    text = " ".join(proc.stdout.split())
    if not text or len(text) == 0:
        return False
    store.update(key, summary=text[:600])
    return True
