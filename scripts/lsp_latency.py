"""Editor latency of `runaudit server`: the time from a `didChange` to the diagnostics
published for that version, over stdio, as an editor sees it.

Used by `scripts/benchmark.py`; run alone: python scripts/lsp_latency.py TREE [TREE ...]
(the largest runner module of the trees, indexed with its tree, and a generated
3,000-line shell runner).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

SERVER = [sys.executable, "-c", "from auditor.cli import main; main()", "server"]
SHELL_BLOCK = (
    "run_step_{n}() {{\n"
    '  local log="$LOGDIR/step_{n}.log"\n'
    '  if ! timeout 600 gptme --non-interactive "$PROMPT_{n}" 2>&1 | tee "$log"; then\n'
    '    echo "step {n} failed" >&2\n'
    "  fi\n"
    "  rc=${{PIPESTATUS[0]}}\n"
    "  case $rc in 75) sleep 60 ;; 0) : ;; *) return $rc ;; esac\n"
    "}}\n"
    'run_step_{n} || echo "retry later"\n'
    "\n"
)


def shell_script(lines: int) -> str:
    """A runner script of about `lines` lines: functions that run the agent, and calls."""
    blocks = []
    header = "#!/bin/bash\nset -e\nLOGDIR=${LOGDIR:-/tmp/logs}\n"
    count = 0
    while len(header.splitlines()) + count * SHELL_BLOCK.count("\n") < lines:
        blocks.append(SHELL_BLOCK.format(n=count))
        count += 1
    return header + "".join(blocks)


async def latencies(
    path: Path, text: str, changes: int, root: Path | None = None
) -> tuple[float, list[float]]:
    """Seconds to the first diagnostics after `didOpen` (the workspace index is built then),
    and to the diagnostics of each of `changes` edits after it."""
    client = LanguageClient("runaudit-benchmark", "1")
    versions: dict[int, asyncio.Future[None]] = {}
    loop = asyncio.get_running_loop()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(params: types.PublishDiagnosticsParams) -> None:
        waiting = versions.get(params.version or 0)
        if waiting is not None and not waiting.done():
            waiting.set_result(None)

    await client.start_io(*SERVER)
    folder = (root or path.parent).resolve()
    await client.initialize_async(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            root_uri=folder.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=folder.as_uri(), name=folder.name)],
        )
    )
    client.initialized(types.InitializedParams())
    uri = path.resolve().as_uri()
    versions[1] = loop.create_future()
    started = time.perf_counter()
    item = types.TextDocumentItem(uri=uri, language_id="", version=1, text=text)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))
    await versions[1]
    opened = time.perf_counter() - started
    times = []
    for version in range(2, changes + 2):
        text += f"\n# edit {version}\n"  # a comment: a keystroke's worth of change
        versions[version] = loop.create_future()
        started = time.perf_counter()
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )
        await versions[version]
        times.append(time.perf_counter() - started)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return opened, times


def report(name: str, path: Path, text: str, root: Path | None = None, changes: int = 10) -> str:
    """One line: lines, time to the first diagnostics (the workspace is indexed then), and
    the median and worst time from a didChange to its diagnostics."""
    opened, times = asyncio.run(latencies(path, text, changes, root))
    median, worst = statistics.median(times) * 1000, max(times) * 1000
    return (
        f"{name:<44} {text.count(chr(10)):6,} lines  open {opened * 1000:6.0f} ms  "
        f"didChange: median {median:5.0f} ms, max {worst:5.0f} ms"
    )


def largest_runner(trees: list[Path]) -> tuple[Path, Path] | None:
    """The largest Python module (not a test) that launches processes, and its tree."""
    found = []
    for tree in trees:
        for path in tree.rglob("*.py"):
            if "test" in path.name or "tests" in path.parts or ".git" in path.parts:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            if "subprocess" in text:
                found.append((len(text), path, tree))
    if not found:
        return None
    _, path, tree = max(found)
    return path, tree


def print_latencies(trees: list[Path]) -> None:
    """The editor latency lines of `scripts/benchmark.py`."""
    import tempfile

    print("\neditor latency (runaudit server over stdio, 10 edits; each includes the pause")
    print("the server waits for typing to stop: RUNAUDIT_SERVER_DEBOUNCE, default 0.15 s):")
    runner = largest_runner(trees)
    if runner is not None:
        path, tree = runner
        name = f"largest runner: {path.relative_to(tree.parent)}"
        print(report(name, path, path.read_text(encoding="utf-8"), tree))
    with tempfile.TemporaryDirectory(prefix="runaudit-lsp-") as folder:
        script = Path(folder) / "runner.sh"
        text = shell_script(3000)
        script.write_text(text)
        print(report("generated shell runner", script, text))


if __name__ == "__main__":
    print_latencies([Path(tree) for tree in sys.argv[1:]])
