"""The classes of the project call graph: names resolved to the tree's functions and
classes, bases and subclasses across modules, and what a method call may run on an
instance (the inherited definition and the overrides below it)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

from auditor.python.model.imports import star_parts
from auditor.python.model.module_names import nearest_paths, path_names

MAX_DISPATCH = 16  # functions one call may run: more, and the call is not followed
_MAX_OVERRIDES = 8  # overrides followed up a lineage through `super()` calls


class ClassHierarchy:
    """The tree's classes (qualified name -> their facts) and how they relate."""

    def __init__(
        self,
        classes: Mapping[str, Mapping[str, Any]],
        functions: Collection[str],
        files: Mapping[str, str],
    ) -> None:
        """`files`: each module's file (display path), by the module's name."""
        self.classes, self.functions, self.files = classes, functions, files
        # the folders that are packages: they hold an `__init__.py` of the tree
        self._packages = {
            path.rpartition("/")[0] for path in files.values() if path.endswith("__init__.py")
        }
        self._by_last: dict[str, list[str]] = {}
        self._module_names = {module.rpartition(".")[2] for module in files}  # last names
        self.file_of: dict[str, str] = {}  # a function or class -> the file defining it
        # a name under its module's dotted file path (`a.b.base.Model` for `base.Model`)
        self._full: dict[str, str] = {}
        for name in [*functions, *classes]:
            self._by_last.setdefault(name.rsplit(".", 1)[-1], []).append(name)
            module = name
            while module and module not in files:
                module = module.rpartition(".")[0]
            self.file_of[name] = files[module] if module else ""
            dotted = ".".join(path_names(files[module])) if module else ""
            self._full[name] = dotted + name[len(module) :] if module else name
        # a base outside the tree (its module not audited), as written -> the tree's
        # classes that derive from it: what an annotation of it may hold
        self.outside_subclasses: dict[str, list[str]] = {}
        self._derived: dict[str, list[str]] = {}  # `outside_derived`'s, by the name asked
        self.bases = {name: self._bases(name) for name in classes}
        self.subclasses: dict[str, list[str]] = {}
        for name, bases in self.bases.items():
            for base in bases:
                self.subclasses.setdefault(base, []).append(name)
        self._instance: dict[tuple[str, str], list[str]] = {}
        self._overrides: dict[tuple[str, str, str], list[str]] = {}
        self._implementers: dict[str, list[str]] = {}
        self._families: dict[str, frozenset[str]] = {}
        self._protocols = [name for name, data in classes.items() if data.get("protocol")]
        self._declaring: dict[str, list[str]] = {}  # method name -> the abstract bases declaring it
        for name, data in classes.items():
            for method in data.get("abstract", ()):
                self._declaring.setdefault(method, []).append(name)

    def resolve(self, qualified: str) -> str | None:
        """The project function or class a qualified name stands for: also through a
        package that re-exports it (`pkg.make` for `pkg.clients.make`), and in a namespace
        package (a folder without `__init__.py`, whose modules the index names by their
        own file: `evaluation.Model` for `app.core.finetune.evaluation.Model`); None
        when it stands for none, or for several (`candidates`)."""
        found = self.candidates(qualified)
        return found[0] if len(found) == 1 else None

    def candidates(self, qualified: str) -> list[str]:
        """The project functions or classes a qualified name may stand for (`resolve`):
        several when modules of namespace folders share a name (`a.retrying.f` and
        `b.retrying.f` for `retrying.f`)."""
        if qualified in self.functions or qualified in self.classes:
            return [qualified]
        starred = star_parts(qualified)
        if starred is not None:  # a star import's: of the last module it names that has it
            modules, dotted = starred
            written = [f"{module}.{dotted}" for module in reversed(modules)]
            return [n for n in written if n in self.functions or n in self.classes][:1]
        prefix, _, last = qualified.rpartition(".")
        if not prefix or self._value_attribute(prefix):
            return []
        named = self._by_last.get(last, ())
        found = [
            name
            for name in named
            if name.startswith(prefix + ".") and name.count(".") == qualified.count(".") + 1
        ]
        found = found or [name for name in named if "." in name and qualified.endswith("." + name)]
        found = found or [name for name in named if name.endswith(f".{qualified}")]
        # a package above re-exports it (`from runtime.agent import Model`, defined in
        # `runtime/agent/providers/base.py`), read by the module's file path
        within = f".{prefix}."
        found = found or [name for name in named if within in f".{self._full[name]}"]
        # or a module of the same top-level package re-exports it (`from metagpt.llm import
        # BaseLLM`, defined in `metagpt/provider/base_llm.py`; `metagpt/llm.py` not indexed)
        top = f".{qualified.split('.', 1)[0]}."
        return found or [name for name in named if top in f".{self._full[name]}"]

    def _value_attribute(self, prefix: str) -> bool:
        """Whether `prefix.name` is an attribute of a module-level value of the tree, no
        class or function (`status.TRANSITIONS.get`: the `get` of a dict the module
        `status` holds): `prefix` is a module of the tree, then a name no class or module
        has."""
        module, _, held = prefix.rpartition(".")
        if module not in self.files or held in self._module_names:
            return False
        return not any(name in self.classes for name in self._by_last.get(held, ()))

    def _bases(self, name: str) -> list[str]:
        found = []
        for base in self.classes[name].get("bases", ()):
            resolved = self.nearest(self.candidates(base), self.file_of[name])
            if resolved is not None and resolved in self.classes and resolved != name:
                found.append(resolved)
            elif resolved is None and "." in base:
                self.outside_subclasses.setdefault(base, []).append(name)
        return found

    def outside_derived(self, written: str) -> list[str]:
        """The tree's classes derived from a class outside the tree, as an annotation
        writes its name: the same name, or one that ends the other (a module named by its
        file in one place and by its package in another: `base.LLMProvider` and
        `llm.base.LLMProvider`)."""
        found = self.outside_subclasses.get(written) or self._derived.get(written)
        if found is None:
            found = self._derived[written] = [
                cls
                for base, derived in self.outside_subclasses.items()
                if written.endswith(f".{base}") or base.endswith(f".{written}")
                for cls in derived
            ]
        return found if len(found) <= MAX_DISPATCH else []

    def nearest(self, candidates: list[str], reader: str) -> str | None:
        """Of the namesakes a name may stand for, the one whose file is nearest the file
        at path `reader` (`nearest_paths`); None when none is, or several are."""
        if len(candidates) < 2:
            return candidates[0] if candidates else None
        found = nearest_paths(reader, {name: self.file_of[name] for name in candidates})
        return found[0] if len(found) == 1 else None

    def lineage(self, cls: str) -> list[str]:
        """A class and its bases in the tree, nearest first."""
        found: list[str] = []
        pending = [cls]
        while pending and len(found) < MAX_DISPATCH:
            current = pending.pop(0)
            if current not in found:
                found.append(current)
                pending += self.bases.get(current, [])
        return found

    def families(self, cls: str) -> frozenset[str]:
        """The tree's classes a class is one of, itself aside: its bases in the tree, and
        the protocols it implements without deriving from them."""
        if cls not in self._families:
            implemented = (p for p in self._protocols if cls in self.implementers(p))
            found = set(self.lineage(cls)[1:]) | set(implemented)
            found.discard(cls)
            self._families[cls] = frozenset(found)
        return self._families[cls]

    def descendants(self, cls: str) -> list[str]:
        """The subclasses of a class in the tree, at any depth."""
        found: list[str] = []
        pending = list(self.subclasses.get(cls, ()))
        while pending and len(found) < 4 * MAX_DISPATCH:
            current = pending.pop(0)
            if current not in found:
                found.append(current)
                pending += self.subclasses.get(current, [])
        return found

    def instance_classes(self, cls: str, method: str) -> list[str]:
        """The classes whose methods may have stored what method `method` of `cls` reads
        on `self`: the lineages of `cls` and of each subclass that runs this method (a
        base's method reads what a subclass stored, unless the subclass overrides the
        method; a sibling's store is another instance's)."""
        key = (cls, method)
        if key not in self._instance:
            own = f"{cls}.{method}"
            found: dict[str, None] = {}
            for member in (cls, *self.descendants(cls)):
                if member == cls or self._runs(member, method, own):
                    found.update(dict.fromkeys(self.lineage(member)))
            self._instance[key] = list(found)
        return self._instance[key]

    def _runs(self, cls: str, method: str, definition: str) -> bool:
        """Whether an instance of `cls` runs `definition` of `method`: its own, or one that
        the overrides between call on (`super().method(…)`, `extends`)."""
        current = self.method(cls, method)
        for _ in range(_MAX_OVERRIDES):
            if current is None or current == definition:
                return current is not None
            owner = current[: -len(method) - 1]
            if method not in self.classes[owner].get("extends", ()):
                return False
            above = [
                c for c in self.lineage(owner)[1:] if method in self.classes[c].get("methods", ())
            ]
            current = f"{above[0]}.{method}" if above else None
        return False

    def method(self, cls: str, name: str) -> str | None:
        """The definition of `name` that an instance of `cls` runs (its lineage's nearest)."""
        for current in self.lineage(cls):
            if name in self.classes[current].get("methods", ()):
                return f"{current}.{name}"
        return None

    def family_names(self, names: Iterable[str]) -> set[str]:
        """Class names (last parts) with those of the bases the tree's classes of those
        names have (`ProviderError(LLMError)`): what an `except` of any of them catches."""
        found = set(names)
        for name in list(found):
            for cls in self._by_last.get(name, ()):
                found.update(base.rsplit(".", 1)[-1] for base in self.lineage(cls))
        return found

    def dispatch(self, cls: str, name: str) -> list[str]:
        """What `self.name()` may run in a method of `cls`: the inherited definition and
        every override below `cls`."""
        found = [m] if (m := self.method(cls, name)) else []
        found += [
            f"{sub}.{name}"
            for sub in self.descendants(cls)
            if name in self.classes[sub].get("methods", ())
        ]
        return found[:MAX_DISPATCH]

    def implementers(self, cls: str) -> list[str]:
        """The classes an annotation of `cls` may hold: `cls`, or for a protocol
        (`typing.Protocol`) the tree's classes that define every method it declares,
        whatever their bases (a property it declares may be a plain attribute there:
        `name = "anthropic"`)."""
        data = self.classes.get(cls, {})
        wanted = set(data.get("methods", ())) - set(data.get("properties", ()))
        if not data.get("protocol") or not wanted:
            return [cls]
        if cls not in self._implementers:
            found = [
                other
                for other, data in self.classes.items()
                if other != cls
                and not data.get("protocol")
                and wanted
                <= {m for c in self.lineage(other) for m in self.classes[c].get("methods", ())}
            ]
            # those of the protocol's own top-level package when it is in one and it has
            # any there (a module at the top is in none); too many, none
            if cls.count(".") >= 2:
                package = cls.split(".", 1)[0] + "."
                found = [name for name in found if name.startswith(package)] or found
            self._implementers[cls] = found if len(found) <= MAX_DISPATCH else []
        return self._implementers[cls]

    def _structural(self, cls: str) -> list[str]:
        """A protocol's implementers (`implementers`), which define its methods without
        deriving from it: its overrides as much as a subclass's; none for a class."""
        return self.implementers(cls) if self.classes[cls].get("protocol") else []

    def declared_abstract(self, method: str) -> bool:
        """Whether a method of the tree (`module.Class.name`) is declared abstract: a call
        of it runs an override."""
        cls, _, name = method.rpartition(".")
        return name in self.classes.get(cls, {}).get("abstract", ())

    def abstract(self, name: str, caller: str) -> list[str]:
        """Overrides of a method some abstract base of the tree declares: those of the
        caller's own top-level package when it is in one and that has any, else those
        of its import root (or one inside it) whose files are nearest the caller's: a
        checkout's own families, not those of a project beside it that declares a
        method of the same name."""
        package = caller.split(".", 1)[0] + "." if "." in caller else ""
        here = self.files.get(caller, "")
        key = (name, package, here.rpartition("/")[0])
        if key not in self._overrides:
            self._overrides[key] = self._abstract_overrides(name, package, caller)
        return self._overrides[key]

    def _abstract_overrides(self, name: str, package: str, caller: str) -> list[str]:
        found = list(
            dict.fromkeys(
                f"{sub}.{name}"
                for cls in self._declaring.get(name, ())
                for sub in (*self.descendants(cls), *self._structural(cls))
                if name in self.classes[sub].get("methods", ())
            )
        )
        near = [name for name in found if name.startswith(package)] if package else []
        here = self.files.get(caller, "")
        if not near and here:
            # (a module of an import root beside this one's, another project, is none its
            # code can import: `echo_app/orchestrator` and `arena/providers`; one inside
            # it, a folder without `__init__.py` named by its own files, may be)
            root = self._root_of(here)
            found = [n for n in found if _nested(root, self._root_of(self.file_of[n]))]
            near = nearest_paths(here, {name: self.file_of[name] for name in found})
        found = near or found
        return found if len(found) <= MAX_DISPATCH else []

    def _root_of(self, path: str) -> str:
        """The folder a module's imports are read from: the first folder above its file
        that is no package (holds no `__init__.py` of the tree)."""
        folder = path.rpartition("/")[0]
        while folder in self._packages:
            folder = folder.rpartition("/")[0]
        return folder


def _nested(one: str, other: str) -> bool:
    """Whether one of two folders holds the other, or they are the same ("" holds
    every folder)."""
    return (
        one == other
        or not one
        or not other
        or (f"{other}/".startswith(f"{one}/") or f"{one}/".startswith(f"{other}/"))
    )
