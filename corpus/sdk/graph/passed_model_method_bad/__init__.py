"""A corpus package: agents hand a LangChain model's bound method (`llm.invoke`, also in a
lambda) to a retry helper of another module, which calls it in its loop; the model comes
from a factory of a third module, or is built where it is handed on."""
