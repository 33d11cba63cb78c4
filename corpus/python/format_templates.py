"""Shell held in `.format()` templates: `{{`/`}}` are read as the braces they become."""

import shlex
from pathlib import Path

# A generated start-up script: `{{ …; }} > file` groups commands in the shell
# once formatted, so the template is valid shell and nothing is unreadable.
START_SCRIPT = """\
#!/bin/bash
set -e
AGENT="{name}"
{{
  echo "# Session for $AGENT"
  date -u
}} > session.md
gptme --non-interactive "$(cat {prompt_file})" | tee -a session.md  # expect: RA101(error)
"""

UNIT_TEMPLATE = """\
[Unit]
Description=Agent {name}

[Service]
ExecStartPre=/bin/sh -c '{{ date -u; uptime; }} > /var/log/{name}.boot'
ExecStart=/bin/bash -c 'gptme --non-interactive "run" | tee -a /var/log/{name}.log'  # expect: RA101(error)
"""


def write_start_script(workdir: Path, name: str) -> Path:
    script = workdir / "start.sh"
    script.write_text(START_SCRIPT.format(name=name, prompt_file=shlex.quote(str(workdir))))
    return script


def unit_text(name: str) -> str:
    return UNIT_TEMPLATE.format(name=name)


def cleanup_script(workdir: Path) -> str:
    return """#!/bin/sh
for f in {logs}/*.log; do {{ gzip "$f" || echo "kept $f"; }}; done
""".format(logs=workdir)
