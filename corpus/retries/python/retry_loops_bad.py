"""Hand-written loops that re-run a step, a tool or an agent process after it failed (RA301)."""

import logging
import subprocess
import time

from gptme.tools import ToolUse, execute_msg

log = logging.getLogger(__name__)
MAX_ATTEMPTS = 3


def run_tools(msg, confirm):
    for attempt in range(3):  # expect: RA301(error)
        try:
            return list(execute_msg(msg, confirm))
        except Exception:
            log.warning("tool execution failed (attempt %d), retrying", attempt)
            time.sleep(2)
    return []


def run_until_ok(prompt):
    while True:  # expect: RA301(error)
        result = subprocess.run(["gptme", "--non-interactive", prompt])
        if result.returncode == 0:
            break
        time.sleep(60)


def claude_any_failure(prompt):
    for attempt in range(MAX_ATTEMPTS):  # expect: RA301(error)
        proc = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
        if proc.returncode != 0:
            log.error("claude failed: %s", proc.stderr)
            continue
        return proc.stdout
    return None


def execute_tool_uses(content, confirm):
    for tooluse in ToolUse.iter_from_content(content):
        done = False
        while not done:  # expect: RA301(error)
            try:
                list(tooluse.execute(confirm))
                done = True
            except BaseException:
                time.sleep(1)


def checked_run(prompt):
    for attempt in range(4):  # expect: RA301(error)
        try:
            subprocess.run(["gptme", "--non-interactive", prompt], check=True)
            return
        except subprocess.CalledProcessError as error:
            log.warning("gptme exited %d", error.returncode)


def narrowed(msg, confirm):
    for attempt in range(3):  # expect: RA301(warning)
        try:
            return list(execute_msg(msg, confirm))
        except ValueError:
            continue
    return []


def anonymous_resume(prompt):
    # Only on the transient code, but a fresh (unnamed) session each time.
    for attempt in range(5):  # expect: RA301(warning)
        rc = subprocess.call(["gptme", "--non-interactive", prompt])
        if rc != 75:
            return rc
        time.sleep(600)
    return 75


def run_agent(prompt):
    return subprocess.run(["timeout", "1800", "gptme", "--non-interactive", prompt]).returncode


def local_launcher(prompt):
    attempts = 0
    while attempts < 5:  # expect: RA301(error)
        attempts += 1
        if run_agent(prompt) == 0:
            return True
    return False
