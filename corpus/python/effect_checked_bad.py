"""Interactive and headless agent runs whose status is dropped, and nothing after them checks
what they were to do (RA203): the value read next is only logged, and a check that cannot
give up (both branches go on) decides nothing."""

import logging
import subprocess

log = logging.getLogger(__name__)


def login() -> bool:
    subprocess.run(["claude"], timeout=300)  # expect: RA203(warning)
    token = read_token()
    log.info("token: %s", bool(token))
    return True


def refresh(task: str) -> bool:
    subprocess.run(["codex", "exec", task])  # expect: RA203(warning)
    if changed_files():
        log.info("changed")
    else:
        log.info("nothing changed")
    return True


def read_token() -> str | None:
    return None


def changed_files() -> list[str]:
    return []
