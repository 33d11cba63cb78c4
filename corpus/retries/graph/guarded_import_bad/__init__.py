"""A translation client whose base class is defined under `try: import openai`: the
retry loop of the base calls the subclass's `_send`, in another module, which sends
through the client the base builds."""
