"""Function summaries for calls: what a call of a function did to the variables, kept
once per function and distinct inputs, and applied at each call with the same inputs.

A call's effect depends on its arguments, on the variables its body reads before
writing them (the caller's, read through a `Frame` that records them), on how deep
in calls it stands when a call in it is cut at the depth bound, and on which names
were functions when it ran. A summary records all of them, so a call with the same
inputs applies the summary instead of walking the body again: a script whose
functions call each other costs once per function and distinct inputs, not once
per path through its call graph. At most `MAX_CONTEXTS` bodies are walked per
function; past that, a call applies the function's latest summary.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, MutableMapping

from auditor.shell.words import NUMBERED, POSITIONAL, Overlay, Value, bind_positional

MAX_CONTEXTS = 16  # bodies walked per function, each for distinct inputs

Arguments = tuple[str | None, ...]


class Frame(Overlay):
    """The variables as one call's body changes them, recording what it reads of its
    caller's: the inputs its summary holds for."""

    def __init__(self, base: Mapping[str, Value], depth: int, generation: int) -> None:
        super().__init__(base)
        self.depth = depth
        self.generation = generation
        self.reads: dict[str, Value | None] = {}  # the caller's values it read, None: unset
        self.commands: set[str] = set()  # names it ran that are no function (yet)
        self.used: list[Summary] = []  # the summaries of the calls in it
        self.locals: dict[str, Value | None] = {}  # `local` names: the value they restore
        self.depth_bound = False  # a call in it was cut at the depth bound
        self.storable = True  # a summary of it holds whatever called it
        # the agent the command its body ends with runs, where the call's values decide
        # which program that is ("" for none; None: they do not)
        self.ended: str | None = None

    def __getitem__(self, key: str) -> Value:
        if key in self.changes:
            return self.changes[key]
        if key in self.removed:
            raise KeyError(key)
        value = self.base.get(key)
        self.reads.setdefault(key, value)
        if value is None:
            raise KeyError(key)
        return value

    def bind(self, arguments: Arguments) -> None:
        """Bind the call's positional parameters (`$1` past them unset, whatever the
        caller's: not an input)."""
        bind_positional(self, arguments)
        self.removed.update(key for key in NUMBERED if key not in self.changes)
        self.reads.clear()

    def __iter__(self) -> Iterator[str]:
        self.storable = False  # it read every variable: its inputs are not a few values
        return super().__iter__()

    def effect(self) -> tuple[dict[str, Value], set[str]]:
        """What the call leaves in its caller's variables: its changes but for the
        positional parameters and its locals, which end with it."""
        changes, removed = dict(self.changes), set(self.removed)
        for key in (POSITIONAL, *NUMBERED):
            changes.pop(key, None)
            removed.discard(key)
        for key, value in self.locals.items():
            if value is None:
                changes.pop(key, None)
                removed.add(key)
            elif value is CALLERS:
                changes.pop(key, None)
                removed.discard(key)
            else:
                changes[key] = value
        return changes, removed


# A `local` name the body did not set before declaring it: the caller keeps its own value.
CALLERS: Value = ("\0callers",)
_NONE: frozenset[str] = frozenset()  # one for every summary that unsets nothing


class Summary:
    """One walk of a function's body: the inputs it held for and its effect (kept compact:
    a script may have thousands)."""

    __slots__ = (
        "arguments",
        "changes",
        "dependents",
        "depth",
        "ended",
        "live",
        "previous",
        "reads",
        "removed",
    )

    def __init__(self, frame: Frame, arguments: Arguments) -> None:
        changes, removed = frame.effect()
        self.arguments = arguments
        self.depth = frame.depth if frame.depth_bound else None  # None: at any depth
        self.reads = tuple(frame.reads.items())
        self.changes = tuple(changes.items())
        self.removed = frozenset(removed) if removed else _NONE
        self.ended = frame.ended
        self.live = True
        self.previous: Summary | None = None  # kept before it for the same arguments
        self.dependents: list[Summary] | None = None  # summaries of calls that applied it
        for used in frame.used:
            if used.dependents is None:
                used.dependents = []
            used.dependents.append(self)

    def holds(self, env: Mapping[str, Value], depth: int) -> bool:
        """Whether a call with its arguments, at this depth, on `env` has this effect."""
        if self.depth not in (None, depth):
            return False
        return all(env.get(key) == value for key, value in self.reads)

    def apply(self, env: MutableMapping[str, Value]) -> None:
        """Do to `env` what the call did to its caller's variables."""
        for key in self.removed:
            env.pop(key, None)
        env.update(self.changes)


class CallMemo:
    """The summaries of one script's functions, kept while what they depend on holds."""

    def __init__(self) -> None:
        self.generation = 0
        # function and arguments -> the last summary kept (`previous`: the ones before)
        self._summaries: dict[tuple[str, Arguments], Summary] = {}
        self._latest: dict[str, Summary] = {}  # the last summary kept of each function
        self._walks: dict[str, int] = {}
        self._ran: dict[str, list[Summary]] = {}  # a command, not a function -> its walks

    def find(
        self, name: str, arguments: Arguments, env: Mapping[str, Value], depth: int
    ) -> Summary | None:
        """The summary of a call of `name`, if one holds for these inputs or the function
        has been walked `MAX_CONTEXTS` times (then its latest)."""
        found = self._summaries.get((name, arguments))
        while found is not None and not (found.live and found.holds(env, depth)):
            found = found.previous
        latest = self._latest.get(name)
        if found is None and self._walks.get(name, 0) >= MAX_CONTEXTS and latest is not None:
            return latest if latest.live else None
        return found

    def walked(self, name: str) -> bool:
        """Count a walk of `name`'s body; False once it has had its `MAX_CONTEXTS` walks."""
        count = self._walks.get(name, 0)
        self._walks[name] = count + 1
        return count < MAX_CONTEXTS

    def record(self, name: str, summary: Summary, ran: set[str], kept: bool) -> None:
        """Record a walk of `name`'s body that ran the commands `ran` (names of no function),
        and keep its summary for later calls if `kept`."""
        if kept:
            summary.previous = self._summaries.get((name, summary.arguments))
            self._summaries[name, summary.arguments] = summary
            self._latest[name] = summary
        for command in ran:
            self._ran.setdefault(command, []).append(summary)

    def defined(self, name: str) -> None:
        """`name` is now a function: summaries that ran the command of that name, and those
        that applied one of them, no longer hold."""
        stale = self._ran.pop(name, [])
        while stale:
            summary = stale.pop()
            if summary.live:
                summary.live = False
                stale.extend(summary.dependents or ())

    def clear(self) -> None:
        """What commands run changed (a function defined again, a function's summary): no
        summary holds."""
        self.generation += 1
        self._summaries.clear()
        self._latest.clear()
        self._walks.clear()
        self._ran.clear()
