"""RA401 on the issue's scenarios, through whole runs (the project index included)."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

from auditor.config import Settings
from auditor.finding import Finding
from auditor.python.model.mapping_keys import ABSENT, mapping_key
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


NARROW = """\
    import time

    import anthropic

    client = anthropic.Anthropic(max_retries=5)


    def retry_on_overloaded(attempts=5):
        def decorate(func):
            def wrapper(*args, **kwargs):
                for attempt in range(attempts):
                    try:
                        return func(*args, **kwargs)
                    except Exception as e:
                        {test}
                        time.sleep(attempt)
            return wrapper
        return decorate


    @retry_on_overloaded()
    def ask(prompt):
        return client.messages.create(model="m", max_tokens=5, messages=[prompt])
    """


def test_a_layer_retrying_one_class_says_which_failures_are_sent_twice(tmp_path: Path) -> None:
    test = "if not isinstance(e, anthropic.InternalServerError):\n" + " " * 28 + "raise"
    (finding,) = run(tmp_path, {"app.py": NARROW.format(test=test)})
    assert finding.message == (
        "retry decorator `retry_on_overloaded` (5 attempts) and `Anthropic` (`max_retries=5`) "
        "both retry `InternalServerError`: up to 30 sends of a request that keeps failing that way"
    )
    assert finding.fix is None  # `max_retries=0` would end the SDK's retries of the others
    assert finding.hint is not None and "narrow retry decorator `retry_on_overloaded`" in (
        finding.hint
    )
    assert "`max_retries=0` would end its retries of connection errors, timeouts" in finding.hint
    assert finding.severity.value == "warning"


def test_an_overloaded_check_narrows_the_layer(tmp_path: Path) -> None:
    test = 'if "overloaded" not in str(e).lower():\n' + " " * 28 + "raise"
    (finding,) = run(tmp_path, {"app.py": NARROW.format(test=test)})
    assert "both retry errors that mention `overloaded`:" in finding.message
    assert finding.fix is None


def test_a_blanket_layer_keeps_the_product_and_the_fix(tmp_path: Path) -> None:
    (finding,) = run(tmp_path, {"app.py": NARROW.format(test="pass")})
    assert "× 6 SDK attempts (`max_retries=5`) = up to 30 sends" in finding.message  # noqa: RUF001
    assert finding.fix is not None


def test_a_layer_sharing_no_failure_with_the_sdk_is_clean(tmp_path: Path) -> None:
    test = "if not isinstance(e, (ValueError, anthropic.BadRequestError)):\n" + " " * 28 + "raise"
    assert not run(tmp_path, {"app.py": NARROW.format(test=test)})


def test_a_layer_whose_predicate_cannot_be_read_is_info(tmp_path: Path) -> None:
    code = DECORATED.format(arguments="").replace(
        "@tenacity.retry(stop=tenacity.stop_after_attempt(6))",
        "@tenacity.retry(retry=tenacity.retry_if_exception(policy.check), "
        "stop=tenacity.stop_after_attempt(6))",
    )
    (finding,) = run(tmp_path, {"app.py": code})
    assert finding.severity.value == "info" and finding.fix is None
    assert finding.message.startswith("cannot tell which failures `@tenacity.retry`")


@pytest.mark.parametrize(
    "body",
    [
        "async with httpx.AsyncClient() as client:\n        return await client.get(prompt)",
        "client = httpx.Client()\n    return client.get(prompt)",
        "for client in pool:\n        return client.get(prompt)",
    ],
)
def test_a_name_the_retried_function_binds_is_not_the_module_client(
    tmp_path: Path, body: str
) -> None:
    code = DECORATED.format(arguments="").replace(
        'return client.chat.completions.create(model="m", messages=[prompt])', body
    )
    assert "import httpx" not in code
    assert not run(tmp_path, {"app.py": "import httpx\n" + textwrap.dedent(code)})


def test_a_parameter_named_like_the_client_is_not_the_module_client(tmp_path: Path) -> None:
    code = DECORATED.format(arguments="").replace("def ask(prompt):", "def ask(prompt, client):")
    assert not run(tmp_path, {"app.py": code})


def test_a_global_declaration_keeps_the_module_client(tmp_path: Path) -> None:
    code = DECORATED.format(arguments="").replace(
        "def ask(prompt):", "def ask(prompt):\n        global client"
    )
    assert len(run(tmp_path, {"app.py": code})) == 1


def test_a_body_that_returns_every_failure_is_never_retried(tmp_path: Path) -> None:
    code = DECORATED.format(arguments="").replace(
        '    return client.chat.completions.create(model="m", messages=[prompt])',
        "    try:\n            return client.chat.completions.create("
        'model="m", messages=[prompt])\n'
        "        except Exception as e:\n            return e",
    )
    assert not run(tmp_path, {"app.py": code})
    reraised = code.replace("return e", "log(e)\n            raise")
    assert len(run(tmp_path / "b", {"app.py": reraised})) == 1


def test_a_narrow_layer_in_another_module(tmp_path: Path) -> None:
    files = {
        "svc/__init__.py": "",
        "svc/clients.py": "from openai import OpenAI\nclient = OpenAI(max_retries=3)\n",
        "svc/worker.py": """\
            import backoff
            import openai
            from svc.clients import client


            @backoff.on_exception(backoff.expo, openai.RateLimitError, max_tries=4)
            def summarise(text):
                return client.chat.completions.create(model="m", messages=[text])


            @backoff.on_exception(backoff.expo, openai.APIError, max_tries=4)
            def shadowed(text, client):
                return client.chat.completions.create(model="m", messages=[text])
            """,
    }
    (finding,) = run(tmp_path, files)
    assert "`@on_exception` (4 attempts) in `" in finding.message
    assert "both retry `RateLimitError`" in finding.message and finding.fix is None
    assert finding.related[0].span.start.line == 8


def test_what_the_sdk_shares_with_a_layer() -> None:
    from auditor.python.runner.error_tests import ErrorTest, RetriedErrors
    from auditor.python.runner.sdk_catalog import load_sdk

    retried = load_sdk().sdk_retries

    def overlap(*tests: tuple[str, str]) -> tuple[bool, tuple[str, ...], tuple[str, ...]]:
        found = retried.overlap(RetriedErrors(tuple(ErrorTest(*t) for t in tests)))
        return found.covers, tuple(t.value for t in found.shared), found.missing

    assert overlap(("class", "APIError")) == (True, ("APIError",), ())
    assert overlap(("class", "RateLimitError"), ("class", "ValueError"))[1] == ("RateLimitError",)
    assert overlap(("status", "503")) == (
        False,
        ("503",),
        ("connection errors", "timeouts", "408", "409", "429", "5xx"),
    )
    assert overlap(("status", "4xx"), ("status", "5xx"))[2] == ("connection errors", "timeouts")
    assert overlap(("status", "404"))[1] == ()
    assert overlap(("marker", "Overloaded"))[1] == ("Overloaded",)
    assert overlap(("marker", "context_length_exceeded"))[1] == ()
    assert overlap(("result", "x"))[1] == ()


def test_a_layer_sharing_some_failures_names_the_others(tmp_path: Path) -> None:
    test = (
        "if not (isinstance(e, httpx.RemoteProtocolError) or e.status_code in (429, 503)):\n"
        + " " * 28
        + "raise"
    )
    code = "import httpx\n" + textwrap.dedent(NARROW.format(test=test))
    (finding,) = run(tmp_path, {"app.py": code})
    # Only what both layers retry is named: the SDK never retries a raw httpx error.
    assert "both retry 429 and 503 responses: up to 30 sends" in finding.message
    assert "RemoteProtocolError" not in finding.message


def test_a_layer_retrying_streamed_body_errors_only_is_clean(tmp_path: Path) -> None:
    # The SDK wraps the transport errors it retries; a raw httpx error comes from a body.
    test = "if not isinstance(e, httpx.RemoteProtocolError):\n" + " " * 28 + "raise"
    code = "import httpx\n" + textwrap.dedent(NARROW.format(test=test))
    assert not run(tmp_path, {"app.py": code})


def test_a_narrow_retry_decorator_of_another_module(tmp_path: Path) -> None:
    decorator = textwrap.dedent(
        NARROW.format(test="if e.status_code != 529:\n" + " " * 28 + "raise")
    )
    decorator = decorator.split("client = ")[0] + "def" + decorator.split("\ndef", 1)[1]
    decorator = decorator.split("@retry_on_overloaded")[0]
    files = {
        "pkg/__init__.py": "",
        "pkg/retrying.py": decorator,
        "pkg/app.py": """\
            import anthropic
            from pkg.retrying import retry_on_overloaded

            client = anthropic.Anthropic()


            @retry_on_overloaded(attempts=3)
            def ask(prompt):
                return client.messages.create(model="m", max_tokens=5, messages=[prompt])
            """,
    }
    (finding,) = run(tmp_path, files)
    assert finding.message == (
        "retry decorator `retry_on_overloaded` (3 attempts) and `Anthropic` (`max_retries=2`, "
        "the default) both retry 529 responses: up to 9 sends of a request that keeps failing "
        "that way"
    )
    assert finding.fix is None


def test_a_predicate_written_over_lines_with_comments_is_read(tmp_path: Path) -> None:
    code = DECORATED.format(arguments="").replace(
        "@tenacity.retry(stop=tenacity.stop_after_attempt(6))",
        "@tenacity.retry(\n"
        "        # only rate limits\n"
        "        retry=tenacity.retry_if_exception_type(openai.RateLimitError),  # 429\n"
        "        stop=tenacity.stop_after_attempt(6),\n"
        "    )",
    )
    (finding,) = run(tmp_path, {"app.py": "import openai\n" + textwrap.dedent(code)})
    assert "both retry `RateLimitError`" in finding.message


def test_a_factory_over_a_dict_of_clients_used_under_backoff_in_another_module(
    tmp_path: Path,
) -> None:
    files = {
        "svc/__init__.py": "",
        "svc/clients.py": """\
            from openai import OpenAI
            clients = {}
            def init(provider):
                clients[provider] = OpenAI(max_retries=3)
            def get_client(provider):
                return clients[provider]
            """,
        "svc/worker.py": """\
            import backoff
            from svc.clients import get_client


            @backoff.on_exception(backoff.expo, Exception, max_tries=2)
            def summarise(text):
                return get_client("openai").chat.completions.create(model="m", messages=[text])
            """,
    }
    (finding,) = run(tmp_path, files)
    assert finding.path.endswith("svc/clients.py") and finding.span.start.line == 4
    assert "up to 8 sends" in finding.message


def test_clients_serving_the_same_requests_are_one_finding(tmp_path: Path) -> None:
    code = """\
        import openai
        import tenacity

        clients = {}
        clients["a"] = openai.OpenAI(base_url="a")
        clients["b"] = openai.OpenAI(base_url="b")


        @tenacity.retry(stop=tenacity.stop_after_attempt(4))
        def ask(provider, prompt):
            return clients[provider].chat.completions.create(model="m", messages=[prompt])
        """
    (finding,) = run(tmp_path, {"app.py": textwrap.dedent(code)})
    assert finding.span.start.line == 5
    assert finding.message.endswith("(and 1 more `OpenAI` client built for the same requests)")
    assert finding.related[-1].span.start.line == 6
    assert finding.related[-1].message == "another client that serves the same requests"
    # one defect, one fix: both clients get `max_retries=0`
    assert finding.fix is not None
    assert [e.content for e in finding.fix.edits] == [", max_retries=0", ", max_retries=0"]


HELPER = """\
    import time
    from openai import OpenAI

    client = OpenAI()


    def once(prompt):
        {body}


    def generate(prompt):
        for attempt in range(4):
            try:
                return once(prompt)
            except Exception:
                time.sleep(1)
    """


def test_a_request_sent_in_a_helper_the_loop_calls_is_retried(tmp_path: Path) -> None:
    body = 'return client.chat.completions.create(model="m", messages=[prompt])'
    (finding,) = run(tmp_path, {"app.py": HELPER.format(body=body)})
    assert (finding.span.start.line, finding.span.start.column) == (4, 10)
    assert "up to 12 sends" in finding.message
    assert finding.related and finding.related[0].span.start.line == 12


@pytest.mark.parametrize(
    "body",
    [
        "try:\n            return client.responses.create(model='m', input=prompt)\n"
        "        except Exception:\n            return None",
        "try:\n            client.responses.create(model='m', input=prompt)\n"
        "        except BaseException:\n            print('failed')",
    ],
)
def test_a_helper_that_keeps_every_failure_in_is_not_retried(tmp_path: Path, body: str) -> None:
    assert not run(tmp_path, {"app.py": HELPER.format(body=body)})


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('o = {"api_key": k}\no["timeout"] = 5', ABSENT),
        ('o = {"api_key": k, "max_retries": 0}', 0),
        ('o = {"api_key": k}\no.update(extra)', None),
        ('o = {"api_key": k}\no[name] = 1', None),
        ('o = {"api_key": k}\no["max_retries"] = 0', None),
        ('o = {"api_key": k}\ndel o["api_key"]', ABSENT),
        ('o = {"api_key": k}\nconfigure(o)', None),
        ('o = {"api_key": k}\no |= extra', None),
        ('o = {"api_key": k}\nkey = o.get("api_key")', ABSENT),
        ("o = dict(api_key=k)", ABSENT),  # `dict(…)` of keywords: a mapping written out
        ("o = dict(api_key=k, max_retries=0)", 0),
        ("o = dict(base, max_retries=0)", None),  # (a positional mapping: its keys unknown)
        ("o = dict(**extra)", None),
        ('o = {"api_key": k, **extra}', None),
        ('o = {"api_key": k}\nsettings = o\nsettings["max_retries"] = 0', None),
        ('o = {"api_key": k}\no["max_retries"]: int = 0', None),
        ('o = {"api_key": k}\nholder.options = o', None),
        ('o = {"api_key": k}\nfor o in variants:\n    pass', None),
        ('o = {"api_key": k}\nclient = OpenAI(**o)', ABSENT),
    ],
)
def test_what_a_local_mapping_gives_a_keyword(body: str, expected: object) -> None:
    tree = ast.parse(body)
    values = [s.value for s in tree.body if isinstance(s, ast.Assign) and _is_o(s)]
    assert mapping_key(values, tree, "o", "max_retries") == expected


def test_a_parameter_is_no_local_mapping() -> None:
    tree = ast.parse('def make(o=None):\n    if o is None:\n        o = {"timeout": 30}\n')
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef)
    given = function.body[0]
    assert isinstance(given, ast.If) and isinstance(given.body[0], ast.Assign)
    assert mapping_key([given.body[0].value], function, "o", "max_retries") is None


def _is_o(statement: ast.Assign) -> bool:
    return any(isinstance(t, ast.Name) and t.id == "o" for t in statement.targets)
