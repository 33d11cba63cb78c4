"""Near misses: attributes of config objects that name no agent where they are read (an
editor, a formatter's class, a type the module does not define), or an agent asked only
for its version."""

import argparse
import subprocess
import time
from dataclasses import dataclass


@dataclass
class EditorConfig:
    editor: str = "vim"


def edit_until_saved(config, path: str) -> None:
    # Not an agent: the attribute's default is an editor.
    while subprocess.run([config.editor, path]).returncode != 0:
        time.sleep(1)


class AgentConfig:
    def __init__(self) -> None:
        self.claude_path = "claude"
        self.binary = "claude"


def wait_for_install(config) -> None:
    # The agent is only asked for its version: a probe, not a session.
    for attempt in range(10):
        if subprocess.run([config.claude_path, "--version"]).returncode == 0:
            return
        time.sleep(3)


class Formatter:
    binary = "black"


def format_until_clean(formatter: Formatter) -> None:
    # The parameter is a `Formatter`: `AgentConfig.binary` is another object's attribute.
    while subprocess.run([formatter.binary, "."]).returncode != 0:
        time.sleep(1)


def lint_until_clean() -> None:
    tool = Formatter()
    while subprocess.run([tool.binary, "--check", "."]).returncode != 0:
        time.sleep(1)


def run_cli(args: argparse.Namespace) -> None:
    # An object of a type the module does not define: its `binary` is unknown (the
    # `binary` of `AgentConfig` is another object's), and its name says no agent.
    while subprocess.run([args.binary, "-p", "hi"]).returncode != 0:
        time.sleep(1)
