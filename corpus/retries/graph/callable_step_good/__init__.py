"""A corpus package: a near miss, the retry helpers are given no agent step, or
give up on the first failure."""
