"""Issue 25, item 9: the file's value budget, charged where the shell model and the Python
resolver build values (the reproductions that exceed it run in tests/test_bounds.py)."""

from __future__ import annotations

import ast
from pathlib import Path

from auditor.profiles import default_catalog
from auditor.python.model.strings import Resolver
from auditor.python.unit import parse_python
from auditor.shell.includes import SourcedFiles
from auditor.shell.model import ShellScript
from auditor.shell.parse import ShellText
from auditor.source import SourceFile
from auditor.value_budget import ValueBudget, value_budget

DOUBLED = 'X=aaaaaaaa\nX="$X$X"\nX="$X$X"\nY="$X$X"\nZ=literal\n'


def test_a_value_built_past_the_budget_is_opaque_and_literals_are_still_known() -> None:
    with value_budget() as budget:
        script = ShellScript.build(DOUBLED, default_catalog())
    assert script.env["Y"] == "a" * 64
    spent = budget.spent
    assert spent > 0
    with value_budget(limit=spent - 1) as budget:
        script = ShellScript.build(DOUBLED, default_catalog())
    assert "Y" not in script.env  # unknown, as a value that depends on the run
    assert script.env["X"] == "a" * 32  # built before the budget ran out
    assert script.env["Z"] == "literal"  # read from the text, not built
    assert budget.exhausted


def test_outside_a_file_audit_nothing_is_charged() -> None:
    assert ShellScript.build(DOUBLED, default_catalog()).env["Y"] == "a" * 64


def test_a_kept_library_is_charged_as_its_walk_was(tmp_path: Path) -> None:
    # A script's model does not depend on which script walked the library first: a kept
    # model costs what walking it costs, and is walked again where that does not fit.
    (tmp_path / "lib.sh").write_text('L=aaaaaaaa\nL="$L$L"\nM="$L$L"\n')
    script = tmp_path / "run.sh"
    script.write_text("#!/bin/bash\nsource ./lib.sh\n")
    costs = []
    for _ in range(2):
        with value_budget() as budget:
            model = ShellScript.walk(
                ShellText(script.read_text()),
                default_catalog(),
                sourced=SourcedFiles(script, tmp_path),
            )
        assert model.env["M"] == "a" * 32
        costs.append(budget.spent)
    assert costs[0] == costs[1] > 0
    with value_budget(limit=costs[0] - 1):
        model = ShellScript.walk(
            ShellText(script.read_text()), default_catalog(), sourced=SourcedFiles(script, tmp_path)
        )
    assert "M" not in model.env


def test_the_resolver_gives_back_what_it_forgets() -> None:
    source = 'v = "x"\nw = f"{v}{v}"\nu = f"{w}{w}"\n'
    module = parse_python(SourceFile("m.py", source)).module
    assert module is not None
    last = [node for node in ast.walk(module.tree) if isinstance(node, ast.JoinedStr)][-1]
    with value_budget() as budget:
        resolver = Resolver(module)
        assert [t.text for t in resolver.texts(last)] == ["xxxx"]
        once = budget.spent
        assert once > 0
        for _ in range(3):  # each resolves it again, under choices of its own
            resolver.texts(last)
        assert budget.spent == once
        del resolver
        assert budget.spent == 0


def test_spend_refuses_what_does_not_fit() -> None:
    budget = ValueBudget(limit=10)
    assert budget.spend(6)
    assert not budget.spend(5)
    assert (budget.spent, budget.exhausted) == (6, True)
    assert budget.spend(4)
