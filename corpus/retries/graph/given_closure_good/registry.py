from importlib import import_module


def get_fetcher(remote):
    return import_module(f".{remote}_fetcher", __package__).FETCHER


def get_builder():
    return import_module(".builders", __package__).BUILDER
