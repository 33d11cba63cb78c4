"""The preflight runs the agent through `bash -c` in a pipeline whose status is `head`'s,
and the code only prints what it printed: a failed agent passes the preflight (RA203)."""

import subprocess


def preflight(token: str) -> tuple[bool, str]:
    cmd = [
        "docker",
        "exec",
        "-e",
        f"ANTHROPIC_AUTH_TOKEN={token}",
        "sandbox",
        "bash",
        "-c",
        "echo test | timeout 10 claude --print 2>&1 | head -5",  # expect: RA203(warning)
    ]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=15)
    print(result.stdout)
    return True, "ok"
