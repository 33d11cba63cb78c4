"""A near miss: the preflight runs the agent through `bash -c` in a pipeline whose status
is `head`'s, but the code examines what it printed for the failures it knows."""

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
        "echo test | timeout 10 claude --print 2>&1 | head -5",
    ]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=15)
    output = result.stdout + result.stderr
    if "401" in output or "unauthorized" in output.lower():
        return False, "authentication failed"
    return True, "ok"
