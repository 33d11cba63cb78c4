import sys


def die(message: str, detail: str = "") -> None:
    print(f"error: {message}", file=sys.stderr)
    if detail:
        print(detail, file=sys.stderr)
    sys.exit(1)


def abort(message: str) -> None:
    die(message)
