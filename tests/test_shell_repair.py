"""Valid shell tree-sitter-bash 0.25 misreads: mended before parsing, positions exact."""

from __future__ import annotations

from auditor.profiles import default_catalog
from auditor.shell.model import ShellScript
from auditor.shell.parse import ShellText
from auditor.shell.status import status_use


def test_and_or_before_a_redirected_pipeline_is_regrouped() -> None:
    # tree-sitter-bash 0.25 reads `a || b 2>&1 | c` as `(a || b) 2>&1 | c`; bash
    # reads `a || (b 2>&1 | c)`. The parser braces `b 2>&1 | c`, positions exact.
    text = 'cd "$W" || gptme é 2>&1 | tee f\nx && y >/dev/null | z\necho done\n'
    script = ShellScript.build(text, default_catalog())
    assert [[s.label for s in p.stages] for p in script.pipelines] == [
        ["gptme", "tee"],
        ["y", "z"],
    ]
    first, second = script.pipelines
    start, end = script.parsed.span(first.node)
    assert text[start:end] == "gptme é 2>&1 | tee f"
    # Neither is the last statement and nothing reads them without errexit.
    assert status_use(first.node, first.options, script) is None
    last = ShellScript.build('cd "$W" || gptme x 2>&1 | tee f\n', default_catalog())
    (pipeline,) = last.pipelines
    use = status_use(pipeline.node, pipeline.options, last)
    assert use is not None and "last command" in use.reason
    condition = ShellScript.build("if a && b 2>&1 | c; then d; fi\n", default_catalog())
    (pipeline,) = condition.pipelines
    use = status_use(pipeline.node, pipeline.options, condition)
    assert use is not None and "`if`" in use.reason
    assert second.stages[0].node.type == "redirected_statement"


def test_a_here_doc_after_a_regrouped_pipeline_stays_outside_braces() -> None:
    # Braces cannot close before a here-doc's body: that pipeline is left as parsed.
    text = "a || b 2>&1 | cat <<EOF\nx\nEOF\necho after\n"
    parsed = ShellText(text)
    assert parsed.data == text.encode()
    assert parsed.unread_region() is None
