"""What a masked pipeline loses, which decides the rule that reports it.

Kept apart from the analysis (`auditor.shell.masking`) so that rule modules can
name the tiers without loading the shell model.
"""

from __future__ import annotations

import enum


class Tier(enum.Enum):
    """What a masked pipeline loses: an agent's status, consequential work's, or a filter's."""

    AGENT = "agent"  # RA101, error
    CONSEQUENTIAL = "consequential"  # RA101, warning: a fetch, build, test, install, deploy
    FILTER = "filter"  # RA102, info, off by default: filters and probes
