"""What a retry clause or predicate retries: the error tests read from `ast`."""

from __future__ import annotations

import ast
import textwrap

import pytest

from auditor.python.runner.error_conditions import handler_errors, predicate_errors
from auditor.python.runner.error_tests import (
    EVERY_ERROR,
    AstFacts,
    ErrorTest,
    RetriedErrors,
    describe,
    status_range,
)

BLANKET = frozenset({"Exception", "BaseException"})


def clause(code: str) -> RetriedErrors | None:
    """What the first `except` clause of `code` retries."""
    facts = AstFacts(ast.parse(textwrap.dedent(code)))
    handlers = [n for n in ast.walk(facts.tree) if isinstance(n, ast.ExceptHandler)]
    first = min(handlers, key=lambda handler: handler.lineno)
    return handler_errors(first, facts, BLANKET)


def shown(code: str) -> str | None:
    found = clause(code)
    return None if found is None else describe(found)


def test_a_clause_that_goes_on_for_whatever_it_catches() -> None:
    assert clause("for i in range(3):\n try: f()\n except Exception: pass\n") == EVERY_ERROR
    narrowed = (
        "for i in range(3):\n try: f()\n except (RateLimitError, x.APIConnectionError): pass\n"
    )
    assert shown(narrowed) == "`RateLimitError` and `APIConnectionError`"


@pytest.mark.parametrize(
    "body",
    ["return None", "raise", "raise RuntimeError('x') from e", "break", "sys.exit(1)"],
)
def test_a_clause_that_never_goes_on_retries_nothing(body: str) -> None:
    assert clause(f"for i in range(3):\n try: f()\n except Exception as e:\n  {body}\n") is None


@pytest.mark.parametrize(
    ("test", "expected"),
    [
        ('if "overloaded" not in str(e).lower():\n   raise', "errors that mention `overloaded`"),
        ("if not (500 <= e.status_code < 600):\n   raise", "5xx responses"),
        ("if e.status_code not in (429, 503):\n   raise", "429 and 503 responses"),
        ('if getattr(e, "status_code", None) != 503:\n   raise', "503 responses"),
        ("if e.response.status_code < 500:\n   raise", "5xx responses"),
        (
            "if not isinstance(e, (RateLimitError, InternalServerError)):\n   raise",
            "`RateLimitError` and `InternalServerError`",
        ),
        ('if type(e).__name__ != "OverloadedError":\n   raise', "`OverloadedError`"),
        (
            "if not isinstance(e, httpx.ReadError | httpx.ConnectError):\n   raise",
            "`httpx.ReadError` and `httpx.ConnectError`",
        ),
    ],
)
def test_a_test_before_raising_narrows_the_clause(test: str, expected: str) -> None:
    code = f"for i in range(3):\n try: f()\n except Exception as e:\n  {test}\n  sleep(1)\n"
    assert shown(code) == expected


def test_excluding_some_failures_leaves_every_other_one_retried() -> None:
    code = "for i in range(3):\n try: f()\n except Exception as e:\n"
    code += "  if isinstance(e, AuthError):\n   raise\n"
    assert clause(code) == EVERY_ERROR


def test_a_test_whose_branches_end_alike_decides_nothing() -> None:
    code = """\
        for i in range(3):
            try:
                f()
            except Exception as e:
                if e.status_code == 200:
                    log("strange")
                if "quota" in str(e):
                    log("quota")
                else:
                    log("other")
        """
    assert clause(code) == EVERY_ERROR


def test_a_helper_given_the_exception_is_read_inline_with_its_flags() -> None:
    code = """\
        MARKERS = ("overload", "capacity")


        def check_transient(error, attempt):
            transient = False
            if isinstance(error, APIStatusError):
                if error.status_code >= 500:
                    transient = True
                elif error.status_code == 429:
                    transient = True
                else:
                    text = str(error).lower()
                    if any(word in text for word in MARKERS):
                        transient = True
            elif isinstance(error, ReadTimeout):
                transient = True
            if not transient or attempt >= 4:
                raise error
            code = getattr(error, "status_code", None)
            if code in (200, 204):
                log("odd status")


        def retrying(fn):
            for attempt in range(5):
                try:
                    return fn()
                except Exception as exc:
                    check_transient(exc, attempt)
        """
    assert shown(code) == (
        "429 and 5xx responses, `ReadTimeout` and errors that mention `overload` or `capacity`"
    )


def test_a_message_gathered_in_a_list_and_joined_is_a_message() -> None:
    code = """\
        for attempt in range(5):
            try:
                send()
            except Exception as e:
                retry = False
                if isinstance(e, APIStatusError):
                    if e.status_code >= 500:
                        retry = True
                    else:
                        texts = []
                        if hasattr(e, "body"):
                            texts.append(str(e.body))
                        texts.append(str(e))
                        combined = " ".join(texts).lower()
                        if any(word in combined for word in ["overload", "timeout"]):
                            retry = True
                if not retry:
                    raise
        """
    assert shown(code) == "5xx responses and errors that mention `overload` or `timeout`"
    without = code.replace("texts.append(str(e))", "texts.append(str(e.body))")
    assert shown(without) == "5xx responses and `APIStatusError`"  # the words are not its


def test_a_predicate_of_the_module_is_read_inline() -> None:
    code = """\
        def is_transient(e):
            return isinstance(e, RateLimitError) or e.status_code == 503


        for i in range(3):
            try:
                f()
            except Exception as e:
                if not is_transient(e):
                    raise
        """
    assert shown(code) == "503 responses and `RateLimitError`"


@pytest.mark.parametrize(
    ("predicate", "giveup", "expected"),
    [
        (
            "retry_if_exception_type((RateLimitError, APITimeoutError))",
            False,
            "`RateLimitError` and `APITimeoutError`",
        ),
        ("tenacity.retry_if_exception_type()", False, "every failure"),
        (
            'retry_if_exception_message(match="overloaded")',
            False,
            "errors that mention `overloaded`",
        ),
        (
            "retry_if_exception_type(RateLimitError) | retry_if_exception_type(ConnError)",
            False,
            "`RateLimitError` and `ConnError`",
        ),
        ("retry_if_result(lambda r: r is None)", False, "some return values"),
        ("lambda e: e.status_code < 500", True, "5xx responses"),
        ("lambda e: isinstance(e, BadRequestError)", True, "every failure"),
        ("should_retry", False, "the failures `should_retry` accepts"),
    ],
)
def test_library_predicates(predicate: str, giveup: bool, expected: str) -> None:
    facts = AstFacts(ast.parse("x = 1\n"))
    node = ast.parse(predicate, mode="eval").body
    assert describe(predicate_errors(node, facts, giveup=giveup)) == expected


def test_status_ranges() -> None:
    assert status_range("5xx") == (500, 599)
    assert status_range("429") == (429, 429)
    assert status_range("429-599") == (429, 599)
    assert describe((ErrorTest("status", "5xx"), ErrorTest("status", "408"))) == (
        "408 and 5xx responses"
    )
