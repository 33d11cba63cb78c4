"""SDK client constructors a config adds are found like the built-in ones (RA401), also
in a file that names no built-in SDK, and the SDKs' own aliases (`groq.Client`) count."""

from __future__ import annotations

from pathlib import Path

import pytest
from invoke import invoke

RETRIED = """import time
from {module} import {cls}

client = {call}(api_key="x")


def ask(prompt):
    for attempt in range(5):
        try:
            return client.chat.completions.create(model="m", messages=[prompt])
        except Exception:
            time.sleep(2)
"""


@pytest.mark.parametrize(
    ("module", "cls", "call"),
    [("mistralai", "Mistral", "Mistral"), ("groq", "Client", "Client")],
)
def test_a_configured_or_aliased_constructor_under_a_retry_loop_is_ra401(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: str, cls: str, call: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.runaudit.sdk.constructors.mistral]\nmodule = "mistralai"\nclasses = ["Mistral"]\n'
    )
    (tmp_path / "ask.py").write_text(RETRIED.format(module=module, cls=cls, call=call))
    result = invoke(["check", "--no-cache", "-f", "concise", "ask.py"])
    assert [line.split()[1] for line in result.stdout.splitlines()[:-1]] == ["RA401"]


def test_a_client_class_of_another_package_is_no_sdk_client(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`httpx.Client(…)` under the same loop: `Client` names an SDK's alias only when the
    SDK's package (or a module inside it) is where it comes from."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ask.py").write_text(RETRIED.format(module="httpx", cls="Client", call="Client"))
    result = invoke(["check", "--isolated", "--no-cache", "-f", "concise", "ask.py"])
    assert result.exit_code == 0, result.stdout
    assert "RA401" not in result.stdout
