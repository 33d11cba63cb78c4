"""Units written out by Python (a `service init` template): RA302 reads them too."""

from pathlib import Path

RESTARTING_UNIT = """[Unit]
Description=gptme agent

[Service]
ExecStart=/usr/bin/gptme --non-interactive "Work through TASKS.md"
; expect-next-line: RA302(warning)
Restart=always
"""

TIMER_UNIT = """[Unit]
Description=gptme agent (one run per timer tick)

[Service]
Type=oneshot
ExecStart=/usr/bin/gptme --non-interactive "Work through TASKS.md"
"""


def install(name: str, directory: Path) -> None:
    (directory / f"{name}.service").write_text(RESTARTING_UNIT)
    (directory / f"{name}-timer.service").write_text(TIMER_UNIT)
