"""The wording of every finding on the corpus, pinned: a change to a message or a hint
shows in review as a snapshot diff."""

from __future__ import annotations

from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from auditor.config import Settings
from auditor.finding import Report
from auditor.output import render
from auditor.registry import all_rules
from auditor.run import audit

REPO_ROOT = Path(__file__).resolve().parent.parent


def corpus_report(*paths: str) -> Report:
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(REPO_ROOT)
        return audit([Path(p) for p in paths], Settings(select=("ALL",)))


def test_every_corpus_message(snapshot: SnapshotAssertion) -> None:
    """One line per finding, every rule selected: codes, positions and messages."""
    assert render("concise", corpus_report("corpus"), all_rules()) == snapshot


def test_pipeline_tier_reports_with_hints(snapshot: SnapshotAssertion) -> None:
    """The full text report of RA101's tiers and RA102: snippets, hints, fixes, related."""
    report = corpus_report("corpus/shell/tiers", "corpus/make/prints.mk")
    assert render("text", report, all_rules()) == snapshot
