"""RA401 on the issue's scenarios, through whole runs (the project index included)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from auditor.config import Settings
from auditor.finding import Finding
from auditor.run import audit


def run(tmp_path: Path, files: dict[str, str], settings: Settings | None = None) -> list[Finding]:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    report = audit([tmp_path], settings or Settings(), cwd=tmp_path, jobs=1)
    return [f for f in report.findings if f.code == "RA401"]


DECORATED = """\
    import tenacity
    from openai import OpenAI

    client = OpenAI({arguments})


    @tenacity.retry(stop=tenacity.stop_after_attempt(6))
    def ask(prompt):
        return client.chat.completions.create(model="m", messages=[prompt])
    """


def test_default_client_under_tenacity_says_up_to_18_sends(tmp_path: Path) -> None:
    (finding,) = run(tmp_path, {"app.py": DECORATED.format(arguments="")})
    assert (finding.span.start.line, finding.span.start.column) == (4, 10)
    assert "up to 18 sends" in finding.message
    assert finding.related and finding.related[0].span.start.line == 7
    assert finding.fix is not None


def test_no_retry_layer_is_clean(tmp_path: Path) -> None:
    assert not run(
        tmp_path,
        {
            "app.py": """\
            from openai import OpenAI
            client = OpenAI()
            def ask(prompt):
                return client.chat.completions.create(model="m", messages=[prompt])
            """
        },
    )


def test_constant_from_another_module(tmp_path: Path) -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/retry_policy.py": "SDK_MAX_RETRIES = {value}\n",
        "pkg/app.py": textwrap.dedent(
            DECORATED.format(arguments="max_retries=retry_policy.SDK_MAX_RETRIES")
        ).replace(
            "from openai import OpenAI", "from openai import OpenAI\nfrom pkg import retry_policy"
        ),
    }
    clean = {**files, "pkg/retry_policy.py": "SDK_MAX_RETRIES = 0\n"}
    assert not run(tmp_path / "zero", clean)
    flagged = {**files, "pkg/retry_policy.py": "SDK_MAX_RETRIES = 2\n"}
    (finding,) = run(tmp_path / "two", flagged)
    assert "`max_retries=2`" in finding.message and "up to 18 sends" in finding.message


def test_client_used_under_backoff_in_another_module(tmp_path: Path) -> None:
    files = {
        "svc/__init__.py": "",
        "svc/clients.py": """\
            from openai import OpenAI
            client = OpenAI(max_retries=3)
            fast = client.with_options(timeout=5)
            """,
        "svc/worker.py": """\
            import backoff
            import openai
            from svc.clients import client


            @backoff.on_exception(backoff.expo, openai.APIError, max_tries=4)
            def summarise(text):
                return client.chat.completions.create(model="m", messages=[text])
            """,
    }
    (finding,) = run(tmp_path, files)
    assert finding.path.endswith("svc/clients.py") and finding.span.start.line == 2
    assert "up to 16 sends" in finding.message
    (related,) = finding.related
    assert related.path.endswith("svc/worker.py") and related.span.start.line == 8


def test_unresolvable_options_under_a_retry_layer_are_info(tmp_path: Path) -> None:
    (finding,) = run(tmp_path, {"app.py": DECORATED.format(arguments="**opts")})
    assert finding.severity.value == "info"
    assert "cannot prove" in finding.message


def test_forbid_flags_a_client_without_retry_layer(tmp_path: Path) -> None:
    files = {"app.py": "from anthropic import Anthropic\nclient = Anthropic()\n"}
    assert not run(tmp_path / "a", files)
    (finding,) = run(tmp_path / "b", files, Settings(sdk={"retries": "forbid"}))
    assert "owns recovery" in finding.message
