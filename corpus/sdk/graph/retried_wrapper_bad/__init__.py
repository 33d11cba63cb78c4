"""A corpus package: the tree's retry decorator is a wrapper that a library's retry
decorator wraps (`@retry(…)` on `def wrapper`), applied in another module."""
