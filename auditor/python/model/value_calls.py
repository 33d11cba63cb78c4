"""Calls whose value is one of their arguments, for both resolvers (per file and the index).

A runner names its agent through a lookup: `shutil.which("claude")`,
`Path(os.getenv("CLAUDE_PATH", "claude"))`, `os.environ.get("AGENT", "gptme")`.
The environment is not known statically; its default is what the runner
runs when nothing overrides it, so that is the value followed. So is a command-line
option's default (`parser.add_argument("--codex-exe", default="codex")`).
"""

from __future__ import annotations

import ast
from collections.abc import Collection

# The value is the first argument (a path or program name, passed on unchanged).
PASS_THROUGH = frozenset(
    {"shutil.which", "builtins.str", "str", "os.fspath"}
    | {f"os.path.{name}" for name in ("expanduser", "expandvars", "abspath", "realpath")}
    | {f"pathlib.{name}" for name in ("Path", "PurePath", "PosixPath", "PurePosixPath")}
)
# Lookups of a program's path by its name, by their last part: the stdlib's
# `distutils.spawn.find_executable`, the `which` package's `which.which`, a library's own
# `find_executable("codex", exec_path)`: the value is the program named first.
_PROGRAM_LOOKUPS = frozenset({"which", "find_executable"})


def passes_through(name: str | None) -> bool:
    """Whether a call of `name` (qualified) has its first argument as its value
    (`PASS_THROUGH`, or a program lookup by its name)."""
    return name is not None and (
        name in PASS_THROUGH or name.rsplit(".", 1)[-1] in _PROGRAM_LOOKUPS
    )


# Calls whose value, as a callable, runs the one they are given first: calling
# `partial(embed, text, model=m)` runs `embed`.
CALLABLE_WRAPPERS = frozenset({"functools.partial"})
# Calls whose value is their second argument (`cast("OpenAI", client or make_client())`).
CASTS = frozenset({"typing.cast", "typing_extensions.cast"})
# Calls whose awaited value is their first argument's (`await asyncio.wait_for(coro, t)`).
AWAITED_ARGUMENT = frozenset({"asyncio.wait_for", "asyncio.shield"})
# Calls that run the callable they are given, with the arguments after it, on a thread or
# an executor (`asyncio.to_thread(fn, *args)`, `loop.run_in_executor(None, fn, *args)`,
# `pool.submit(fn, *args)`), or through a circuit breaker (pybreaker's and aiobreaker's
# `breaker.call(fn, *args)`, `call_async`): by the last part of their name, the
# callable's position.
ARGUMENT_RUNNERS = {
    **{"to_thread": 0, "run_sync": 0, "run_in_threadpool": 0, "submit": 0},
    **{"call": 0, "call_async": 0},
    "run_in_executor": 1,
}
# Of those, the names that run their argument only as a method (`breaker.call(fn)`, not a
# parameter named `call`), and not of `subprocess` (`subprocess.call(argv)`).
METHOD_RUNNERS = frozenset({"call", "call_async"})
# Of those, the ones whose callable's failure is raised elsewhere: `executor.submit`'s
# future raises where `.result()` is read, outside the call.
DEFERRED_FAILURES = frozenset({"submit"})
# Methods of a path whose value is the path they are called on (`Path(x).expanduser()`).
PATH_METHODS = frozenset({"expanduser", "resolve", "absolute"})
# Environment lookups: the value is the default (second argument, or `default=`).
ENVIRONMENT_DEFAULTS = frozenset({"os.getenv", "os.environ.get", "os.environ.setdefault"})
DEFAULT_POSITION = 1
DEFAULT_KEYWORD = "default"


def argument_runner(name: str, receiver: str | None) -> int | None:
    """Where a call that runs the callable it is given takes it (`ARGUMENT_RUNNERS`), by
    the last part of its name and what it is called on (`receiver`: its dotted name, `?`
    when it has none, None for a plain name); None for any other call."""
    if name in METHOD_RUNNERS and receiver in (None, "subprocess"):
        return None
    return ARGUMENT_RUNNERS.get(name)


def environment_default(call: ast.Call) -> ast.expr | None:
    """The default an environment lookup is given (`os.getenv("AGENT", "gptme")`,
    `os.environ.get("AGENT", default="gptme")`), if any."""
    if len(call.args) > DEFAULT_POSITION:
        return call.args[DEFAULT_POSITION]
    return next((k.value for k in call.keywords if k.arg == DEFAULT_KEYWORD), None)


def lookup_default(call: ast.Call, names: Collection[str]) -> ast.expr | None:
    """The default a lookup falls back to, one of the values it gives (`names`: the
    call's qualified names): an environment lookup's (`environment_default`), and a
    mapping's `get` with a key and a default (`env.get("CLAUDE_BIN", "claude")`)."""
    if ENVIRONMENT_DEFAULTS.intersection(names):
        return environment_default(call)
    func, args = call.func, call.args
    keyed = len(args) == 2 and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str)
    if isinstance(func, ast.Attribute) and func.attr == "get" and keyed and not call.keywords:
        return args[1]
    return None


def parsed_option(call: ast.Call) -> tuple[str, ast.expr] | None:
    """The attribute an `add_argument("--codex-exe", default="codex")` call gives the
    parsed options (`args.codex_exe`, as argparse derives `dest`) and its default value:
    what the runner runs when the command line does not say."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr == "add_argument"):
        return None
    default = next((k.value for k in call.keywords if k.arg == DEFAULT_KEYWORD), None)
    dest = next((k.value for k in call.keywords if k.arg == "dest"), None)
    if default is None:
        return None
    if isinstance(dest, ast.Constant) and isinstance(dest.value, str):
        return dest.value, default
    flags = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    long = [f for f in flags if f.startswith("--")] or [f for f in flags if f.startswith("-")]
    if not flags or (not long and len(flags) > 1):
        return None
    name = long[0] if long else flags[0]  # a positional argument names itself
    return name.lstrip("-").replace("-", "_"), default
