"""A corpus package: parameters annotated with SDK client classes that stack nothing. The
tree's own caller hands in a client built with `max_retries=0`; a function derives one
without retries before its loop sends through it; one sends once, under no retry layer; one
is a plain function of the tree whose only caller builds its client with retries off; an
optional client (`client: OpenAI | None = None`) and a property's setter, where the class
builds its own client without retries; a class built from a mapping of settings
(`Scorer(**settings)`, in a function taking no `**kwargs`: nothing passed on from a caller
outside the tree) that holds a client without retries."""
