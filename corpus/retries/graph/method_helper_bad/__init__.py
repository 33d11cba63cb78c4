"""A corpus package: a model class's own retry helper (a method, called on `self`) is
handed a closure that runs a whole OpenAI Agents SDK run, tools included; the subclass
in another module hands the inherited helper the same kind of closure."""
