import time

from .executors import Browser

_browser = None


def get_browser():
    global _browser
    if _browser is None:
        _browser = Browser()
    return _browser


def load(func, url):
    for attempt in range(3):
        try:
            browser = get_browser()
            return browser.execute(func, url)
        except ConnectionError:
            time.sleep(2**attempt)
    return None
