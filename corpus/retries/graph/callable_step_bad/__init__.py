"""A corpus package: generic retry helpers in one module, given the step that launches
the agent (a function, or a lambda calling it) by another. A module's helper is reported
where it is given the step, as a decorator is where it is applied; a manager object's
method at its loop."""
