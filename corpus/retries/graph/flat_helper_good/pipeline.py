import subprocess
import urllib.request

from fetching import fetch_with_retries


def download(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode()


def implement(task_url):
    task = fetch_with_retries(download, 3, task_url)
    result = subprocess.run(["codex", "exec", task], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"codex failed with exit {result.returncode}")
    return result.stdout
