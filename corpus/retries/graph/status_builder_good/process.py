import subprocess


def run_checked(argv: list[str]) -> str:
    return subprocess.run(argv, check=True, capture_output=True, text=True).stdout


def run_status(argv: list[str]) -> tuple[str, int]:
    proc = subprocess.run(argv, capture_output=True, text=True)
    return proc.stdout, proc.returncode
