"""Fixes: what RA101's fix writes, how fixes are applied, and the three checks of STYLE.

Every fix is tested three ways: the fixed text still parses (`bash -n`,
`py_compile`), re-auditing it finds none of the fixed findings, and a second
pass changes nothing. On top: encodings, line endings and modes survive,
overlapping edits are resolved deterministically, and `--diff` writes nothing.
"""

from __future__ import annotations

import os
import py_compile
import shutil
import stat
import subprocess
import tempfile
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from invoke import invoke

from auditor.config import Settings
from auditor.discover import classify
from auditor.engine import Auditor, audit_text
from auditor.finding import Applicability, Edit, Fix
from auditor.fixes import apply_edits, fix_text, newline_of, parses, select_fixes, wanted
from auditor.kinds import FileKind
from auditor.run import audit
from auditor.source import SourceFile

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
BASH = shutil.which("bash")


def run(*args: str) -> tuple[int, str, str]:
    result = invoke(list(args))
    return result.exit_code, result.stdout, result.stderr


def fixed(text: str, kind: FileKind = FileKind.SHELL, name: str = "run.sh") -> str:
    """`text` after `--fix --unsafe-fixes`, in memory."""
    source = SourceFile(name, text)
    return fix_text(source, kind, Auditor(Settings()), unsafe=True).text


def fixes_of(text: str, kind: FileKind = FileKind.SHELL, name: str = "run.sh") -> list[Fix]:
    return [f.fix for f in audit_text(text, name, kind).findings if f.fix is not None]


# RA101 in shell scripts

SCRIPT_FIXES = [
    (
        '#!/bin/bash\nset -e\ngptme "$P" | tee log\n',
        '#!/bin/bash\nset -eo pipefail\ngptme "$P" | tee log\n',
    ),
    (
        '#!/bin/bash\nset -eu\ngptme "$P" | tee log\n',
        '#!/bin/bash\nset -euo pipefail\ngptme "$P" | tee log\n',
    ),
    (
        '#!/bin/bash\nset -eux  # trace\ngptme "$P" | tee log\n',
        '#!/bin/bash\nset -euxo pipefail  # trace\ngptme "$P" | tee log\n',
    ),
    (
        '#!/bin/bash\nset -o errexit\nset -o nounset\ngptme "$P" | tee log\n',
        '#!/bin/bash\nset -o errexit -o pipefail\nset -o nounset\ngptme "$P" | tee log\n',
    ),
    (
        '#!/bin/bash\nset -euo nounset\ngptme "$P" | tee log\n',
        '#!/bin/bash\nset -euo nounset -o pipefail\ngptme "$P" | tee log\n',
    ),
    (  # errexit from the shebang only: a line of its own (the kernel passes one argument)
        '#!/bin/bash -e\n# Nightly run.\n\nLOG=x\ngptme "$P" | tee "$LOG"\n',
        '#!/bin/bash -e\n# Nightly run.\nset -o pipefail\n\nLOG=x\ngptme "$P" | tee "$LOG"\n',
    ),
    (  # after the first comment block, not after a later section comment
        "#!/usr/bin/env bash\n# About.\n\n# Config\nLOG=x\nif gptme | tee l; then :; fi\n",
        "#!/usr/bin/env bash\n# About.\nset -o pipefail\n\n# Config\nLOG=x\n"
        "if gptme | tee l; then :; fi\n",
    ),
    (  # after the last leading `set` line that has no errexit
        '#!/bin/bash\n# About.\nset -u\n\ngptme "$P" | tee log\n',
        '#!/bin/bash\n# About.\nset -u\nset -o pipefail\n\ngptme "$P" | tee log\n',
    ),
    (  # no shebang
        'gptme "$P" | tee log\n',
        'set -o pipefail\ngptme "$P" | tee log\n',
    ),
    (  # CRLF: the added line ends in CRLF too
        '#!/bin/bash\r\n# About.\r\ngptme "$P" | tee log\r\n',
        '#!/bin/bash\r\n# About.\r\nset -o pipefail\r\ngptme "$P" | tee log\r\n',
    ),
]


@pytest.mark.parametrize(("before", "after"), SCRIPT_FIXES)
def test_script_fix(before: str, after: str) -> None:
    found = fixes_of(before)
    assert found, "RA101 should offer a fix"
    assert all(fix.applicability is Applicability.UNSAFE for fix in found)
    assert fixed(before) == after
    assert not [f for f in audit_text(after, "run.sh", FileKind.SHELL).findings if f.fix]


@pytest.mark.parametrize(
    "script",
    [
        '#!/bin/sh\nset -e\ncurl -s "$U" | jq .ok\n',  # dash rejects `set -o pipefail`
        "#!/usr/bin/env sh\nif curl -s x | jq .ok; then :; fi\n",
        # pipefail is switched off later: turning it on at the top cannot help
        "#!/bin/bash\nset -euo pipefail\nset +o pipefail\nx=$(curl -s u | jq .v)\n",
        '#!/bin/bash\nset -e\nshopt -uo pipefail\ngptme "$P" | tee log\n',
        # does not parse
        '#!/bin/bash\nset -e\nrun() {\n  gptme "$P" | tee log\n  echo "$(date)")\n}\n',
    ],
)
def test_no_script_fix(script: str) -> None:
    assert audit_text(script, "run.sh", FileKind.SHELL).findings
    assert fixes_of(script) == []
    assert fixed(script) == script


def test_embedded_shell_in_a_script_has_no_fix() -> None:
    script = "#!/bin/bash\nbash -c 'gptme x | tee log' || echo failed\n"
    assert audit_text(script, "run.sh", FileKind.SHELL).findings
    assert fixes_of(script) == []


# RA101 in Python

PYTHON_FIXES = [
    (
        'import subprocess\nsubprocess.run(["bash", "-c", "gptme x | tee log"], check=True)\n',
        'import subprocess\nsubprocess.run(["bash", "-o", "pipefail", "-c", "gptme x | tee log"],'
        " check=True)\n",
    ),
    (
        "import subprocess\nsubprocess.run(['bash', '-lc', f'gptme {p} | tee log'], check=True)\n",
        "import subprocess\nsubprocess.run(['bash', '-o', 'pipefail', '-lc',"
        " f'gptme {p} | tee log'], check=True)\n",
    ),
    (
        'import subprocess\nsubprocess.run("gptme x | tee log", shell=True, check=True)\n',
        'import subprocess\nsubprocess.run("set -o pipefail; gptme x | tee log", shell=True,'
        ' check=True, executable="/bin/bash")\n',
    ),
    (
        "import subprocess\n\ndef f(p):\n    cmd = f'gptme {p} | tee log'\n"
        "    return subprocess.run(cmd, shell=True).returncode\n",
        "import subprocess\n\ndef f(p):\n    cmd = f'set -o pipefail; gptme {p} | tee log'\n"
        '    return subprocess.run(cmd, shell=True, executable="/bin/bash").returncode\n',
    ),
    (  # one argument per line: a line of its own before `)`
        'import subprocess\nsubprocess.run(\n    "gptme x | tee log",\n    shell=True,\n'
        "    check=True,\n)\n",
        'import subprocess\nsubprocess.run(\n    "set -o pipefail; gptme x | tee log",\n'
        '    shell=True,\n    check=True,\n    executable="/bin/bash",\n)\n',
    ),
    (  # a parenthesized last argument: the keyword goes after its `)`
        'import subprocess\nsubprocess.run("gptme x | tee log", shell=True, check=(True))\n',
        'import subprocess\nsubprocess.run("set -o pipefail; gptme x | tee log", shell=True,'
        ' check=(True), executable="/bin/bash")\n',
    ),
    (  # an `executable` that is bash already: the prefix only
        'import subprocess\nsubprocess.run("gptme x | tee log", shell=True, check=True,'
        ' executable="/usr/bin/bash")\n',
        'import subprocess\nsubprocess.run("set -o pipefail; gptme x | tee log", shell=True,'
        ' check=True, executable="/usr/bin/bash")\n',
    ),
]


@pytest.mark.parametrize(("before", "after"), PYTHON_FIXES)
def test_python_fix(before: str, after: str) -> None:
    assert fixes_of(before, FileKind.PYTHON, "run.py")
    assert fixed(before, FileKind.PYTHON, "run.py") == after
    compile(after, "run.py", "exec")  # parses; never run
    remaining = audit_text(after, "run.py", FileKind.PYTHON).findings
    assert not [f for f in remaining if f.code == "RA101"]


@pytest.mark.parametrize(
    "source",
    [
        'import os\nstatus = os.system("gptme x | tee log")\n',  # always /bin/sh
        'import subprocess\nsubprocess.run(["sh", "-c", "gptme x | tee log"], check=True)\n',
        'import subprocess\nsubprocess.run("gptme x | tee log", shell=True, check=True,'
        ' executable="/bin/sh")\n',
        'import subprocess\nsubprocess.run("gptme x | tee log", shell=True, check=True, **kw)\n',
        'import subprocess\nsubprocess.run(" ".join(["gptme", p, "|", "tee", "log"]),'
        " shell=True, check=True)\n",
        # the command is used twice: a prefix would reach a call without bash too
        "import os, subprocess\n\ndef f(p):\n    cmd = f'gptme {p} | tee log'\n"
        "    subprocess.run(cmd, shell=True, check=True)\n    return os.system(cmd)\n",
    ],
)
def test_no_python_fix(source: str) -> None:
    assert audit_text(source, "run.py", FileKind.PYTHON).findings
    assert fixes_of(source, FileKind.PYTHON, "run.py") == []


# Applying fixes


def test_overlapping_fixes_are_resolved_in_offset_order() -> None:
    first = Fix((Edit(1, 4, "abc"),), Applicability.SAFE, "first")
    duplicate = Fix((Edit(1, 4, "abc"),), Applicability.SAFE, "same edits as the first")
    overlapping = Fix((Edit(3, 6, "x"),), Applicability.SAFE, "overlaps the first")
    later = Fix((Edit(6, 6, "z"), Edit(9, 9, "w")), Applicability.SAFE, "after it")
    for order in ([later, overlapping, first, duplicate], [first, duplicate, overlapping, later]):
        chosen = select_fixes(order)
        assert [fix.edits for fix in chosen] == [first.edits, later.edits]
        edits = [edit for fix in chosen for edit in fix.edits]
        assert apply_edits("0123456789", edits) == "0abc45z678w9"


def test_two_insertions_at_one_offset_wait_for_the_next_pass() -> None:
    a = Fix((Edit(2, 2, "a"),), Applicability.SAFE, "")
    b = Fix((Edit(2, 2, "b"),), Applicability.SAFE, "")
    assert select_fixes([b, a]) == select_fixes([a, b]) == [a]


def test_unsafe_fixes_need_the_flag() -> None:
    unsafe = Fix((Edit(0, 0, "x"),), Applicability.UNSAFE, "")
    safe = Fix((Edit(0, 0, "x"),), Applicability.SAFE, "")
    assert wanted(safe, unsafe=False) and wanted(unsafe, unsafe=True)
    assert not wanted(unsafe, unsafe=False) and not wanted(None, unsafe=True)


def test_newlines() -> None:
    assert newline_of("a\r\nb\r\n") == "\r\n" and newline_of("a\nb\r\n") == "\r\n"
    assert newline_of("a\nb\nc\r\n") == "\n" and newline_of("") == "\n"
    assert apply_edits("a\r\nb\r\n", [Edit(3, 3, "x\n")], "\r\n") == "a\r\nx\r\nb\r\n"


# The corpus, three ways


def corpus_copy(tmp_path: Path) -> Path:
    shutil.copytree(CORPUS, tmp_path / "corpus")
    return tmp_path / "corpus"


def runner_files(root: Path) -> dict[Path, FileKind]:
    found = {}
    for path in sorted(root.rglob("*")):
        kind = classify(path, path.read_bytes()[:256]) if path.is_file() else None
        if kind is not None:
            found[path] = kind
    return found


def syntax_ok(path: Path, kind: FileKind) -> bool:
    if kind is FileKind.SHELL and BASH is not None:
        return subprocess.run([BASH, "-n", str(path)], capture_output=True).returncode == 0
    if kind is FileKind.PYTHON:
        try:
            compiles(path)
        except py_compile.PyCompileError:
            return False
    return True


def compiles(path: Path) -> None:
    """`py_compile` the file (it reads the coding cookie); the bytecode is thrown away."""
    with tempfile.TemporaryDirectory() as directory:
        py_compile.compile(str(path), cfile=os.path.join(directory, "x.pyc"), doraise=True)


@pytest.mark.skipif(BASH is None, reason="bash is needed for `bash -n`")
def test_fix_the_corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    root = corpus_copy(tmp_path)
    files = runner_files(root)
    parsed_before = {path for path, kind in files.items() if syntax_ok(path, kind)}
    before = {path: path.read_bytes() for path in files}
    args = ("check", "--isolated", "--no-cache", "corpus", "-f", "json")
    findings = audit(["corpus"], Settings(), jobs=1).findings
    fixed_codes = {f.code for f in findings if f.fix is not None}
    unfixable = Counter((f.path, f.code) for f in findings if f.fix is None)

    code, out, err = run(*args, "--fix", "--unsafe-fixes")
    assert code == 1, err + out[-3000:]  # systemd, Actions, Docker, Make: no fix
    assert "runaudit: fixed" in err
    changed = {path for path in files if path.read_bytes() != before[path]}
    assert {p.name for p in changed} >= {"errexit_set_e_bad.sh", "shell_string_hosts.py"}
    # 1. everything that parsed still parses
    assert {path for path in parsed_before if not syntax_ok(path, files[path])} == set()
    # 2. re-auditing finds none of the fixed findings: no fix is left to apply
    report = audit(["corpus"], Settings(), jobs=1).findings
    assert [f for f in report if f.fix is not None] == []
    left = Counter((f.path, f.code) for f in report if f.code in fixed_codes)
    assert "RA101" in fixed_codes and left <= unfixable
    # 3. a second pass changes nothing
    after = {path: path.read_bytes() for path in files}
    code, out, _ = run(*args[:-2], "--diff", "--unsafe-fixes")
    assert (code, out) == (0, "")
    run(*args, "--fix", "--unsafe-fixes")
    assert {path: path.read_bytes() for path in files} == after


def test_diff_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    script = tmp_path / "run.sh"
    script.write_text('#!/bin/bash\nset -e\ngptme "$P" | tee log\n')
    code, out, err = run("check", "--isolated", "--no-cache", "run.sh", "--diff")
    assert (code, out) == (0, "")  # the fix is unsafe: `--diff` alone shows safe fixes
    assert "1 more fixable with --unsafe-fixes" in err
    code, out, err = run("check", "--isolated", "--no-cache", "run.sh", "--diff", "--unsafe-fixes")
    assert code == 1
    assert out == (
        "--- run.sh\n+++ run.sh\n@@ -1,3 +1,3 @@\n #!/bin/bash\n-set -e\n+set -eo pipefail\n"
        ' gptme "$P" | tee log\n'
    )
    assert "would fix 1 finding in 1 file" in err
    assert script.read_text() == '#!/bin/bash\nset -e\ngptme "$P" | tee log\n'


def test_fix_keeps_crlf_mode_and_reports_what_is_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    script = tmp_path / "run.sh"
    script.write_bytes(b'#!/bin/bash\r\n# Nightly.\r\n\r\ngptme "$P" | tee log\r\n')
    script.chmod(0o750)
    code, out, err = run("check", "--isolated", "--no-cache", "run.sh", "--fix")
    assert code == 1 and "RA101" in out and "1 more fixable with --unsafe-fixes" in err
    code, out, err = run("check", "--isolated", "--no-cache", "run.sh", "--fix", "--unsafe-fixes")
    assert code == 0, out
    assert "fixed 1 finding in 1 file" in err
    assert script.read_bytes() == (
        b'#!/bin/bash\r\n# Nightly.\r\nset -o pipefail\r\n\r\ngptme "$P" | tee log\r\n'
    )
    assert stat.S_IMODE(script.stat().st_mode) == 0o750
    assert [p.name for p in tmp_path.iterdir()] == ["run.sh"]  # no temporary file left


def test_fix_keeps_a_latin1_coding_cookie(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    module = tmp_path / "run.py"
    module.write_bytes(
        b"# -*- coding: latin-1 -*-\r\nimport subprocess\r\n# caf\xe9\r\n"
        b'subprocess.run("gptme x | tee caf\xe9.log", shell=True, check=True)\r\n'
    )
    code, _, _ = run("check", "--isolated", "--no-cache", "run.py", "--fix", "--unsafe-fixes")
    assert code == 0
    assert module.read_bytes() == (
        b"# -*- coding: latin-1 -*-\r\nimport subprocess\r\n# caf\xe9\r\n"
        b'subprocess.run("set -o pipefail; gptme x | tee caf\xe9.log", shell=True, check=True,'
        b' executable="/bin/bash")\r\n'
    )
    compiles(module)


def test_fix_writes_through_a_link(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "real.sh").write_text('#!/bin/bash\nset -e\ngptme "$P" | tee log\n')
    (tmp_path / "link.sh").symlink_to("real.sh")
    run("check", "--isolated", "--no-cache", "link.sh", "--fix", "--unsafe-fixes")
    assert (tmp_path / "link.sh").is_symlink()
    assert "set -eo pipefail" in (tmp_path / "real.sh").read_text()


def test_a_file_that_does_not_parse_is_never_fixed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(CORPUS / "shell" / "broken_partial.sh", tmp_path / "broken.sh")
    before = (tmp_path / "broken.sh").read_bytes()
    run("check", "--isolated", "--no-cache", "broken.sh", "--fix", "--unsafe-fixes")
    assert (tmp_path / "broken.sh").read_bytes() == before


def test_fix_and_diff_refuse_standard_input() -> None:
    result = invoke(["check", "--stdin-filename", "x.sh", "--fix"], input="echo | cat\n")
    assert result.exit_code == 2


# The property: over corpus files, in either line ending, with headers varied


def corpus_texts() -> list[tuple[str, FileKind]]:
    texts = []
    for path, kind in runner_files(CORPUS).items():
        if kind in (FileKind.SHELL, FileKind.PYTHON):
            texts.append((path.read_bytes().decode("utf-8", "replace"), kind))
    return texts


HEADER_LINES = ("# comment\n", "\n", "set -u\n", "set -e\n", "set -eu\n", "set -o errexit\n")


@settings(
    max_examples=int(os.environ.get("RUNAUDIT_FUZZ_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.sampled_from(corpus_texts()),
    header=st.lists(st.sampled_from(HEADER_LINES), max_size=4),
    crlf=st.booleans(),
)
def test_fixes_are_idempotent_and_keep_files_parsing(
    seed: tuple[str, FileKind], header: list[str], crlf: bool
) -> None:
    text, kind = seed
    if kind is FileKind.SHELL:
        first, _, rest = text.partition("\n")
        text = f"{first}\n{''.join(header)}{rest}" if first.startswith("#!") else text
    if crlf:
        text = text.replace("\r\n", "\n").replace("\n", "\r\n")
    name = "fuzz.py" if kind is FileKind.PYTHON else "fuzz.sh"
    auditor = Auditor(Settings())
    once = fix_text(SourceFile(name, text), kind, auditor, unsafe=True)
    if parses(text, kind):
        assert parses(once.text, kind)
    else:
        assert once.text == text  # a file that does not parse is never touched
    assert [f for f in once.findings if f.fix is not None] == []
    twice = fix_text(SourceFile(name, once.text), kind, auditor, unsafe=True)
    assert twice.text == once.text and twice.fixed == 0
    if crlf:
        assert once.text.count("\n") == once.text.count("\r\n")


# Every fixable rule's own examples, and how fixes are shown


def fixable_examples() -> list[tuple[str, FileKind, str]]:
    from auditor.registry import all_rules

    return [
        (example.source, example.kind, example.filename)
        for rule in all_rules()
        if rule.fixable
        for example in rule.BAD
    ]


@pytest.mark.parametrize(("source", "kind", "filename"), fixable_examples())
def test_bad_examples_of_fixable_rules_fix_cleanly(
    source: str, kind: FileKind, filename: str
) -> None:
    once = fix_text(SourceFile(filename, source), kind, Auditor(Settings()), unsafe=True)
    assert parses(once.text, kind)
    assert [f for f in once.findings if f.fix is not None] == []
    again = fix_text(SourceFile(filename, once.text), kind, Auditor(Settings()), unsafe=True)
    assert again.text == once.text


def test_every_format_and_explain_show_the_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    monkeypatch.chdir(tmp_path)
    (tmp_path / "run.sh").write_text('#!/bin/bash\nset -e\ngptme "$P" | tee log\n')
    base = ("check", "--isolated", "--no-cache", "run.sh")
    assert "fix available (unsafe): change `set -e` to `set -eo pipefail`" in run(*base)[1]
    assert "**fix available (unsafe):**" in run(*base, "-f", "markdown")[1]
    fix = json.loads(run(*base, "-f", "json")[1])["findings"][0]["fix"]
    assert fix["applicability"] == "unsafe"
    assert fix["edits"] == [{"start_offset": 18, "end_offset": 18, "content": "o pipefail"}]
    sarif = json.loads(run(*base, "-f", "sarif")[1])
    assert sarif["runs"][0]["results"][0]["fixes"]
    explained = run("explain", "RA101")[1]
    assert "Fix: unsafe fix available" in explained and "## Fix safety" in explained


# Writing fixed files


def _masked(tmp_path: Path) -> Path:
    script = tmp_path / "run.sh"
    script.write_text('#!/bin/bash\nset -e\ngptme "$P" | tee log\n')
    return script


def test_a_fix_keeps_the_mode_and_leaves_no_temporary(tmp_path: Path) -> None:
    from auditor.safe_write import write_atomic

    script = _masked(tmp_path)
    script.chmod(0o751)
    write_atomic(script, b"#!/bin/bash\necho fixed\n")
    assert script.read_text() == "#!/bin/bash\necho fixed\n"
    assert stat.S_IMODE(script.stat().st_mode) == 0o751
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.sh"]


def test_a_temporary_left_by_a_killed_run_is_removed_by_the_next(tmp_path: Path) -> None:
    from auditor.safe_write import write_atomic

    script = _masked(tmp_path)
    stale = tmp_path / ".run.sh.runaudit-999999999~"  # above any pid Linux hands out
    stale.write_text("half a file")
    write_atomic(script, b"#!/bin/bash\n")
    assert not stale.exists()


@pytest.mark.parametrize("case", ["read-only", "hard link"])
def test_a_file_the_fix_must_not_rewrite_is_refused(tmp_path: Path, case: str) -> None:
    from auditor.safe_write import NotRewritten, write_atomic

    script = _masked(tmp_path)
    if case == "read-only":
        script.chmod(0o444)
        message = "read-only"
    else:
        os.link(script, tmp_path / "other-name.sh")
        message = "2 hard links"
    with pytest.raises(NotRewritten, match=message):
        write_atomic(script, b"#!/bin/bash\n")
    assert script.read_text() == '#!/bin/bash\nset -e\ngptme "$P" | tee log\n'


def test_a_fixed_file_lists_the_suppressions_its_re_audit_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fix adds pipefail, so the comment hides nothing any more: it is RA001, not listed."""
    monkeypatch.chdir(tmp_path)
    script = tmp_path / "run.sh"
    script.write_text(
        '#!/bin/bash\nset -e\ngptme "$P" | tee log\n'
        'claude -p "$Q" | tee b.log  # runaudit: ignore[RA101]\n'
    )
    args = ["check", "--isolated", "--no-cache", "run.sh", "-f", "markdown"]
    assert "| run.sh:4 | RA101 | 1 |" in run(*args)[1]
    out = run(*args, "--fix", "--unsafe-fixes")[1]
    assert "Suppressions in effect" not in out and "RA001" in out
