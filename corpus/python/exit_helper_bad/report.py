import logging

log = logging.getLogger(__name__)


def warn(message: str, detail: str = "") -> None:
    log.warning("%s %s", message, detail)
