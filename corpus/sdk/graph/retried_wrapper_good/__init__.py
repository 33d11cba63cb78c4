"""Near miss, a corpus package: the tree's retry decorator is a wrapper that a library's retry
decorator wraps (`@retry(…)` on `def wrapper`), over clients without retries of their own, and a wrapper no library retries."""
