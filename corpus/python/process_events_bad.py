"""A process whose status nothing reads, read a line at a time as a JSON event stream: the
events are taken apart for their text only, so a failed run (an expired key, a missing
model) ends as an empty answer. Also where the process comes from a helper that starts
it and hands it back, where it is read in chunks (an empty chunk ends the stream), and
an OpenClaw agent turn (after a global option) left running."""

import asyncio
import json
import subprocess


class Reply:
    def __init__(self, text: str) -> None:
        self.text = text


async def stream(prompt: str):
    proc = await asyncio.create_subprocess_exec(  # expect: RA203(warning)
        "gemini", "-p", prompt, "--output-format", "stream-json", stdout=asyncio.subprocess.PIPE
    )
    assert proc.stdout is not None
    stream_id = f"gemini-{id(proc)}"  # which process, not how it went
    async for raw in proc.stdout:
        line = raw.decode().strip()
        if not line:
            continue  # a blank line, not a failed run
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue
        if event.get("type") == "message" and event.get("content") is not None:
            yield Reply(text=f"[{stream_id}] {event['content']}")
    await proc.wait()


class OpenCode:
    def __init__(self, model: str) -> None:
        self.model = model

    def _spawn(self, prompt: str) -> subprocess.Popen[str]:
        argv = ["opencode", "run", "--format", "json", "--model", self.model, prompt]
        return subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)

    def complete(self, prompt: str) -> Reply:
        proc = self._spawn(prompt)  # expect: RA203(warning)
        assert proc.stdout is not None
        parts = []
        for line in iter(proc.stdout.readline, ""):
            event = json.loads(line)
            part = event.get("part") or {}
            if part.get("type") == "text":
                parts.append(part.get("text", ""))
        proc.wait()
        return Reply(text="".join(parts))


def chunks(prompt: str) -> str:
    proc = subprocess.Popen(["codex", "exec", "--json", prompt], stdout=subprocess.PIPE)  # expect: RA203(warning)
    assert proc.stdout is not None
    received = []
    while True:
        chunk = proc.stdout.read(4096)
        if not chunk:
            break  # the end of the stream, not a failed run
        received.append(chunk)
    proc.wait()
    return Reply(text=b"".join(received).decode()).text


def delegate(task: str) -> None:
    subprocess.Popen(["openclaw", "--profile", "ops", "agent", "--message", task])  # expect: RA203(warning)
