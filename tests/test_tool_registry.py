"""A tool taken from the program's registry by a name known only at run time is a step
(`steps.runs_tool`), and the text prefilter that finds where to look for one."""

from __future__ import annotations

import ast

import pytest

from auditor.python.runner.steps import may_look_up_tool, runs_tool


def _assigned(tree: ast.Module) -> dict[str, list[ast.expr]]:
    found: dict[str, list[ast.expr]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            found.setdefault(node.targets[0].id, []).append(node.value)
    return found


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("self.tools[name](**args)", True),
        ("TOOLS[call['name']](**args)", True),
        ("tool = self._tool_map.get(tc.name)\ntool.execute(**args)", True),
        ("tool = await registry.get_tool(step.tool)\nawait tool.execute(ctx)", True),
        ("fn = self.tool_implementations[tool_name]\nfn(**parameters)", True),
        ("self.tools['ping']()", False),  # a literal name: a fixed helper
        ("self.tool_call_parsers[fmt](raw)", False),  # a table that only mentions tools
        ("self.tool_results[i](x)", False),
        ("handlers[name](event)", False),
    ],
)
def test_a_tool_chosen_by_name_from_a_registry_is_run(code: str, expected: bool) -> None:
    tree = ast.parse(f"async def f():\n    {code.replace(chr(10), chr(10) + '    ')}\n")
    values = _assigned(tree)
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
    last = max(calls, key=lambda c: (c.lineno, -c.col_offset))
    assert runs_tool(last, lambda name: values.get(name.id, [])) is expected
    assert may_look_up_tool(code) or not expected  # the prefilter never hides one
