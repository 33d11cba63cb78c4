"""Rule reference generated from the rule classes: `python -m auditor.docs > docs/rules.md`."""

from __future__ import annotations

import sys

from auditor.registry import all_rules


def rules_markdown() -> str:
    """The rule reference page: one section per rule, from its docstring."""
    parts = [
        "# runaudit rules\n",
        "Generated from the rule classes by `python -m auditor.docs`; do not edit.\n",
    ]
    for rule in all_rules():
        body = ("\n" + rule.documentation()).replace("\n## ", "\n### ").strip()
        parts.append(
            f"## {rule.code} {rule.name}\n\n{rule.summary()}\n\n{rule.facts()}\n\n{body}\n"
        )
    return "\n".join(parts)


if __name__ == "__main__":
    sys.stdout.write(rules_markdown())
