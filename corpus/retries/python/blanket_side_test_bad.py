"""RA301 (error, blanket): a loop that retries every non-zero exit while attempts are
left, whose failure branch also looks at the output for an unrelated reason (an option
the CLI may not support). The side test narrows nothing, and the bound on attempts
(`attempt < max_retries or retry_plain`) is no test of the run: every failure goes
round, as gptme-contrib's activity-summary backend does."""

import subprocess
import time


def summarise(prompt: str, max_retries: int = 3) -> str:
    attempt = 1
    retry_plain = False
    trace = False
    while attempt <= max_retries or retry_plain:  # expect: RA301(error)
        cmd = ["claude", "-p", "-"] + (["--debug-file", "trace.log"] if trace else [])
        result = subprocess.run(cmd, input=prompt, capture_output=True, text=True)
        if result.returncode != 0:
            if trace and "debug-file" in result.stderr.lower():
                trace = False
                retry_plain = True
            if attempt < max_retries or retry_plain:
                time.sleep(5 * attempt)
                if retry_plain:
                    retry_plain = False
                else:
                    attempt += 1
                trace = True
                continue
            raise subprocess.CalledProcessError(result.returncode, cmd)
        return result.stdout
    return ""
