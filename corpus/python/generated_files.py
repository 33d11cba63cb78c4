"""Scripts and units written out by Python (the generate_run_script pattern)."""

from pathlib import Path

RUN_SCRIPT = """#!/bin/bash
set -e
cd "$HOME/agent"
gptme --non-interactive "$(cat prompt.md)" 2>&1 | tee -a run.log  # expect: RA101(error)
"""

GOOD_SCRIPT = """#!/bin/bash
set -euo pipefail
gptme --non-interactive "$(cat prompt.md)" 2>&1 | tee -a run.log
"""


def generate_run_script(workspace: Path, model: str) -> Path:
    script = workspace / "run.sh"
    script.write_text(
        f"""#!/usr/bin/env bash
set -e
gptme --model {model} --non-interactive 'next task' | tee -a {workspace}/log  # expect: RA101(error)
"""
    )
    return script


def generate_unit(name: str) -> str:
    return f"""[Unit]
Description=Agent {name}

[Service]
Type=oneshot
ExecStart=/bin/bash -c 'gptme --non-interactive "run" | tee -a /var/log/{name}.log'  # expect: RA101(error)
Restart=no
"""
