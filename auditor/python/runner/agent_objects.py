"""Agent objects a library makes (`create_react_agent(model, tools)`): each run of one
(`invoke`, `stream`) is a whole agent loop, its tool calls included. Their references
(`("agent", SITE, RESUMES)`) flow through the call graph as clients do, so a run on a
parameter is a step where a caller hands it such an agent."""

from __future__ import annotations

import ast

from auditor.python.model.call_graph import AGENT_OBJECT
from auditor.python.model.expr_values import keyword_argument
from auditor.python.runner.steps import StepCatalog
from auditor.python.runner.value_refs import Ref, position

# Where a maker takes its tools when they are not given by keyword (`initialize_agent(
# tools, llm)`, smolagents' `ToolCallingAgent(tools, model)`; the others take the model
# first).
_TOOLS_POSITION = {"initialize_agent": 0, "CodeAgent": 0, "ToolCallingAgent": 0}
# The makers whose agents act without any tool: smolagents' `CodeAgent` executes the
# Python it writes as its actions, whatever tools it is given.
_ACTS_WITHOUT_TOOLS = frozenset({"CodeAgent"})
# The makers whose tools may be left out (LangChain's `create_agent(model)`: none), and
# those of them whose agents may be given tools by a decorator (Pydantic AI's
# `@agent.tool`, `@agent.tool_plain`)
_TOOLS_OPTIONAL = frozenset({"create_agent", "Agent"})
_TOOL_DECORATORS = frozenset({"tool", "tool_plain"})


def decorated_tools(tree: ast.Module) -> frozenset[str]:
    """Where the calls are that make the agents a module gives tools by decorating its
    functions (`agent = Agent(model)`, then `@agent.tool` on a function): the names
    decorated, found anywhere in the module, and the calls assigned to them."""
    names = {
        decorator.value.id
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        for decorator in (d.func if isinstance(d, ast.Call) else d for d in node.decorator_list)
        if isinstance(decorator, ast.Attribute)
        and decorator.attr in _TOOL_DECORATORS
        and isinstance(decorator.value, ast.Name)
    }
    if not names:
        return frozenset()
    return frozenset(
        position(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Call)
        and any(isinstance(t, ast.Name) and t.id in names for t in node.targets)
    )


def made_agent(
    call: ast.Call, qualified: str | None, steps: StepCatalog, decorated: bool = False
) -> Ref | None:
    """The reference of the agent object `call` makes (`qualified`: its callee's name
    through the module's imports), or None when it makes none, or one given no tools (an
    empty list, `None`, or none at all where the maker allows it: it only answers).
    `decorated`: the module gives the agent tools by decorating functions (`@a.tool`).
    RESUMES says whether it may keep its state in a checkpointer (given one, or a spread
    mapping that may give one): a run on the same thread goes on from there, the results
    of the tools its earlier steps ran kept."""
    if qualified is None or qualified not in steps.agent_makers:
        return None
    tools = keyword_argument(call, "tools")
    maker = qualified.rsplit(".", 1)[-1]
    index = _TOOLS_POSITION.get(maker, 1)
    if tools is None and len(call.args) > index:
        tools = call.args[index]
    spread = any(keyword.arg is None for keyword in call.keywords)  # (`**agent_kwargs`)
    if maker in _ACTS_WITHOUT_TOOLS:
        tools = None  # (its tools decide nothing: it runs code either way)
    elif tools is None and maker in _TOOLS_OPTIONAL and not spread and not decorated:
        return None  # left out, and no function decorated as its tool: no tools
    if isinstance(tools, ast.Constant) and tools.value is None:
        return None
    if isinstance(tools, ast.List | ast.Tuple) and not tools.elts:
        return None
    saver = keyword_argument(call, "checkpointer")
    if saver is None:
        resumes = spread  # (a spread mapping may give one)
    else:
        resumes = not (isinstance(saver, ast.Constant) and saver.value in (None, False))
    return (AGENT_OBJECT, position(call), resumes)
