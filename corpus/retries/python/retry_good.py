"""Near misses for RA301: retries below the step, resumes, schedules, fail-fast loops."""

import subprocess
import time

import openai
from gptme.chat import step
from tenacity import retry, retry_if_exception_type, stop_after_attempt

client = openai.OpenAI(max_retries=0)


# Transport recovery around one completion request: not a step.
@retry(retry=retry_if_exception_type(openai.RateLimitError), stop=stop_after_attempt(4))
def complete(messages):
    return client.chat.completions.create(model="gpt-4o", messages=messages)


def resume_named_session(session, prompt):
    # A bounded resume of a named session, only on EX_TEMPFAIL (75).
    for attempt in range(5):
        result = subprocess.run(["gptme", "--non-interactive", "--name", session, prompt])
        if result.returncode == 75:
            time.sleep(60 * 2**attempt)
            continue
        return result.returncode
    return 75


def resume_on_marker(session, prompt):
    # A bounded resume guarded on a rate-limit marker in the output.
    for attempt in range(3):
        proc = subprocess.run(
            ["claude", "-p", "--resume", session, prompt], capture_output=True, text=True
        )
        if proc.returncode != 0 and "rate limit" in proc.stderr.lower():
            time.sleep(900)
            continue
        return proc.returncode
    return 1


def scheduled(prompt):
    # New work on a schedule, whatever the status.
    while True:
        try:
            subprocess.run(["gptme", "--non-interactive", prompt], check=True)
        except subprocess.CalledProcessError:
            pass
        time.sleep(1800)


def one_task_each(tasks):
    # A failed task is skipped, not retried.
    for task in tasks:
        try:
            subprocess.run(["gptme", "--non-interactive", task], check=True)
        except subprocess.CalledProcessError:
            continue


def fail_fast(log):
    for attempt in range(3):
        for msg in step(log, stream=False):
            log.append(msg)
        if log[-1].content.endswith("DONE"):
            break


def the_step_once(log):
    try:
        return list(step(log, stream=False))
    except Exception:
        return []


def wait_until_installed():
    # Polls `--version` until the CLI answers: a probe, not a re-run of the agent.
    while True:
        if subprocess.run(["claude", "--version"], capture_output=True).returncode == 0:
            return
        time.sleep(5)
