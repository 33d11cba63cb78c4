"""Where a value goes in its module (python/value_flow.py)."""

from __future__ import annotations

import ast
import textwrap

from auditor.python.model.value_flow import Flow, ValueFlow
from auditor.python.unit import parse_python
from auditor.source import SourceFile


def trace(code: str, built: str = "Client") -> tuple[list[str], tuple[str, ...]]:
    """The code of each use of the first `Client(…)` call, and the names exporting it."""
    unit = parse_python(SourceFile("m.py", textwrap.dedent(code)))
    module = unit.module
    assert module is not None
    call = next(c for c in module.calls if isinstance(c.func, ast.Name) and c.func.id == built)
    flow: Flow = ValueFlow(module).trace(call)
    text = module.source.text
    shown = []
    for use in flow.uses:
        start, end = module.span(use)
        line = text.count("\n", 0, start) + 1
        shown.append(f"{line}:{text[start:end]}")
    return shown, flow.exported


def test_a_module_name_and_the_functions_that_read_it() -> None:
    uses, exported = trace(
        """\
        client = Client()
        def ask():
            return client.send()
        def own():
            client = Other()
            return client.send()
        """
    )
    assert uses == ["3:client"]
    assert exported == ("client",)


def test_an_item_of_a_module_dict_read_through_a_factory() -> None:
    uses, exported = trace(
        """\
        clients = {}
        def init(provider):
            clients[provider] = Client()
        def get_client(provider):
            return clients[provider]
        def ask(provider):
            client = get_client(provider)
            return client.send()
        def peek(provider):
            return clients.get(provider).send()
        """
    )
    assert uses == ["8:client", "10:clients.get(provider)"]
    assert set(exported) == {"clients", "get_client"}


def test_a_dict_literal_value_is_an_item() -> None:
    uses, _ = trace(
        """\
        clients = {"a": Client(), "b": Other()}
        def ask(name):
            return clients[name].send()
        """
    )
    assert uses == ["3:clients[name]"]


def test_a_global_assigned_in_a_helper_and_returned_by_another() -> None:
    uses, exported = trace(
        """\
        _client = None
        def _build():
            global _client
            _client = Client()
        def _get():
            return _client
        def ask(flag):
            client = _get() if flag else None
            return client.send()
        """
    )
    assert uses == ["9:client"]
    assert set(exported) == {"_client", "_get"}


def test_an_argument_reaches_the_parameter() -> None:
    uses, exported = trace(
        """\
        def ask(prompt, client, *, retries=3):
            return client.send(prompt)
        def other(client):
            return client.send()
        def main():
            client = Client()
            ask("hi", client)
            ask(prompt="hi", client=client)
        """
    )
    assert uses == ["2:client"]
    assert exported == ()


def test_a_method_argument_skips_self() -> None:
    uses, _ = trace(
        """\
        class Worker:
            def run(self):
                self.ask(Client())
            def ask(self, client):
                return client.send()
        """
    )
    assert uses == ["5:client"]


def test_a_factory_method_is_called_on_self_and_exports_nothing() -> None:
    uses, exported = trace(
        """\
        class Worker:
            def make(self):
                return Client()
            def run(self):
                return self.make().send()
        def make():
            return None
        """
    )
    assert uses == ["5:self.make()"]
    assert exported == ()


def test_a_self_attribute_is_read_in_its_class_only() -> None:
    uses, _ = trace(
        """\
        class A:
            def __init__(self):
                self.llm = Client()
            def ask(self):
                return self.llm.send()
        class B:
            def ask(self):
                return self.llm.send()
        """
    )
    assert uses == ["5:self.llm"]


def test_a_self_attribute_set_in_a_base_is_read_in_a_subclass_and_back() -> None:
    uses, _ = trace(
        """\
        class Base:
            def __init__(self):
                self.llm = Client()
            def ping(self):
                return self.llm.ping()
        class Bot(Base):
            def ask(self):
                return self.llm.send()
        class Other:
            def ask(self):
                return self.llm.send()
        class Mixin:
            def ask(self):
                return self.llm.send()
        class Both(Base, Mixin):
            pass
        """
    )
    assert uses == ["5:self.llm", "8:self.llm", "14:self.llm"]


def test_a_property_is_read_as_its_attribute() -> None:
    uses, _ = trace(
        """\
        import functools
        class Bot:
            _client = None
            @property
            def client(self):
                if self._client is None:
                    self._client = Client()
                return self._client
            @functools.cached_property
            def cached(self):
                return Client()
            def ask(self):
                return self.client.send(), self.client, self.cached.send()
            def call(self):
                return self.client().send()
        """
    )
    assert uses == ["13:self.client"]


def test_a_lazy_getter_method_and_a_subclass_override() -> None:
    uses, _ = trace(
        """\
        class Base:
            _client = None
            def get_client(self):
                if self._client is None:
                    self._client = self.new_client()
                return self._client
            def new_client(self):
                raise NotImplementedError
        class Claude(Base):
            def new_client(self):
                return Client()
            def ask(self):
                return self.get_client().send()
        class Unrelated:
            def new_client(self):
                return None
            def ask(self):
                return self.get_client().send()
        """
    )
    assert uses == ["13:self.get_client()"]


def test_a_parameter_default_is_read_in_the_scope_around() -> None:
    uses, _ = trace(
        """\
        client = Client()
        def ask(c=client.send):
            return c()
        """
    )
    assert uses == ["2:client"]


def stands_for(code: str) -> list[str]:
    """What each decorator of the module's functions stands for, as code."""
    module = parse_python(SourceFile("m.py", textwrap.dedent(code))).module
    assert module is not None
    flow = ValueFlow(module)
    found = []
    for node in module.parents:
        if isinstance(node, ast.FunctionDef):
            for decorator in node.decorator_list:
                start, end = module.span(flow.decorator(decorator))
                found.append(module.source.text[start:end])
    return found


def test_a_decorator_is_followed_to_what_it_stands_for() -> None:
    assert stands_for(
        """\
        bound = retry(stop=3)
        def made():
            '''A factory.'''
            return retry(stop=4)
        def applying(fn):
            return retry(stop=5)(fn)
        def two_steps(fn):
            wrapped = retry(stop=6)(fn)
            return wrapped
        @bound
        @made()
        @applying
        @two_steps
        @retry(stop=7)
        def ask(): pass
        """
    ) == ["retry(stop=3)", "retry(stop=4)", "retry(stop=5)", "two_steps", "retry(stop=7)"]
