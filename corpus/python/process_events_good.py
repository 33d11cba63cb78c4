"""Near misses: a JSON event stream read a line at a time, whose error events the code
raises on (or whose result event's flag it reads, or a marker in its result, or a state
that says the run failed); lines gathered and searched for a failure; a stream read
whole and tested; a helper's process whose status the caller reads; a subcommand that
runs no agent (`openclaw gateway`)."""

import json
import subprocess


class Reply:
    def __init__(self, text: str) -> None:
        self.text = text


def stream(prompt: str):
    proc = subprocess.Popen(["codex", "exec", "--json", prompt], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        event = json.loads(line)
        if event.get("type") == "error":
            raise RuntimeError(event.get("message", "codex failed"))
        yield Reply(text=event.get("text", ""))
    proc.wait()


def final(prompt: str) -> Reply:
    argv = ["claude", "-p", prompt, "--output-format", "stream-json", "--verbose"]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    answer = ""
    for line in proc.stdout:
        event = json.loads(line)
        if event.get("type") == "result":
            if event.get("is_error"):
                raise RuntimeError(event.get("result"))
            answer = event.get("result", "")
    proc.wait()
    return Reply(text=answer)


def gathered(prompt: str) -> str:
    proc = subprocess.Popen(["aider", "--message", prompt], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    lines = []
    for line in proc.stdout:
        lines.append(line)
    proc.wait()
    text = "".join(lines)
    if "Error:" in text:
        raise RuntimeError(text)
    return Reply(text=text).text


def searched(prompt: str) -> None:
    result = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    for line in result.stdout.splitlines():
        if line.startswith("API Error"):
            raise RuntimeError(line)
    print(result.stdout)


class OpenCode:
    def _spawn(self, prompt: str) -> subprocess.Popen[str]:
        return subprocess.Popen(["opencode", "run", prompt], stdout=subprocess.PIPE, text=True)

    def complete(self, prompt: str) -> Reply:
        proc = self._spawn(prompt)
        assert proc.stdout is not None
        text = proc.stdout.read()
        if proc.wait() != 0:
            raise RuntimeError(text)
        return Reply(text=text)


def marker(prompt: str) -> bool:
    argv = ["claude", "-p", prompt, "--output-format", "stream-json", "--verbose"]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    done = False
    for line in proc.stdout:
        event = json.loads(line)
        if not isinstance(event, dict):
            continue
        if "<promise>COMPLETE</promise>" in event.get("result", ""):
            done = True
    proc.wait()
    return done


def statuses(prompt: str, log: list[str]) -> None:
    proc = subprocess.Popen(["opencode", "run", "--format", "json", prompt], stdout=subprocess.PIPE)
    assert proc.stdout is not None
    log.append(f"started {id(proc)}")
    for line in proc.stdout.readlines():
        event = json.loads(line)
        if event.get("part", {}).get("state") in ("failed", "cancelled"):
            raise RuntimeError(line)
    proc.wait()


def whole(prompt: str) -> str:
    proc = subprocess.Popen(["codex", "exec", prompt], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    answer = proc.stdout.read()
    proc.wait()
    if not answer:
        raise RuntimeError("codex answered nothing")
    return answer


def gateway() -> None:
    subprocess.Popen(["openclaw", "gateway", "--port", "18789"])  # a server, no agent run


def collect(prompt: str, sink: list[str]) -> None:
    # lines handed to the caller's list: read where the caller reads it, so examined
    proc = subprocess.Popen(["gemini", "-p", prompt], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        sink.append(line)
    proc.wait()
