"""A corpus package: a review loop calls a method on a parameter nobody in the tree passes
a value to (the CLI entry point is elsewhere); its annotation names the class, whose
method runs the agent."""
