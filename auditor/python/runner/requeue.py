"""Queues a loop takes its work from, and the statements that put work back on them.

A worker loop that takes an item from a queue (`await redis.blpop(TASKS)`, `job =
queue.get()`) and, when the run fails, puts it back on the same queue (`await
redis.rpush(TASKS, raw)`, `queue.put(job)`) runs the failed item again on a later turn:
the queue is its retry layer (`auditor.python.runner.loop_flow` marks the paths that do).
"""

from __future__ import annotations

import ast

from auditor.python.model.ast_values import dotted_name
from auditor.python.runner.loop_parts import Loop

# what takes an item: a Redis list's pops name the queue first; a queue object's own
_TAKEN_NAMED = frozenset({"blpop", "brpop", "lpop", "rpop", "blmove", "brpoplpush", "lmove"})
_TAKEN = frozenset({"get", "get_nowait", "pop", "popleft", "dequeue", "receive"})
# and what puts one back
_PUT_NAMED = frozenset({"rpush", "lpush", "rpushx", "lpushx"})
_PUT = frozenset({"put", "put_nowait", "append", "appendleft", "enqueue"})


def queue_sources(loop: Loop) -> frozenset[str]:
    """The queues (as written) the statements of a loop's body take items from."""
    found: set[str] = set()
    for node in ast.walk(loop):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            queue = _queue(node, _TAKEN_NAMED, _TAKEN)
            if queue is not None:
                found.add(queue)
    return frozenset(found)


def puts_back(statement: ast.stmt, sources: frozenset[str]) -> bool:
    """Whether a statement puts an item on one of the queues `sources` (`await
    redis.rpush(TASKS, raw)`, `queue.put_nowait(job)`)."""
    if not sources or not isinstance(statement, ast.Expr):
        return False
    value = statement.value.value if isinstance(statement.value, ast.Await) else statement.value
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Attribute):
        return False
    return _queue(value, _PUT_NAMED, _PUT) in sources


def _queue(call: ast.Call, named: frozenset[str], own: frozenset[str]) -> str | None:
    """The queue a call takes from or puts on: its first argument for a Redis list's
    command, else its receiver (a `dict.get(key)` takes from no queue: with an argument,
    a `get` is not a queue's)."""
    assert isinstance(call.func, ast.Attribute)
    method = call.func.attr
    if method in named and call.args:
        return ast.unparse(call.args[0])
    if method in own and not (method == "get" and call.args):
        return dotted_name(call.func.value)
    return None
