import time

from .provider import ask


def label_all(rows: list[str]) -> list[str]:
    labels = []
    for row in rows:
        for attempt in range(4):
            answer = ask(f"Label this row: {row}")
            if answer.ok:
                labels.append(answer.text)
                break
            time.sleep(2**attempt)
    return labels
