"""A corpus package: a module's function builds the argv in a local name from the program
its caller names (`cmd = [program, "-p", prompt]`, the program a parameter whose default
is `"claude"`), and another module's loop re-runs the step that calls it. The step is
tested as `if self._attempt(path):`, whose value (`True`) says nothing of the run: it is
no exit status, so a success leaves the loop."""
