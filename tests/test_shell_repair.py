"""Valid shell tree-sitter-bash 0.25 misreads: mended before parsing, positions exact."""

from __future__ import annotations

import textwrap

import pytest

from auditor.engine import audit_text
from auditor.kinds import FileKind
from auditor.profiles import default_catalog
from auditor.shell.model import ShellScript
from auditor.shell.parse import ShellText, _parser
from auditor.shell.status import status_use

# Each is valid bash (checked with `bash -n`) that the grammar alone reads with an error.
GAPS = {
    "fi fi": "if a; then if b; then c; fi fi\n",
    "fi done": "for i in 1 2; do if a; then b; fi done\n",
    "done fi": "if a; then for i in 1; do b; done fi\n",
    "done done": "for a in 1; do for b in 2; do c; done done\n",
    "esac fi": "if a; then case $x in y) b ;; esac fi\n",
    "} fi": "if a; then { b; } fi\n",
    "fi }": "{ if a; then b; fi }\n",
    "fi else": "if a; then if b; then c; fi else d; fi\n",
    "fi elif": "if a; then if b; then c; fi elif d; then e; fi\n",
    "[[ ]] fi": "if a; then [[ -n $b ]] fi\n",
    "joined recipe": (
        'while read -r f; do \\\n\tif [ -f "$f" ]; then \\\n\t\tgit add "$f"; \\\n'
        "\tfi \\\ndone < list\n"
    ),
    "for without in": 'for arg do echo "$arg"; done\n',
    "for without in, in a function": 'f () {\n  for i do printf %s "$i" | sed s/a/b/ ; done\n}\n',
    "[ \\< ]": '[ "$a" \\< "$b" ] && echo earlier\n',
    "[ \\> ]": 'if [ -z "$p" ] || [ "$p" \\> "$n" ]; then echo later; fi\n',
    "substring offset": 'echo "${s:$i:1}"\n',
    "substring offset, unquoted": "echo ${s:$i:$n}\n",
    "substring offset, special": 'echo "${@:$#:1}" "${arr[@]:$i}"\n',
    "substring offset, arithmetic": 'echo "${s:1+$i:1}"\n',
    "substring length, an arithmetic expansion": 'b=("${a[@]:$s:$((e-s))}")\n',
    "default (": 'echo "${X:-(}"\n',
    "default (a|b)": "echo ${X:-(a|b)}\n",
    "default ( $Y )": 'echo "${X:-(a $Y)}"\n',
    "default < with escaped quotes": 'D="${1:?usage: run <dir> \\"<prompt>\\"}"\n',
    "default a(b)c": 'echo "${X:-a(b)c}"\n',
    "default a|b": 'MODE="${MODE:-plan|apply}"\n',
    "default in $( )": "y=$(echo ${X:-a)b})\n",
    "base prefix": "if ((10#$a < 10#${b})); then echo $((10#$a + 1)); fi\n",
    # a pattern operator in quoted text is none (read as one, the quote it ends opened a
    # pattern word that took in the rest of the line, and 50 rounds of repairs made more)
    "hexadecimal prefix beside a quoted !=": (
        'P=$((9222 + 0x$H % 100)); if jq -e \'.m // [] | index("p") != null\' "$C" >/dev/null;'
        " then N=\"p_${P}\"; fi\necho 'the name is set'\n"
    ),
    "hexadecimal prefix beside a double-quoted !=": (
        'P=$((9222 + 0x$H % 100)); if jq -e ".m // [] | index(\\"p\\") != null" "$C" >/dev/null;'
        " then N=\"p_${P}\"; fi\necho 'the name is set'\n"
    ),
    "a pattern word that starts with a quote": (
        "if [[ $cmd == 'git '\\ add* ]]; then echo staged; fi\n"
    ),
    "read-write redirect": 'if (exec 3<>"/dev/tcp/h/${PORT}") 2>/dev/null; then exec 3>&-; fi\n',
    "assignment with a redirect": 'if x="$(a)/$(b)" 2>/dev/null; then echo "$x"; fi\n',
    "] in a removal pattern": 'ACTIONS="${ACTIONS%]}, $item]"\n',
    "] in a prefix pattern": "rest=${line#]}; tail=${line%%]*}\n",
    "\\] in a removal pattern": 'echo "${s%\\]}"\n',
    "] in a substitution pattern": 'echo "${s/]/-}" "${s//]/}"\n',
    "bracket command word": "x=$([ab]+ c)\n",
    "coproc NAME ( )": "coproc W (cat)\nwait $W_PID\n",
    "assignment with a redirect, then ||": "x=$(a) 2>/dev/null || true\n",
    "assignment with a redirect, then &&": 'x=$(a) 2>/dev/null && echo "$x"\n',
    "assignment with a redirect, then |": "x=$(a) 2>/dev/null | cat\n",
    "here-doc job": "cat <<E > f 2>&1 &\nbody\nE\nwait\n",
    "here-doc job, a list": "test -d d && cat <<E | tee f &\nbody\nE\nwait\n",
    "here-doc job, a comment": "claude -p <<'E' > f & # the review\nbody\nE\nwait $!\n",
    "here-doc job, <<- and a comment": "cat <<-E & # note\n\tbody\n\tE\nwait\n",
    "substring offset, ++ and %": 'printf "%s" "${spin:i++%10:1}"\n',
    "substring offset, ++ and % of a length": "c=${spin:i++%${#spin}:1}\n",
    "hex prefix of an expansion": "x=$(( (0x${h:16:2} & 0x3f) | 0x80 ))\n",
    "subshell in a command substitution": 'v=$((cd "$d" && make) 2>&1) || rc=$?\n',
    "glob before || in [[ ]]": 'if [[ "$F" = gp-* || "$F" = en-gp-* ]]; then echo x; fi\n',
    "glob before && in [[ ]]": "[[ $F = gp* && $F = en* ]] && echo x\n",
    "here-string on a group": '{ read -r a; read -r b; } <<< "$x"\n',
    "here-string on a subshell": "( read -r a ) <<<$'x'\n",
    "regex of quotes and groups": (
        'if [[ "$out" =~ "try again in "([0-9]+)" min" ]]; then echo "${BASH_REMATCH[1]}"; fi\n'
    ),
    "regex group of a bracket": 'f(){ [[ "$1" =~ call:([a-z]+) ]] && echo "${s:$i:1}"; }\n',
    "regex \\> and a count": '[[ "$c" =~ (^|[[:space:]])echo.*\\>{1,2}[[:space:]]*$p ]] && ls\n',
    "here-doc in an if": "if ! python - <<'PY' >/dev/null; then\nimport sys\nPY\n  echo no\nfi\n",
    "here-doc in a while": 'while read -r l <<E; do\nx\nE\n  echo "$l"; break\ndone\n',
    "here-doc in an elif, <<-": "if a; then b\nelif ! grep -q x <<-E; then\n\tx\n\tE\n  c\nfi\n",
    "root as a test operand in a list": "command -v sync >/dev/null && [ -w / ] && sync\n",
    "root as a [[ ]] operand": "if [[ -d / ]]; then echo ok; fi\n",
    "[ before a quote in a default word": 'echo "${ALLOW:-["a", "b"]}"\n',
    "grouped arithmetic in a here-doc": "cat <<E\nms: $(( (b - a) * 1000 )) and $((c))\nE\n",
    "a group later in here-doc arithmetic": "cat <<E\nrate: $(( k * 100 / (d + k + 1) ))%\nE\n",
    "an escaped bracket in a [[ ]] pattern": 'if [[ "$m" == feat:\\ \\[${s}\\]* ]]; then :; fi\n',
    "text after an expansion in a [[ ]] pattern": 'if [[ "$m" == fix-${s}-done ]]; then :; fi\n',
    "an escaped backquote around an expansion in an alternative word": (
        'echo "model${P:+, agent \\`$P\\`} read"\n'
    ),
    "a quoted word in a command substitution of an alternative word": (
        'log "empty${e:+ (stderr: $(echo "$e" | head -1))}"\n'
    ),
    "arguments after a here-document's word, then a redirect": (
        'python3 - <<\'PY\' "$A" "$B" > "$OUT" || true\nimport sys\nPY\n'
    ),
    "an argument after a here-document's word, then 2>&1": "cat <<E a 2>&1\nx\nE\n",
    "a redirect after a here-document's word, then a pipe, in a substitution": (
        "x=$(claude -p <<EOF 2>/dev/null | jq -r .result\nhello\nEOF\n)\n"
    ),
    "a case item's lone command right after `)`": (
        "case $1 in\n  -q)Q=1;shift;;\n  -v)shift;break;;\n  *)break;;\nesac\n"
    ),
}


@pytest.mark.parametrize("text", GAPS.values(), ids=GAPS.keys())
def test_each_gap_is_mended(text: str) -> None:
    assert _parser().parse(text.encode()).root_node.has_error  # the gap is real
    assert ShellText(text).unread_region() is None


# Shell bash rejects stays unreadable: a repair never turns an error into valid shell.
INVALID = {
    "fi fi, one if": "if a; then b; fi fi\n",
    "done done, one loop": "for i in 1; do b; done done\n",
    "} }": "{ a; } }\n",
    "fi done, no loop": "if a; then b; fi done\n",
    "{ } fi fi": "if a; then { b; } fi fi\n",
    "[[ \\< ]]": "[[ a \\< b ]] && c\n",  # "conditional binary operator expected"
    "here-doc never closed": "if ! python - <<PY; then\nimport sys\n  echo no\nfi\n",
}


@pytest.mark.parametrize("text", INVALID.values(), ids=INVALID.keys())
def test_invalid_shell_stays_unreadable(text: str) -> None:
    assert ShellText(text).unread_region() is not None


def test_same_length_repairs_leave_offsets_alone() -> None:
    text = 'é; for p do gptme "$p"; done\nif a; then if b; then c; fi fi\n[ "$x" \\< é ]\n'
    parsed = ShellText(text)
    assert parsed.unread_region() is None
    assert len(parsed.data) == len(text.encode())
    script = ShellScript.walk(parsed, default_catalog())
    for command in script.commands:
        start, end = parsed.span(command.node)
        assert text[start:end] == parsed.node_text(command.node)


def test_inserted_braces_map_back_exactly() -> None:
    # `${s:$i:1}` is parsed as `${s:${i}:1}`: every node after it, and the
    # variable itself, still points at its own characters.
    text = 'x="é${s:$i:1}${t:$j}"; gptme "$x" | tee log\n'
    parsed = ShellText(text)
    assert parsed.data == 'x="é${s:${i}:1}${t:${j}}"; gptme "$x" | tee log\n'.encode()
    names = []
    stack = [parsed.root]
    while stack:
        node = stack.pop()
        if node.type == "variable_name":
            start, end = parsed.span(node)
            names.append(text[start:end])
            assert parsed.node_text(node) == text[start:end]
        stack.extend(node.children)
    assert sorted(names) == ["i", "j", "s", "t", "x", "x"]
    script = ShellScript.walk(parsed, default_catalog())
    (pipeline,) = script.pipelines
    start, end = parsed.span(pipeline.node)
    assert text[start:end] == 'gptme "$x" | tee log'


def test_literal_text_on_an_error_line_is_not_touched() -> None:
    # Single quotes, comments and here-docs hold text the shell never parses.
    text = "echo '${s:$i:1} [ a \\< b ] ${X:-a|b}' # [ c \\> d ]\nif\n"
    parsed = ShellText(text)
    assert parsed.data == text.encode()
    assert parsed.unread_region() is not None


def test_escaped_angle_bracket_outside_a_test_stays_a_word() -> None:
    text = "[ -n a ] && echo \\< x ) \n"
    assert ShellText(text).data == text.encode()


def test_findings_inside_mended_makefile_lines_keep_their_positions() -> None:
    makefile = textwrap.dedent(
        """\
        review:
        \t@while read -r f; do \\
        \t\tif [ -f "$$f" ]; then \\
        \t\t\tclaude -p "Review $$f" | tee -a review.log; \\
        \t\tfi \\
        \tdone < changed.txt
        """
    )
    result = audit_text(makefile, "Makefile", FileKind.MAKEFILE)
    assert [(f.code, f.span.start.line, f.span.start.column) for f in result.findings] == [
        ("RA203", 4, 4)
    ]


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


@pytest.mark.parametrize(
    "text",
    [
        "a | b | c\n# k\nx 2>/dev/null\n",
        "(a) | b | c\n\nx > f\n",
        "(echo p; cat P.md) | claude -p \\\n    --verbose \\\n    | viz\n"
        "# done?\nif g 2>/dev/null; then break; fi\n",
    ],
)
def test_a_later_file_redirect_does_not_swallow_the_lines_after_a_pipeline(text: str) -> None:
    statements = [c.type for c in ShellText(text).root.named_children if c.type != "comment"]
    assert statements[0] == "pipeline" and len(statements) == 2


# Valid bash the grammar reads without an error but not as bash does.
COPROCS = {
    "coproc { }": ("coproc { gptme x; }\n", "coproc;{ gptme x; }&\n"),
    "coproc NAME { }": (
        "coproc W { gptme x; } 2>/dev/null\n",
        "coproc W;{ gptme x; } 2>/dev/null&\n",
    ),
    "coproc CMD": ("coproc gptme x\n", "coproc;gptme x&\n"),
    "coproc in a function": (
        "f() { coproc W { gptme x; }; wait $W_PID; }\n",
        "f() { coproc W;{ gptme x; }& wait $W_PID; }\n",
    ),
}


@pytest.mark.parametrize(("text", "mended"), COPROCS.values(), ids=COPROCS.keys())
def test_a_coprocess_is_read_as_a_background_job(text: str, mended: str) -> None:
    parsed = ShellText(text)
    assert parsed.data == mended.encode()
    assert parsed.unread_region() is None
    script = ShellScript.walk(parsed, default_catalog())
    (agent,) = [c for c in script.commands if c.agent is not None]
    start, end = parsed.span(agent.node)
    assert text[start:end] == "gptme x"


def test_a_coprocess_pid_is_waited_for() -> None:
    from auditor.shell.jobs import waits_for

    text = 'coproc W { gptme x; }\nwait "${W_PID}"\ncoproc { claude -p y; }\nwait $COPROC_PID\n'
    script = ShellScript.build(text, default_catalog())
    jobs = [c.node.parent for c in script.commands if c.agent is not None]  # `{ …; }`
    waited = [
        [w.command.node.start_point[0] for w in waits_for(j, script.commands, script.parsed)]
        for j in jobs
    ]
    assert waited == [[1], [3]]


def test_a_repair_that_changes_nothing_is_not_made() -> None:
    """A `+` already before a nested expansion is left alone: on a line with another error
    the repairs would otherwise be found again on every pass."""
    from auditor.shell.repair import gap_repairs

    data = b'echo "${s:i+${#s}:1}" )) ((\n'
    root = _parser().parse(data).root_node
    assert all(data[r.at : r.at + r.length] != r.text for r in gap_repairs(root, data))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # `|| return 1` reads the run's status: the grammar hangs it inside the redirect
        ("f() {\n  claude -p - <<E >out.log || return 1\nFix\nE\n  echo ok\n}\nf\n", []),
        ("claude -p - <<E && echo done\nFix\nE\n", []),
        # the negation's status, inside `if !` of a here-document's command
        (
            "f() {\n  if ! claude -p - <<E >/dev/null 2>&1; then\nFix\nE\n    rc=$?\n"
            '    echo "failed $rc"\n  fi\n}\nf\n',
            [("RA203", 5, 8)],
        ),
        ('while read -r t <<E; do\nx\nE\n  gptme -n "$t" | tee log\ndone\n', [("RA203", 4, 3)]),
    ],
)
def test_a_here_document_command_that_goes_on_after_its_word(
    text: str, found: list[tuple[str, int, int]]
) -> None:
    result = audit_text("#!/bin/bash\n" + text, "run.sh", FileKind.SHELL)
    codes = [(f.code, f.span.start.line - 1, f.span.start.column) for f in result.findings]
    assert codes == found
