"""A translation client whose base class is defined under `try: import openai`: the
retry loop of the base calls the subclass's `_send`, in another module, through a client
built with the SDK's retries turned off."""
