"""Issue 25, items 8, 9, 11, 12, 14: bounds that hold, each reproduction in its own process."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest
from subprocess_cli import runaudit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from generated_scripts import generated_runner

CHECK = ["check", "--isolated", "--no-cache", "-f", "concise"]
# RA101 on `subprocess.run("gptme … | tee log", shell=True, check=True)`
TEE_LOST = (
    "RA101 [error] [*] exit status of `gptme` is lost in this `run(…, shell=True)` string:"
    " without pipefail the pipeline returns the status of `tee`, and `check=True` raises on"
    " a non-zero status"
)


def test_four_hundred_background_jobs_are_fast(tmp_path: Path) -> None:
    # `jobs.waits_for` rebuilt its owner table for every job: 400 jobs took 66 s.
    lines = [f"gptme t{i} > l{i} &\npid{i}=$!" for i in range(400)]
    (tmp_path / "jobs.sh").write_text("#!/bin/bash\n" + "\n".join(lines) + "\nwait $pid0\n")
    started = time.monotonic()
    result = runaudit([*CHECK, "jobs.sh"], tmp_path, timeout=30)
    assert time.monotonic() - started < 10
    assert result.returncode == 1
    assert result.stdout.splitlines()[-1] == "Found 399 findings."


WRONG_SHAPES = [
    ("launchers", []),  # `.items()` of a list was an AttributeError: "internal error"
    ("launchers", {"run": "ab"}),
    ("constants", {"N": "3"}),
    ("retried_imports", [{"module": 1}]),
    ("retry_helpers", "x"),
    ("retry_parameters", {"f": ["a"]}),
    ("launch_parameters", {"run": ["cmd", "0", 1, 2, 3]}),
    ("class_bases", {"C": [1]}),
]


@pytest.mark.parametrize(("field", "value"), WRONG_SHAPES)
def test_a_project_index_entry_of_the_wrong_shape_is_a_miss(
    tmp_path: Path, field: str, value: object
) -> None:
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "lib.py").write_text(
        "import subprocess\nN = 3\ndef run(cmd):\n    return subprocess.run(cmd)\n"
    )
    (tree / "main.py").write_text("from lib import run\nrun(['gptme', 'x'])\n")
    cache = tmp_path / "cache"
    args = ["check", "--isolated", "--cache-dir", str(cache), "-f", "json", "."]
    first = runaudit(args, tree, timeout=60)
    entries = [p for p in cache.rglob("*.json") if '"launchers"' in p.read_text()]
    assert entries, "the index entry was cached"
    for entry in entries:
        data = json.loads(entry.read_text())
        data[field] = value
        entry.write_text(json.dumps(data))
    again = runaudit(args, tree, timeout=60)
    assert again.returncode == first.returncode, again.stderr
    assert json.loads(again.stdout) == json.loads(first.stdout)  # no internal-error note


def test_the_project_index_agent_name_search_is_linear(tmp_path: Path) -> None:
    # One 32 KB `a/a/a…` token took 12 s when the search allowed any path prefix.
    (tmp_path / "run.sh").write_text("#!/bin/bash\necho " + "a/" * 16_000 + "\n")
    (tmp_path / "agent.sh").write_text("#!/bin/bash\n/opt/bin/gptme x | tee log\n")
    started = time.monotonic()
    result = runaudit([*CHECK, "."], tmp_path, timeout=30)
    assert time.monotonic() - started < 5
    assert result.stdout.splitlines()[0].startswith("agent.sh:2:1: RA101")


DOUBLINGS = {
    "format": 'v{i} = "{{0}} {{0}} {{0}} {{0}}".format(v{p})',
    "f-string": 'v{i} = f"{{v{p}}} {{v{p}}} {{v{p}}} {{v{p}}}"',
    "percent": 'v{i} = "%s %s %s %s" % (v{p}, v{p}, v{p}, v{p})',
    "plus": "v{i} = v{p} + v{p} + v{p} + v{p}",
}


@pytest.mark.parametrize("step", DOUBLINGS.values(), ids=DOUBLINGS.keys())
def test_a_python_command_string_past_the_size_cap_is_opaque(tmp_path: Path, step: str) -> None:
    # 15 lines that each repeat the last value 4 times: a 4**15-character string (and
    # as many resolutions) ran past the time bound or out of memory. Past 128 KiB (what
    # one argument to a program can be) the value is opaque; the rest is still audited.
    lines = ["import subprocess", "", "def go():", '    v0 = "x"']
    lines += ["    " + step.format(i=i, p=i - 1) for i in range(1, 16)]
    lines.append('    subprocess.run("gptme " + v15 + " | tee log", shell=True, check=True)')
    (tmp_path / "run.py").write_text("\n".join(lines) + "\n")
    started = time.monotonic()
    result = runaudit([*CHECK, "run.py"], tmp_path, timeout=30, memory_mib=1024)
    assert time.monotonic() - started < 10
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines() == [f"run.py:20:39: {TEE_LOST}", "Found 1 finding."]


def test_an_argv_past_the_size_cap_is_opaque(tmp_path: Path) -> None:
    # An argv list doubled 24 times holds 16 million words.
    lines = ["import subprocess", "", "def go():", '    v0 = ["x"]']
    lines += [f"    v{i} = v{i - 1} + v{i - 1}" for i in range(1, 25)]
    lines.append('    subprocess.run(["bash", "-c", "gptme x | tee log", *v24], check=True)')
    (tmp_path / "run.py").write_text("\n".join(lines) + "\n")
    result = runaudit([*CHECK, "run.py"], tmp_path, timeout=30, memory_mib=1024)
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines()[-1] == "Found 1 finding."
    assert result.stdout.startswith("run.py:29:36: RA101 [error]")


def _long_script(*, sources: bool = False) -> str:
    """A script whose analysis takes well over 10 ms, with one fixable finding last."""
    lines = ["#!/bin/bash", *(["source ./lib.sh"] if sources else [])]
    lines += [f'echo "line {i}" > /dev/null' for i in range(3000)]
    return "\n".join([*lines, "gptme x | tee log"]) + "\n"


def test_fix_and_diff_audit_again_under_the_time_bound(tmp_path: Path) -> None:
    # The re-audits of --fix/--diff ran unbounded. The first audit is cached, so only the
    # re-audit of the fixed text runs, past a 10 ms bound: the file is left as it was.
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "run.sh").write_text(_long_script())
    cache = ["--cache-dir", str(tmp_path / "cache")]
    warm = runaudit(["check", "--isolated", *cache, "-f", "concise", "."], tree, timeout=60)
    assert warm.returncode == 1
    note = (
        "runaudit: run.sh: not fixed: its analysis took longer than 0.01 s; raise `--timeout`"
        " (or `timeout` in config) to fix it\n"
    )
    bounded = ["check", "--isolated", *cache, "--unsafe-fixes", "--timeout", "0.01"]
    diff = runaudit([*bounded, "--diff", "."], tree, timeout=60)
    assert (diff.returncode, diff.stdout) == (0, "")
    assert diff.stderr == "runaudit: nothing to fix.\n" + note
    fix = runaudit([*bounded, "--fix", "-f", "concise", "."], tree, timeout=60)
    assert fix.returncode == 1
    assert fix.stderr == "runaudit: nothing to fix; 1 with a fix remain.\n" + note
    assert (tree / "run.sh").read_text() == _long_script()


def test_standard_input_is_audited_under_the_time_bound(tmp_path: Path) -> None:
    # Standard input ran unbounded: a slow script piped in hid its findings no less.
    args = [*CHECK, "--stdin-filename", "x.sh", "--timeout", "0.01", "-"]
    result = runaudit(args, tmp_path, timeout=60, stdin=_long_script().encode())
    assert (result.returncode, result.stdout) == (
        1,
        "x.sh:1:1: RA901 [error] file not audited: its analysis took longer than 0.01 s;"
        " raise `--timeout` (or `timeout` in config) to audit it\nFound 1 finding.\n",
    )
    within = runaudit([*args[:-3], "-"], tmp_path, timeout=60, stdin=_long_script().encode())
    assert within.stdout.startswith("x.sh:3002:1: RA101 [error]"), within.stdout


def test_verbose_does_not_analyse_again_a_script_past_the_time_bound(tmp_path: Path) -> None:
    # --verbose lists the files each script sources by analysing it a second time; a
    # script past the bound in the audit (RA901) is not analysed again.
    (tmp_path / "run.sh").write_text(_long_script(sources=True))
    (tmp_path / "lib.sh").write_text("X=1\n")
    args = [*CHECK, "--timeout", "0.01", "--verbose", "run.sh"]
    result = runaudit(args, tmp_path, timeout=60)
    assert result.returncode == 1
    assert result.stdout.startswith("run.sh:1:1: RA901 [error] file not audited: its analysis")
    assert "sources" not in result.stderr
    within = runaudit([*CHECK, "--verbose", "run.sh"], tmp_path, timeout=60)
    assert "runaudit: run.sh: sources `./lib.sh`" in within.stderr


def test_diff_over_many_files_reads_and_fills_the_cache(tmp_path: Path) -> None:
    # --diff re-audited every file serially without the cache. Now the first audit comes
    # from the cache and the fixed text's audit goes into it, in the workers.
    tree = tmp_path / "tree"
    tree.mkdir()
    for n in range(40):
        (tree / f"run{n}.sh").write_text(f"#!/bin/bash\nset -e\ngptme 'step {n}' | tee log\n")
    cache = tmp_path / "cache"
    diff = ["check", "--isolated", "--diff", "--unsafe-fixes", "--cache-dir", str(cache), "."]
    runaudit(["check", "--isolated", "--cache-dir", str(cache), "."], tree, timeout=60)
    entries = len(list(cache.rglob("*.json")))
    first = runaudit([*diff, "--jobs", "2"], tree, timeout=60)
    assert len(list(cache.rglob("*.json"))) == entries + 40  # one per fixed text
    again = runaudit([*diff, "--jobs", "1"], tree, timeout=60)
    cold = runaudit([*diff[:-3], "--no-cache", "--jobs", "2", "."], tree, timeout=60)
    assert first.returncode == again.returncode == cold.returncode == 1
    assert first.stdout == again.stdout == cold.stdout
    assert first.stdout.count("+set -eo pipefail\n") == 40
    assert first.stderr == again.stderr == "runaudit: would fix 40 findings in 40 files.\n"


DOUBLING = {
    "scalar": "X=abcdefgh\n" + 'X="$X$X"\n' * 29,
    "appended scalar": "X=abcdefgh\n" + 'X+="$X"\n' * 29,
    "array": "A=(a b)\n" + 'A=("${A[@]}" "${A[@]}")\n' * 29,
    "appended array": "A=(a b)\n" + 'A+=("${A[@]}")\n' * 29,
}


@pytest.mark.parametrize("body", DOUBLING.values(), ids=list(DOUBLING))
def test_a_shell_value_past_its_size_cap_is_opaque(tmp_path: Path, body: str) -> None:
    # `X="$X$X"` 29 times held a 4 GB string: the run died of MemoryError past 1.5 GB.
    (tmp_path / "run.sh").write_text("#!/bin/bash\n" + body + 'gptme "$X" | tee log\n')
    result = runaudit([*CHECK, "--jobs", "1", "run.sh"], tmp_path, timeout=30, memory_mib=512)
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines()[0].startswith(f"run.sh:{body.count(chr(10)) + 2}:1: RA101")
    assert "internal-error" not in result.stdout + result.stderr


def test_a_shell_value_just_under_the_cap_is_known() -> None:
    from auditor.shell.assignments import assign
    from auditor.shell.parse import ShellText
    from auditor.shell.words import MAX_VALUE_SIZE

    env: dict[str, str | tuple[str, ...]] = {"X": "a" * (MAX_VALUE_SIZE // 2)}
    node = ShellText('X="$X$X"\n').root.named_children[0]
    assign(node, env)
    assert env["X"] == "a" * MAX_VALUE_SIZE
    env = {"X": "a" * (MAX_VALUE_SIZE // 2), "Y": "b"}
    node = ShellText('Y="$X$X$Y"\nX+="$X$Y"\n').root
    assign(node.named_children[0], env)
    assign(node.named_children[1], env)
    # past the cap both values are known only at run time: neither keeps an old value
    assert "X" not in env and "Y" not in env


def _distinct_values(line: str, count: int) -> str:
    """A script that doubles X to 64 KiB, then builds `count` distinct values from it."""
    lines = ["#!/bin/bash", "X=a", *['X="$X$X"'] * 16, "A=(a b)", *['A+=("${A[@]}")'] * 13]
    lines += [line.format(i=i) for i in range(count)]
    return "\n".join([*lines, 'gptme "$X" | tee log']) + "\n"


DISTINCT = {
    "scalars": 'Y{i}="$X$X"',  # 128 KiB each: 20,000 of them held 2.6 GB, 6,000 0.8 GB
    "arrays": 'B{i}=("${{A[@]}}" "${{A[@]}}")',  # 16,384 elements each
    "command words": 'echo "$X$X"',  # each command keeps its words
    "eval strings": 'eval "$X" {i}',  # each string run as shell is kept
}


@pytest.mark.parametrize("line", DISTINCT.values(), ids=list(DISTINCT))
def test_many_distinct_shell_values_stay_within_the_file_budget(tmp_path: Path, line: str) -> None:
    # Each value is under its own cap, but thousands of them are not under any: past the
    # file's value budget a value built is opaque, and the rest is still audited.
    (tmp_path / "run.sh").write_text(_distinct_values(line, 6_000))
    result = runaudit([*CHECK, "--jobs", "1", "run.sh"], tmp_path, timeout=60, memory_mib=512)
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines() == [
        "run.sh:6033:1: RA101 [error] [*] exit status of `gptme` is lost: without pipefail"
        " the pipeline returns the status of `tee`, and it is the last command of the script",
        "Found 1 finding.",
    ]


PYTHON_DISTINCT = {
    "f-string": 'u{i} = f"echo {{v8}} {i}"',
    "format": 'u{i} = "echo {{0}} {i}".format(v8)',
    "percent": 'u{i} = "echo %s {i}" % v8',
    "plus": 'u{i} = "echo " + v8 + " {i}"',
}


@pytest.mark.parametrize("line", PYTHON_DISTINCT.values(), ids=list(PYTHON_DISTINCT))
def test_many_distinct_python_strings_stay_within_the_file_budget(
    tmp_path: Path, line: str
) -> None:
    # 1,000 generated scripts of 64 KiB each, each under the size cap: the resolver kept
    # them all (2 to 3 GB, then RA901 past the time bound). Past the file's value budget a
    # value is opaque; the launch below is still audited.
    lines = ["import subprocess", "", 'v0 = "x"']
    lines += [f'v{i} = f"{{v{i - 1}}}{{v{i - 1}}}{{v{i - 1}}}{{v{i - 1}}}"' for i in range(1, 9)]
    for i in range(1000):
        lines += [line.format(i=i), f'w{i} = f"#!/bin/bash\\n{{u{i}}}"']
    lines.append('subprocess.run("gptme x | tee log", shell=True, check=True)')
    (tmp_path / "run.py").write_text("\n".join(lines) + "\n")
    result = runaudit([*CHECK, "--jobs", "1", "run.py"], tmp_path, timeout=60, memory_mib=1024)
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines() == [f"run.py:2012:17: {TEE_LOST}", "Found 1 finding."]


DENSE = {
    "commands": "a;",  # 1.5 MB of it held 728 MB
    "background jobs": "a&",
    "and-lists": "a&&",
    "lines": "a\n",
    "expansions": "$a;",
}


@pytest.mark.parametrize("unit", DENSE.values(), ids=list(DENSE))
def test_a_shell_file_denser_than_a_script_is_refused(tmp_path: Path, unit: str) -> None:
    # Linear to parse, but ten times a real script's syntax nodes per KB: the parser's tree
    # and the analysis of 1.5 MB of `a;` held 728 MB (a 1.6 MB generated runner, 322 MB).
    (tmp_path / "dense.sh").write_text("#!/bin/bash\n" + unit * (1_500_000 // len(unit)) + "a\n")
    (tmp_path / "run.sh").write_text("#!/bin/bash\ngptme x | tee log\n")
    args = [*CHECK, "--jobs", "2", "dense.sh", "run.sh"]
    result = runaudit(args, tmp_path, timeout=30, memory_mib=512)
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("dense.sh:1:1: RA901 [error] file not audited: it holds about ")
    assert lines[0].endswith(
        " shell words and operators, more than the 1,200,000 the shell parser and analysis"
        " hold within a few hundred MiB; split it, or leave the file out with `extend-exclude`"
    )
    assert lines[1].startswith("run.sh:2:1: RA101 ")
    assert lines[2:] == ["Found 2 findings."]


def test_a_long_shell_script_is_not_refused() -> None:
    from auditor.shell.shape import check_shape

    corpus = Path(__file__).resolve().parent.parent / "corpus"
    scripts = "".join(path.read_text() for path in sorted(corpus.rglob("*.sh")))
    check_shape(scripts * (2_100_000 // len(scripts) + 1))  # past the default `max-file-size`
    check_shape(generated_runner(80_000))  # 2.1 MB of runner constructs, denser than real ones


@pytest.mark.parametrize(
    "host",
    [
        "cat > job.sh <<EOF\n#!/bin/bash\n{lines}claude -p go | tee log\nEOF\n",
        'bash -c "{words}; claude -p go | tee log"\n',
    ],
    ids=["written script", "bash -c string"],
)
def test_expansions_of_a_nested_script_stay_within_the_value_cap(tmp_path: Path, host: str) -> None:
    # A 100 KB value expanded a thousand times into a written script (or a `bash -c`
    # string) took 19 s and 1.9 GB: past the cap, an expansion keeps its spelling.
    head = '#!/bin/bash\nV="' + "y" * 100_000 + '"\n'
    body = host.format(lines="$V\n" * 1000, words=" ".join(["$V"] * 1000))
    (tmp_path / "make.sh").write_text(head + body)
    result = runaudit([*CHECK, "--jobs", "1", "make.sh"], tmp_path, timeout=20, memory_mib=512)
    assert result.returncode == 1, result.stderr
    assert "RA101 [error]" in result.stdout and "RA901" not in result.stdout
