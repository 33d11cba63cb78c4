"""Run the command line in-process, capturing what it prints (tests' stand-in for a shell)."""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from auditor import cli


@dataclass(frozen=True)
class Result:
    """What one command printed and its exit status."""

    exit_code: int
    stdout: str
    stderr: str
    output: str  # stdout and stderr, interleaved as written
    exception: BaseException | None


class _Stream(io.TextIOWrapper):
    """A text stream that also copies what is written to a shared transcript."""

    def __init__(self, transcript: list[str]) -> None:
        super().__init__(io.BytesIO(), encoding="utf-8", write_through=True)
        self.transcript = transcript

    def write(self, text: str) -> int:
        self.transcript.append(text)
        return super().write(text)

    def value(self) -> str:
        buffer = self.buffer
        assert isinstance(buffer, io.BytesIO)
        return buffer.getvalue().decode("utf-8")


def invoke(args: Sequence[str], input: str | bytes | None = None) -> Result:
    """Run `runaudit ARGS` with `input` on standard input; never raises."""
    transcript: list[str] = []
    out, err = _Stream(transcript), _Stream(transcript)
    data = input.encode("utf-8") if isinstance(input, str) else (input or b"")
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = stdin, out, err
    exception: BaseException | None = None
    try:
        code = cli.run(list(args))
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 1
        exception = exit_
    except Exception as error:  # a traceback would have reached the user
        code, exception = 1, error
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return Result(code, out.value(), err.value(), "".join(transcript), exception)
