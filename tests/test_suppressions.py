"""Inline suppressions: comments that cannot work, and `--ignore-suppressions`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from invoke import invoke

from auditor.config import Settings
from auditor.engine import audit_text
from auditor.finding import AppliedSuppression, Finding
from auditor.kinds import FileKind

MASKED = '#!/bin/bash\nset -e\ngptme "$PROMPT" | tee run.log'


def findings(text: str, settings: Settings | None = None) -> list[Finding]:
    return audit_text(text, "run.sh", FileKind.SHELL, settings).findings


def codes(text: str, settings: Settings | None = None) -> list[tuple[str, int]]:
    return [(f.code, f.span.start.line) for f in findings(text, settings)]


@pytest.mark.parametrize(
    "comment", ["# runaudit: ignore", "# runaudit: ignore[]", "#runaudit:ignore[ , ]"]
)
def test_a_suppression_without_codes_is_ra001_and_suppresses_nothing(comment: str) -> None:
    found = findings(f"{MASKED}  {comment}\n")
    assert [(f.code, f.span.start.line) for f in found] == [("RA101", 3), ("RA001", 3)]
    (ra001,) = [f for f in found if f.code == "RA001"]
    assert ra001.message == (
        "suppression names no rule codes, so it suppresses nothing (codes are required)"
    )
    assert ra001.hint == "name the rules it is for: `# runaudit: ignore[RA101]`"


def test_a_bare_file_level_suppression_is_ra001() -> None:
    (ra001, ra101) = findings(f"#!/bin/bash\n# runaudit: ignore-file\n{MASKED[12:]}\n")
    assert (ra001.code, ra001.span.start.line, ra101.code) == ("RA001", 2, "RA101")
    assert ra001.message.startswith("file-level suppression names no rule codes")
    assert "`# runaudit: ignore-file[RA101]`" in (ra001.hint or "")


def test_a_file_level_suppression_below_the_first_comment_block_is_ra001() -> None:
    text = f"{MASKED}\n# runaudit: ignore-file[RA101]\n"
    (ra101, ra001) = findings(text)
    assert (ra101.code, ra001.code, ra001.span.start.line) == ("RA101", "RA001", 4)
    assert ra001.message == (
        "file-level suppression below the file's first comment block suppresses nothing"
    )


@pytest.mark.parametrize(
    "comment",
    [
        "# runaudit: ignored, see below",  # a longer word
        "# the `# runaudit: ignore` comment needs codes",  # prose naming the directive
    ],
)
def test_text_that_only_mentions_the_directive_is_not_one(comment: str) -> None:
    assert codes(f"{MASKED}  {comment}\n") == [("RA101", 3)]


def test_codes_may_follow_the_word_after_a_space() -> None:
    assert codes(f"{MASKED}  # runaudit: ignore [RA101]\n") == []


SUPPRESSED = (
    "#!/bin/bash\n"
    "# runaudit: ignore-file[RA203]\n"
    "set -e\n"
    'gptme "$P" | tee run.log  # runaudit: ignore[RA101]\n'
    "echo between\n"
    'claude -p "$P" | tee b.log  # runaudit: ignore\n'
    "echo done  # runaudit: ignore[RA101]\n"
)


def test_ignore_suppressions_reports_what_comments_would_hide() -> None:
    obeyed = audit_text(SUPPRESSED, "run.sh", FileKind.SHELL)
    assert [(f.code, f.span.start.line) for f in obeyed.findings] == [
        ("RA001", 2),  # nothing for the file-level RA203 to suppress
        ("RA101", 6),
        ("RA001", 6),  # codes are required
        ("RA001", 7),  # unused
    ]
    assert obeyed.suppressed == 1

    ignored = audit_text(SUPPRESSED, "run.sh", FileKind.SHELL, Settings(ignore_suppressions=True))
    assert [(f.code, f.span.start.line) for f in ignored.findings] == [
        ("RA101", 4),  # reported, with the comment that would hide it
        ("RA101", 6),
        ("RA001", 6),  # a comment that cannot work is still reported; unused ones are not
    ]
    assert ignored.suppressed == 0
    would_hide = ignored.findings[0].related[-1]
    assert would_hide.message == "suppressed here without `--ignore-suppressions`"
    assert (would_hide.span.start.line, would_hide.span.start.column) == (4, 27)
    assert "without `--ignore-suppressions`" not in str(ignored.findings[1].related)


TWO_COMMENTS = (
    "#!/bin/bash\n"
    "# runaudit: ignore-file[RA1]\n"
    "set -e\n"
    'gptme "$P" | tee a.log\n'
    'claude -p "$P" | tee b.log  # runaudit: ignore[RA203]\n'
    'gptme "$Q" | tee c.log\n'
)


def test_only_the_comments_that_hid_findings_are_recorded_with_their_counts() -> None:
    result = audit_text(TWO_COMMENTS, "run.sh", FileKind.SHELL)
    assert [(f.code, f.span.start.line) for f in result.findings] == [("RA001", 5)]  # unused
    assert result.suppressed == 3
    assert result.suppressions == (AppliedSuppression("run.sh", 2, ("RA1",), 3),)


def test_with_ignore_suppressions_no_comment_is_in_effect() -> None:
    settings = Settings(ignore_suppressions=True)
    result = audit_text(TWO_COMMENTS, "run.sh", FileKind.SHELL, settings)
    assert (result.suppressed, result.suppressions) == (0, ())
    assert [f.code for f in result.findings] == ["RA101", "RA101", "RA101"]


def test_a_file_level_comment_that_hides_ra001_counts_it() -> None:
    text = "#!/bin/bash\n# runaudit: ignore-file[RA001]\necho hi  # runaudit: ignore[RA101]\n"
    result = audit_text(text, "run.sh", FileKind.SHELL)
    # Both RA001s: the unused line comment's, and its own (it was unused when they were made).
    assert (result.findings, result.suppressed) == ([], 2)
    assert result.suppressions == (AppliedSuppression("run.sh", 2, ("RA001",), 2),)


def test_ignore_suppressions_on_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "run.sh").write_text(f"{MASKED}  # runaudit: ignore[RA101]\n")
    args = ["check", "--isolated", "--no-cache", "run.sh", "-f", "json"]
    assert invoke(args).exit_code == 0
    result = invoke([*args, "--ignore-suppressions"])
    assert result.exit_code == 1
    (finding,) = json.loads(result.stdout)["findings"]
    assert finding["code"] == "RA101"
    assert finding["related"][-1]["message"] == "suppressed here without `--ignore-suppressions`"
    markdown = [*args[:-1], "markdown"]
    assert "| run.sh:3 | RA101 | 1 |" in invoke(markdown).stdout
    assert "Suppressions in effect" not in invoke([*markdown, "--ignore-suppressions"]).stdout
