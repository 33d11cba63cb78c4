"""`runaudit server`: a Language Server over stdio (pygls), as `ruff server` is.

It publishes runaudit's findings for open runner documents (shell, Python,
systemd, Actions, Dockerfile, Makefile) when they are opened, changed and saved,
each under its own configuration and with the project index of its workspace;
related locations become `relatedInformation`, the rule's documentation its
`codeDescription`, and code actions offer each fix (a safe one as a preferred
quick fix, an unsafe one marked) and a suppression comment. A change re-audits
only that document, once typing pauses, on a worker thread (see `lsp_schedule`).
Saving a config file re-audits every open document.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from auditor import __version__
from auditor.config import DEFAULT_MAX_FILE_SIZE
from auditor.discover import RefusedFile, read_bounded
from auditor.lsp_convert import SUPPRESS, UNSAFE_FIX, Text, code_actions, diagnostic, matching
from auditor.lsp_schedule import DEBOUNCE_SECONDS, AuditScheduler
from auditor.lsp_workspace import Audited, Workspace, is_config_file, workspace_for
from auditor.source import decode, python_encoding

_LOG = logging.getLogger(__name__)


class AuditServer(LanguageServer):
    """The server's state: the workspaces, and the last audit of each open document."""

    def __init__(self) -> None:
        super().__init__(
            "runaudit", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Full
        )
        self.workspaces: list[Workspace] = []
        self.published: dict[str, tuple[int | None, list[Any], Text]] = {}  # uri -> audit
        self.open: set[str] = set()  # the URIs of the open documents
        debounce = _seconds(os.environ.get("RUNAUDIT_SERVER_DEBOUNCE"), DEBOUNCE_SECONDS)
        self.scheduler = AuditScheduler(
            self.prepare_audit, self.finish_audit, debounce, self.audit_stopped
        )

    def workspace_of(self, path: Path) -> Workspace:
        """The workspace folder holding `path`, or one made for its folder."""
        found = workspace_for(self.workspaces, path)
        if found is None:
            found = Workspace(path.parent)
            self.workspaces.append(found)
        return found

    def prepare_audit(self, uri: str) -> Callable[[], AuditDone] | None:
        """The audit of an open document's current text, to run on the worker thread."""
        if uri not in self.open:
            return None
        document = self.workspace.get_text_document(uri)
        path = _path_of(uri)
        if path is None:
            return None
        workspace = self.workspace_of(path)
        version, source, language = document.version, document.source, document.language_id
        bound = self.scheduler.interruptible

        def run() -> AuditDone:
            audited = workspace.audit(path, source, language or "", bound)
            return AuditDone(workspace, version, source, audited)

        return run

    def finish_audit(self, uri: str, done: AuditDone | Exception) -> None:
        """Publish a finished audit, unless its document has changed or closed since."""
        if isinstance(done, Exception):
            message = f"runaudit: {uri}: internal error: {done!r}"
            self.window_log_message(
                types.LogMessageParams(type=types.MessageType.Error, message=message)
            )
            return
        if uri not in self.open or self.workspace.get_text_document(uri).version != done.version:
            return  # a newer audit of it is due
        self.publish_audit(uri, done)

    def audit_stopped(self, uri: str, why: str) -> None:
        """Say in the client's log that an audit was stopped, and why."""
        message = f"runaudit: stopped the audit of {uri}: {why}"
        self.window_log_message(types.LogMessageParams(type=types.MessageType.Log, message=message))

    def publish_audit(self, uri: str, done: AuditDone) -> None:
        """Publish one audit's diagnostics (none if the document is no runner file)."""
        workspace, audited = done.workspace, done.audited
        if audited is None:
            self.publish(uri, done.version, [])
            return
        for problem in audited.diagnostics:
            message = f"runaudit: {problem.path}: {problem.kind.value}: {problem.message}"
            self.window_log_message(
                types.LogMessageParams(type=types.MessageType.Warning, message=message)
            )
        encoding = str(self.workspace.position_encoding or "utf-16")
        text = Text(done.source, encoding)
        others: dict[str, Text | None] = {}

        def uri_of(display: str) -> str:
            return from_fs_path(str(workspace.path_of(display))) or uri

        def text_of(display: str) -> Text | None:
            """Another file's text (open in the editor, else on disk), for its columns."""
            if display not in others:
                others[display] = self.text_at(workspace.path_of(display), encoding)
            return others[display]

        shown = [
            diagnostic(f, text, uri_of, {"index": i, "version": done.version}, text_of)
            for i, f in enumerate(audited.findings)
        ]
        self.published[uri] = (done.version, audited.findings, text)
        self.publish(uri, done.version, shown)

    def text_at(self, path: Path, encoding: str) -> Text | None:
        """The text of the file at `path` as the audit read it: the editor's if it is open,
        else the file's, decoded as the engine decodes it; None if it cannot be read."""
        uri = from_fs_path(str(path))
        if uri in self.open:
            return Text(self.workspace.get_text_document(uri).source, encoding)
        try:
            data = read_bounded(path, DEFAULT_MAX_FILE_SIZE)
        except (OSError, RefusedFile):
            return None
        declared = python_encoding(data) if path.suffix in (".py", ".pyw") else "utf-8"
        return Text(decode(str(path), data, declared).text, encoding)

    def publish(self, uri: str, version: int | None, shown: list[types.Diagnostic]) -> None:
        """Send a document's diagnostics."""
        params = types.PublishDiagnosticsParams(uri=uri, diagnostics=shown, version=version)
        self.text_document_publish_diagnostics(params)


class AuditDone(NamedTuple):
    """A finished audit: of which document version and text, in which workspace."""

    workspace: Workspace
    version: int | None
    source: str
    audited: Audited | None


def _seconds(value: str | None, default: float) -> float:
    """A number of seconds from the environment (a test's, or a slow machine's)."""
    try:
        return max(float(value), 0.0) if value else default
    except ValueError:
        return default


def _path_of(uri: str) -> Path | None:
    path = to_fs_path(uri)
    return Path(path) if path else None


SERVER = AuditServer()


@SERVER.feature(types.INITIALIZED)
def initialized(server: AuditServer, _: types.InitializedParams) -> None:
    """Take the client's workspace folders (or root) as the workspaces to index."""
    folders = list(server.workspace.folders.values())
    roots = [_path_of(folder.uri) for folder in folders]
    if not roots and server.workspace.root_path:
        roots = [Path(server.workspace.root_path)]
    server.workspaces = [Workspace(root) for root in roots if root is not None]


@SERVER.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(server: AuditServer, params: types.DidOpenTextDocumentParams) -> None:
    """Audit a document as it is opened."""
    server.open.add(params.text_document.uri)
    server.scheduler.now(params.text_document.uri)


@SERVER.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(server: AuditServer, params: types.DidChangeTextDocumentParams) -> None:
    """Re-audit that document alone (its index entry is updated from its text), once
    typing pauses; an audit of an older text is stopped."""
    server.scheduler.changed(params.text_document.uri)


@SERVER.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(server: AuditServer, params: types.DidSaveTextDocumentParams) -> None:
    """Re-audit the document; a saved config file changes settings: re-audit all."""
    path = _path_of(params.text_document.uri)
    if path is not None and is_config_file(path):
        for workspace in server.workspaces:
            workspace.outdated = True  # reset by its next audit, on the worker thread
        for uri in sorted(server.open):
            server.scheduler.now(uri)
        return
    server.scheduler.now(params.text_document.uri)


@SERVER.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(server: AuditServer, params: types.DidCloseTextDocumentParams) -> None:
    """Clear a closed document's diagnostics."""
    uri = params.text_document.uri
    server.open.discard(uri)
    server.scheduler.forget(uri)
    server.published.pop(uri, None)
    server.publish(uri, None, [])


@SERVER.feature(
    types.TEXT_DOCUMENT_CODE_ACTION,
    types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, UNSAFE_FIX, SUPPRESS],
        resolve_provider=False,
    ),
)
def code_action(
    server: AuditServer, params: types.CodeActionParams
) -> list[types.CodeAction] | None:
    """The fixes and suppressions of the findings the request names."""
    uri = params.text_document.uri
    if uri not in server.published:
        return None
    version, findings, text = server.published[uri]
    actions: list[types.CodeAction] = []
    for index, shown in matching(params.context.diagnostics, version):
        if 0 <= index < len(findings):
            actions += code_actions(findings[index], uri, text, shown)
    wanted = params.context.only
    if wanted:
        actions = [a for a in actions if any((a.kind or "").startswith(k) for k in wanted)]
    return actions


def serve() -> int:
    """Serve over stdin/stdout until the client exits."""
    logging.basicConfig(level=os.environ.get("RUNAUDIT_SERVER_LOG", "WARNING"))
    SERVER.start_io()
    return 0
