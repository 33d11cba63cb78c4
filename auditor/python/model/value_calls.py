"""Calls whose value is one of their arguments, for both resolvers (per file and the index).

A runner names its agent through a lookup: `shutil.which("claude")`,
`Path(os.getenv("CLAUDE_PATH", "claude"))`, `os.environ.get("AGENT", "gptme")`.
The environment is not known statically; its default is what the runner
runs when nothing overrides it, so that is the value followed.
"""

from __future__ import annotations

# The value is the first argument (a path or program name, passed on unchanged).
PASS_THROUGH = frozenset(
    {"shutil.which", "builtins.str", "str", "os.fspath"}
    | {f"os.path.{name}" for name in ("expanduser", "expandvars", "abspath", "realpath")}
    | {f"pathlib.{name}" for name in ("Path", "PurePath", "PosixPath", "PurePosixPath")}
)
# Methods of a path whose value is the path they are called on (`Path(x).expanduser()`).
PATH_METHODS = frozenset({"expanduser", "resolve", "absolute"})
# Environment lookups: the value is the default (second argument, or `default=`).
ENVIRONMENT_DEFAULTS = frozenset({"os.getenv", "os.environ.get", "os.environ.setdefault"})
DEFAULT_POSITION = 1
DEFAULT_KEYWORD = "default"
