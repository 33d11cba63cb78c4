import functools
import json
import subprocess
import urllib.request

from .retrying import once, with_retries


def fetch_status(url):
    with urllib.request.urlopen(url) as reply:
        return json.load(reply)


def run_claude(prompt):
    return subprocess.run(["claude", "-p", prompt], check=True, capture_output=True).stdout


def main(prompt, url):
    with_retries(fetch_status, url)
    once(run_claude, prompt)


def status_twice(url):
    # a lambda and a partial that call no agent: nothing to re-run
    with_retries(lambda: fetch_status(url))
    with_retries(functools.partial(fetch_status, url))
    once(lambda: run_claude("summarise the status"))
