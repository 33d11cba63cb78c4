"""Built-in rules: one module per rule, grouped by family."""
