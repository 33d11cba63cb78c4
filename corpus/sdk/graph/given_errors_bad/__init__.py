"""A corpus package: a retry decorator factory whose `except` catches the classes each
application gives it, and a provider that raises its own classes in place of the SDK's."""
