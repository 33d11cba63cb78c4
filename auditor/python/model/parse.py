"""One `ast.parse` per Python text, shared by the project index and the file's audit.

A run audits a handful of files in one process (a pre-commit hook, `--jobs 1`):
the index parses each module, then the audit reads the same tree. The index keeps
the last few trees it parsed (a tree is never changed once parsed); the audit, the
last reader of its file's tree, takes the kept one, or parses without keeping. So a
bigger run, whose audit comes long after the index or in another process, holds no
tree past its file's audit.
"""

from __future__ import annotations

import ast
import copy
import sys
import warnings
from collections import OrderedDict
from typing import TypeVar

from auditor.python.model.ast_values import Function, dotted_name, own_nodes
from auditor.python.model.newer_syntax import older_syntax

# the dependency-injection library whose providers call their first argument
PROVIDERS_MODULE = "dependency_injector"
KEPT = 8  # trees: a pre-commit run's modules; a bigger run gains nothing from more
_KEPT: OrderedDict[str, ast.Module] = OrderedDict()  # text -> its tree, oldest first
_PARSED_TEXT = "runaudit_parsed_text"  # a tree's attribute: see `parsed_text`


def parsed_text(tree: ast.Module) -> str | None:
    """The text `tree` was parsed from when it is not the module's own: rewritten for an
    older parser (`newer_syntax`: the same length and positions); None when it is."""
    text = getattr(tree, _PARSED_TEXT, None)
    return text if isinstance(text, str) else None


def parse_module(text: str, *, keep: bool = True) -> ast.Module:
    """The module `text` parses to (SyntaxError, ValueError for NUL characters,
    RecursionError or MemoryError when it cannot). `keep` false: the audit's parse,
    the text's last; its tree is not kept."""
    tree = _KEPT.pop(text, None)
    if tree is None:
        tree = _parse(text)
    if keep:
        _KEPT[text] = tree
        if len(_KEPT) > KEPT:
            _KEPT.popitem(last=False)
    return tree


def _parse(text: str) -> ast.Module:
    """`ast.parse`, reading newer syntax on an older Python too (`newer_syntax`);
    calls handed to a thread read as the calls they make (`_threaded_calls`)."""
    with warnings.catch_warnings():  # the audited code's SyntaxWarnings (`"\\$"`)
        warnings.simplefilter("ignore")
        try:
            tree = ast.parse(text)
        except SyntaxError as error:
            older = older_syntax(text, sys.version_info[:2])
            if older is None:
                raise
            try:
                tree = ast.parse(older)
            except SyntaxError:
                raise error from None
            setattr(tree, _PARSED_TEXT, older)
    if "to_thread" in text or "run_in_executor" in text:
        _threaded_calls(tree, imported="from asyncio import" in text)
    if PROVIDERS_MODULE in text:
        _provided_calls(tree)
    if "partial(" in text and "functools" in text:
        _partial_calls(tree)
    return tree


def _partial_calls(tree: ast.Module) -> None:
    """A call of a name a scope binds once, to `functools.partial(f, *args, **kwargs)`,
    is read as the call it makes: `f(*args, …, **kwargs, …)` at its own place
    (`handler = partial(embed, text, client=c)`, then `handler()` in a retry loop calls
    `embed(text, client=c)`, its arguments bound as given)."""
    scopes: list[ast.AST] = [tree, *(n for n in ast.walk(tree) if isinstance(n, Function))]
    for scope in scopes:
        nodes = own_nodes(scope)
        stores: dict[str, int] = {}
        for node in nodes:
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                stores[node.id] = stores.get(node.id, 0) + 1
        made: dict[str, ast.Call] = {}
        for node in nodes:
            if (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and isinstance(target := node.targets[0], ast.Name)
                and stores.get(target.id) == 1
                and isinstance(value := node.value, ast.Call)
                and dotted_name(value.func) in _PARTIALS
                and value.args
                and not isinstance(value.args[0], ast.Starred)
            ):
                made[target.id] = value
        for node in nodes:
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                bound = made.get(node.func.id)
                if bound is not None:
                    # copies placed where the name is called: every node stays inside
                    # the statements around it
                    place = node.func
                    node.func = _placed(bound.args[0], place)
                    node.args = [*(_placed(a, place) for a in bound.args[1:]), *node.args]
                    node.keywords = [*(_placed(k, place) for k in bound.keywords), *node.keywords]


_Placed = TypeVar("_Placed", bound=ast.AST)


def _placed(node: _Placed, place: ast.AST) -> _Placed:
    """A copy of `node` with every node of it at `place`'s position."""
    found = copy.deepcopy(node)
    for each in ast.walk(found):
        if hasattr(each, "lineno"):
            ast.copy_location(each, place)
    return found


_PARTIALS = frozenset({"partial", "functools.partial"})


def _threaded_calls(tree: ast.Module, *, imported: bool) -> None:
    """`asyncio.to_thread(f, *args, **kwargs)` runs `f(*args, **kwargs)` in a thread and
    returns its value, and so does an event loop's `run_in_executor(executor, f, *args)`
    (which passes no keywords): each such call is read as the call it makes, at its own
    place (`await asyncio.to_thread(subprocess.run, argv)` launches `argv`, and a keyword
    added to it reaches `f`). A bare `to_thread(…)` only where the module imports names
    from asyncio (`imported`)."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        threaded = (imported and isinstance(func, ast.Name) and func.id == "to_thread") or (
            isinstance(func, ast.Attribute)
            and func.attr == "to_thread"
            and isinstance(func.value, ast.Name)
            and func.value.id == "asyncio"
        )
        executor = (
            isinstance(func, ast.Attribute)
            and func.attr == "run_in_executor"
            and len(node.args) >= 2
            and not node.keywords
        )
        skipped = 1 if executor else 0
        if (threaded or executor) and not isinstance(node.args[skipped], ast.Starred):
            node.func, node.args = node.args[skipped], node.args[skipped + 1 :]


# dependency_injector's providers that make their value by calling the first argument
# with the others: `Singleton(AsyncOpenAI, api_key=…)` provides `AsyncOpenAI(api_key=…)`
_CALLING_PROVIDERS = frozenset(
    {"Singleton", "ThreadSafeSingleton", "ThreadLocalSingleton", "ContextLocalSingleton"}
    | {"Factory", "Callable", "Coroutine"}
)


def _provided_calls(tree: ast.Module) -> None:
    """A dependency-injection provider (`providers.Singleton(AsyncOpenAI, api_key=k)`,
    `Factory(OpenAILLM, client=openai_client)`) is read as the call it makes, at its own
    place: another provider given it receives what that call returns (the container
    injects the client, not the provider), and a keyword added to it reaches the call.
    Only the providers a module imports from `dependency_injector`."""
    imported: set[str] = set()  # `Singleton`, or `providers` of `providers.Singleton`
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PROVIDERS_MODULE):
            imported.update(alias.asname or alias.name for alias in node.names)
    if not imported:
        return
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        provider = (isinstance(func, ast.Name) and func.id in imported and func.id) or (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id in imported
            and func.attr
        )
        if provider in _CALLING_PROVIDERS and not isinstance(node.args[0], ast.Starred):
            node.func, node.args = node.args[0], node.args[1:]
