"""A corpus package: the agent program is a subclass constructor's default, handed to the
base class, whose loop starts it with `create_subprocess_exec(self.command, *args)`."""
