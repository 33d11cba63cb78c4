from collections.abc import Callable

_ENGINES: dict[str, Callable[..., str]] = {}


def _fill() -> None:
    if _ENGINES:
        return
    from lazyreg_app.engines.deepseek import deepseek_generate

    _ENGINES["deepseek"] = deepseek_generate


def engine(name: str) -> Callable[..., str]:
    _fill()
    found = _ENGINES.get(name)
    if found is None:
        raise ValueError(f"unknown engine {name!r}")
    return found
