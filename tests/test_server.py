"""`runaudit server` end to end: a real LSP client (pytest-lsp) talking to it over stdio.

Open, change, save and close a document; apply a fix and a suppression through code
actions; a file with a parse error; a workspace whose subfolder has its own config.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

MASKED = '#!/bin/bash\nset -e\ngptme "$P" | tee log\n'
SERVER = [sys.executable, "-c", "from auditor.cli import main; main()", "server"]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A repository whose `sub/` has its own config (RA101 ignored there)."""
    root = tmp_path_factory.mktemp("workspace")
    (root / ".git").mkdir()
    (root / "sub").mkdir()
    (root / "sub" / "runaudit.toml").write_text('ignore = ["RA101"]\n')
    for path in ("run.sh", "sub/run.sh"):
        (root / path).write_text(MASKED)
    return root


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient, workspace: Path) -> AsyncIterator[None]:
    params = types.InitializeParams(
        capabilities=types.ClientCapabilities(),
        workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="workspace")],
        root_uri=workspace.as_uri(),
    )
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


async def published(client: LanguageClient, uri: str) -> list[types.Diagnostic]:
    """Wait for the next diagnostics of `uri`."""
    while True:
        params = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if params.uri == uri:
            return list(params.diagnostics)


async def open_document(
    client: LanguageClient, path: Path, text: str, language: str = "shellscript"
) -> list[types.Diagnostic]:
    uri = path.as_uri()
    item = types.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))
    return await published(client, uri)


async def change(
    client: LanguageClient, path: Path, text: str, version: int
) -> list[types.Diagnostic]:
    uri = path.as_uri()
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )
    return await published(client, uri)


def apply(text: str, edits: list[types.TextEdit]) -> str:
    """Apply LSP edits (ASCII text: code units are characters) to `text`."""
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)

    def offset(position: types.Position) -> int:
        return starts[position.line] + position.character

    for edit in sorted(edits, key=lambda e: offset(e.range.start), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


async def actions_for(
    client: LanguageClient, path: Path, found: types.Diagnostic
) -> list[types.CodeAction]:
    result = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
            range=found.range,
            context=types.CodeActionContext(diagnostics=[found]),
        )
    )
    assert result is not None
    return [action for action in result if isinstance(action, types.CodeAction)]


async def test_open_change_fix_save_close(client: LanguageClient, workspace: Path) -> None:
    path = workspace / "run.sh"
    (found,) = await open_document(client, path, MASKED)
    assert (found.code, found.severity, found.source) == (
        "RA101",
        types.DiagnosticSeverity.Error,
        "runaudit",
    )
    assert found.range == types.Range(
        start=types.Position(line=2, character=0), end=types.Position(line=2, character=20)
    )
    assert found.message.startswith("exit status of `gptme` is lost")
    assert found.code_description is not None
    assert found.code_description.href.endswith("#ra101-pipeline-status-masked")
    (related,) = found.related_information or []
    assert related.location.uri == path.as_uri() and "`gptme` runs here" in related.message

    fix, suppress = await actions_for(client, path, found)
    assert fix.kind == "quickfix.unsafe" and "(unsafe" in fix.title and not fix.is_preferred
    assert suppress.kind == "quickfix.suppress"
    assert fix.edit is not None and fix.edit.changes is not None
    fixed = apply(MASKED, list(fix.edit.changes[path.as_uri()]))
    assert fixed == '#!/bin/bash\nset -eo pipefail\ngptme "$P" | tee log\n'
    assert await change(client, path, fixed, 2) == []

    assert [d.code for d in await change(client, path, MASKED, 3)] == ["RA101"]
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri())
        )
    )
    assert [d.code for d in await published(client, path.as_uri())] == ["RA101"]

    client.text_document_did_close(
        types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri())
        )
    )
    assert await published(client, path.as_uri()) == []


async def test_a_suppression_through_a_code_action(client: LanguageClient, workspace: Path) -> None:
    path = workspace / "suppress.sh"
    (found,) = await open_document(client, path, MASKED)
    _, suppress = await actions_for(client, path, found)
    assert suppress.edit is not None and suppress.edit.changes is not None
    suppressed = apply(MASKED, list(suppress.edit.changes[path.as_uri()]))
    assert suppressed == '#!/bin/bash\nset -e\n# runaudit: ignore[RA101]\ngptme "$P" | tee log\n'
    assert await change(client, path, suppressed, 2) == []


async def test_a_nested_config_applies_to_its_folder(
    client: LanguageClient, workspace: Path
) -> None:
    assert await open_document(client, workspace / "sub" / "run.sh", MASKED) == []


async def test_a_file_with_a_parse_error(client: LanguageClient, workspace: Path) -> None:
    text = "#!/bin/bash\nset -e\necho $((1 +* 2))\nif then fi fi\ngptme x | tee log\n"
    found = await open_document(client, workspace / "broken.sh", text)
    assert [(d.code, d.severity) for d in found] == [
        ("RA900", types.DiagnosticSeverity.Information),
        ("RA101", types.DiagnosticSeverity.Error),
    ]
    assert found[0].message.startswith("runaudit could not read lines 2-5")


async def test_python_and_other_hosts(client: LanguageClient, workspace: Path) -> None:
    python = 'import subprocess\nsubprocess.run("gptme x | tee log", shell=True, check=True)\n'
    (found,) = await open_document(client, workspace / "runner.py", python, "python")
    assert found.code == "RA101" and found.range.start.line == 1
    unit = "[Service]\nExecStart=/bin/bash -c 'gptme x | tee log'\nRestart=on-failure\n"
    codes = [d.code for d in await open_document(client, workspace / "a.service", unit, "systemd")]
    assert "RA101" in codes
    assert (
        await open_document(client, workspace / "notes.txt", "gptme x | tee log\n", "plaintext")
        == []
    )


def slow_script() -> str:
    """A 10,000-line runner: about two seconds of analysis (the benchmark's generator)."""
    sys.path.insert(0, str(Path(__file__).parent.parent / "scripts"))
    from lsp_latency import shell_script

    return shell_script(10_000)


async def next_publish(client: LanguageClient) -> types.PublishDiagnosticsParams:
    return await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)


async def test_a_burst_of_changes_is_audited_once_at_its_latest_text(
    client: LanguageClient, workspace: Path
) -> None:
    path = workspace / "burst.sh"
    assert [d.code for d in await open_document(client, path, MASKED)] == ["RA101"]
    fixed = MASKED.replace("set -e", "set -eo pipefail")
    for version, text in enumerate([fixed, MASKED, fixed, MASKED, fixed], start=2):
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(
                    uri=path.as_uri(), version=version
                ),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )
    params = await next_publish(client)  # typing paused: the last text, and only it
    assert (params.uri, params.version, list(params.diagnostics)) == (path.as_uri(), 6, [])


async def test_a_change_stops_the_audit_of_the_text_it_replaces(
    client: LanguageClient, workspace: Path
) -> None:
    path = workspace / "replaced.sh"
    uri = path.as_uri()
    item = types.TextDocumentItem(uri=uri, language_id="shellscript", version=1, text=slow_script())
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))
    await asyncio.sleep(0.5)  # its audit is under way
    found = await change(client, path, MASKED, 2)
    assert [(d.code, d.range.start.line) for d in found] == [("RA101", 2)]
    assert f"runaudit: stopped the audit of {uri}: a newer text replaces it" in [
        m.message for m in client.log_messages
    ]


async def test_a_slow_file_does_not_hold_up_another(
    client: LanguageClient, workspace: Path
) -> None:
    slow, fast = (workspace / "slow.sh").as_uri(), (workspace / "fast.sh").as_uri()
    item = types.TextDocumentItem(
        uri=slow, language_id="shellscript", version=1, text=slow_script()
    )
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))
    await asyncio.sleep(0.3)
    item = types.TextDocumentItem(uri=fast, language_id="shellscript", version=1, text=MASKED)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))
    order = []
    while len(order) < 2:
        params = await next_publish(client)
        order.append((params.uri, len(params.diagnostics) > 0))
    assert order == [(fast, True), (slow, True)]  # the slow one is audited again, after
    assert (
        f"runaudit: stopped the audit of {slow}: {fast} waited behind it; audited again after"
        in [m.message for m in client.log_messages]
    )


async def test_the_time_bound_holds_on_the_worker_thread(
    client: LanguageClient, workspace: Path
) -> None:
    (workspace / "bounded").mkdir()
    (workspace / "bounded" / "runaudit.toml").write_text("timeout = 0.3\n")
    path = workspace / "bounded" / "slow.sh"
    assert await open_document(client, path, slow_script()) == []
    messages = [m.message for m in client.log_messages]
    assert "runaudit: bounded/slow.sh: skipped: analysis took longer than 0.3 s (`timeout`)" in (
        messages
    )


async def test_a_related_location_in_another_file_counts_utf16_units(
    client: LanguageClient, workspace: Path
) -> None:
    package = workspace / "retrier"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "client.py").write_text(
        "from anthropic import Anthropic\n\nclient = Anthropic()\n\n\ndef send(prompt):\n"
        '    return client.messages.create(model="claude", max_tokens=256, messages=[prompt])\n'
    )
    app = (
        "from tenacity import Retrying, stop_after_attempt\n\nfrom .client import send\n\n\n"
        "def main(prompt):\n"
        '    note = "🔁"; retrier = Retrying(stop=stop_after_attempt(4))\n'
        "    return retrier(send, prompt)\n"
    )
    (package / "app.py").write_text(app, encoding="utf-8")
    path = package / "client.py"
    (found,) = await open_document(client, path, path.read_text(), "python")
    (related,) = found.related_information or []
    assert related.location.uri == (package / "app.py").as_uri()
    # `Retrying` is character 29 of its line; the emoji before it is two UTF-16 units.
    assert related.location.range == types.Range(
        start=types.Position(line=6, character=30), end=types.Position(line=6, character=31)
    )


async def test_a_source_is_read_inside_the_workspace(
    client: LanguageClient, workspace: Path
) -> None:
    (workspace / "lib").mkdir()
    (workspace / "lib" / "agent.sh").write_text("AGENT=gptme\n")
    (workspace / "app").mkdir()
    text = '#!/bin/bash\nsource ../lib/agent.sh\n"$AGENT" x | tee log\n'
    found = await open_document(client, workspace / "app" / "run.sh", text)
    assert [(d.code, d.range.start.line) for d in found] == [("RA101", 2)]  # as `check .`
