"""Near misses: the output a helper returns is examined by its caller (parsed as the
JSON result, tested for the answer), or the helper is called from nowhere in this
module (its callers elsewhere may examine it)."""

import json
import subprocess


def ask(prompt: str) -> str:
    result = subprocess.run(
        ["claude", "-p", prompt, "--output-format", "json"], capture_output=True, text=True
    )
    return result.stdout.strip()


def answer(question: str) -> str:
    done = subprocess.run(["gemini", "-p", question], capture_output=True, text=True)
    return done.stdout


def library_helper(prompt: str) -> str:
    done = subprocess.run(["codex", "exec", prompt], capture_output=True, text=True)
    return done.stdout


def main() -> None:
    summary = json.loads(ask("summarise the open issues"))
    if summary.get("is_error"):
        raise SystemExit(1)
    print(summary["result"])
    if "APPROVED" not in answer("is the release ready?"):
        raise SystemExit("not approved")
