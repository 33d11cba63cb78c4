"""A corpus package: a hand-written retry helper catches the classes each call gives it,
and a provider hands it a request through a method of its own."""
