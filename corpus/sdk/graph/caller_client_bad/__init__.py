"""A corpus package: a library whose classes take the caller's client as a parameter
annotated with an SDK class (`client: AsyncOpenAI`) and retry its requests by hand; no call
of the tree builds the class, so the client is the one its users build, whose retries the
tree cannot know (info, at the parameter). One subclass forwards its arguments to the
base's `__init__` (`super().__init__(*args, **kwargs)`): still no caller of the tree."""
