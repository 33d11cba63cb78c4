"""A fast look at a Python file's string literals, before any parse."""

from __future__ import annotations

import functools
import re

# Text that any process launch from Python contains (`subprocess.run`, `os.execvp`, …):
# a module holding none of it starts no agent.
PROCESS_WORDS = (
    *("subprocess", "os.system", "os.popen", "os.exec", "os.spawn", "pty.spawn"),
    *("open_process", "run_process"),  # anyio's
)
# String literals, roughly: triple-quoted, then single-line ones. A prefilter may
# over-match (a quote in a comment) but must not miss a literal. Each alternative
# inside a literal matches a different first character (a backslash starts only
# `\\.`), so a literal that never closes is scanned once, never backtracked into
# exponentially many splits.
_STRING = re.compile(
    r'(?s)("""|\'\'\')(?:\\.|(?!\1)[^\\])*\1'
    r"|\"(?:[^\"\\\n]|\\.)*\""
    r"|'(?:[^'\\\n]|\\.)*'"
)


def string_literals(text: str) -> str:
    """The text of every string literal in a Python file, joined by newlines."""
    return "\n".join(match.group(0) for match in _STRING.finditer(text))


def command_literals(text: str, commands: tuple[str, ...]) -> str:
    """The string literals that start with one of `commands` (`"gptme"`, `'/bin/claude -p'`).

    An agent run from Python names its program at the start of a literal (an
    argv element, `shutil.which("gptme")`, a command string); prose that
    merely mentions the agent (`"gptme.tools"`, `"Welcome to gptme"`) does not.
    """
    if not commands:
        return ""
    names = "|".join(re.escape(command) for command in commands)
    start = re.compile(
        r"""^[rRbBuUfF]*(?:'{3}|"{3}|'|")\s*(?:[^\s'"]*/)?(?:""" + names + r""")(?:$|[\s'"])"""
    )
    return "\n".join(m.group(0) for m in _STRING.finditer(text) if start.match(m.group(0)))


@functools.lru_cache(maxsize=16)
def _quoted_name(commands: tuple[str, ...]) -> re.Pattern[str]:
    """A quote, then maybe blanks and a path, then a command's name: what the start of a
    literal naming it must hold (one scan of the text, before the literals are read)."""
    names = "|".join(re.escape(command) for command in commands)
    return re.compile(r"""['"]\s*(?:[^\s'"]*/)?(?:""" + names + r""")(?:$|[\s'"])""", re.M)


def has_command_literal(text: str, commands: tuple[str, ...]) -> bool:
    """Whether a string literal of the text starts with one of `commands`."""
    if not commands or not _quoted_name(commands).search(text):
        return False
    return bool(command_literals(text, commands))
