"""Near miss, a corpus package: a fluent builder (each `with_…` returns `self`) makes the agent's
command in one module, a static helper in another runs it, a third joins them."""
