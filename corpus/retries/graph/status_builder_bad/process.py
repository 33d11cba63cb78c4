import subprocess


def run_process(argv: list[str], timeout: float) -> tuple[str, str, int]:
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out, err = proc.communicate(timeout=timeout)
    return out, err, proc.returncode
