from importlib import import_module


def get_invoker(agent_id):
    module = import_module(f".{agent_id}_invoker", __package__)
    return module.INVOKER
