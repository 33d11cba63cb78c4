"""Every Python shell host whose status is read, with the pipeline masking the agent."""

import asyncio
import os
import subprocess
from subprocess import check_call as run_checked

LOG = "agent.log"


def with_check(prompt: str) -> None:
    subprocess.run("gptme '" + prompt + "' | tee -a " + LOG, shell=True, check=True)  # expect: RA101(error)


def with_check_call(prompt: str) -> None:
    run_checked("claude -p %s | tee %s" % (prompt, LOG), shell=True)  # expect: RA101(error)


def with_check_output(task: str) -> str:
    return subprocess.check_output(
        "codex exec {} | tee {}".format(task, LOG),  # expect: RA101(error)
        shell=True,
        text=True,
    )


def with_os_system(prompt: str) -> bool:
    status = os.system(f"gptme {prompt} | tee {LOG}")  # expect: RA101(error)
    return status == 0


def with_call(prompt: str) -> bool:
    return subprocess.call(" ".join(["gptme", prompt, "|", "tee", LOG]), shell=True) == 0  # expect: RA101(error)


def with_popen(prompt: str) -> int:
    proc = subprocess.Popen(f"gptme {prompt} 2>&1 | tee {LOG}", shell=True)  # expect: RA101(error)
    return proc.wait()


def with_getstatusoutput() -> int:
    status, _ = subprocess.getstatusoutput("curl -s https://example.com | jq .ok")  # expect: RA101(warning)
    return status


async def with_asyncio(prompt: str) -> int:
    proc = await asyncio.create_subprocess_shell(f"gptme {prompt} | tee {LOG}")  # expect: RA101(error)
    await proc.wait()
    return proc.returncode or 0


def multi_line_literal() -> None:
    subprocess.run(
        """
        cd /srv/agent
        gptme --non-interactive 'do the task' 2>&1 | tee run.log  # expect: RA101(error)
        """,
        shell=True,
        check=True,
    )
