"""Near miss of install_line_bad.py: the same install line run by bash with pipefail
on, so a failed download fails the string and the code's test of the return code
sees it."""

import subprocess


def install_claude() -> bool:
    done = subprocess.run(
        "set -o pipefail; curl -fsSL https://claude.ai/install.sh | bash",
        shell=True,
        executable="/bin/bash",
    )
    return done.returncode == 0
