"""A launcher script of a few hundred characters, given to `sh -c` in an argv that a
function of the module runs through a parameter: the script is read whole, never cut
in the middle of a command (which would be a parse error), so the pipeline into `tee`
that loses the agent's status is found in it."""

import subprocess

LAUNCHER = """\
root=$1
shift
if [ -f "$root/oauth-token" ]; then
  CLAUDE_CODE_OAUTH_TOKEN=$(cat -- "$root/oauth-token") || exit 126
  export CLAUDE_CODE_OAUTH_TOKEN
fi
if [ -f "$root/keychain-password" ]; then
  security unlock-keychain "$root/claude.keychain-db" <"$root/keychain-password" \\
    >/dev/null 2>&1 || exit 126
fi
claude -p "$*" | tee -a "$root/launcher.log"
"""


def launcher_argv(root: str, argv: list[str]) -> list[str]:
    return ["/bin/sh", "-c", LAUNCHER, "launcher", root, *argv]


def run_attached(argv: list[str]) -> int:
    return subprocess.run(argv, check=False).returncode  # expect: RA101(error)


def sign_in(root: str) -> None:
    if run_attached(launcher_argv(root, ["Sign in and report the account."])) != 0:
        raise SystemExit("sign-in failed")
