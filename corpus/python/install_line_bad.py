"""A runner installs the agent CLI with the vendors' install line in a `shell=True`
string and reports success when the return code is 0: without pipefail that is the
status of `bash`, which runs an empty script when the download fails, so a failed
install is reported as done (RA101 warning at the command string)."""

import subprocess


def install_claude() -> bool:
    done = subprocess.run(
        "curl -fsSL https://claude.ai/install.sh | bash",  # expect: RA101(warning)
        shell=True,
    )
    return done.returncode == 0
