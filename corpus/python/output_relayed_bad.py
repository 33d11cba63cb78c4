"""Agent runs whose status nothing reads and whose output is only carried on: relayed to
a chat, kept in a record, cut short and formatted. None of it tells a failed run from a
good one, so the failure's text is delivered as the answer."""

import asyncio
import json
import subprocess
import urllib.request
from dataclasses import dataclass


@dataclass
class Note:
    content: str
    source: str


def esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;")


def post(token: str, method: str, payload: dict) -> None:
    data = json.dumps(payload).encode() if payload else None
    request = urllib.request.Request(f"https://chat.example/{token}/{method}", data=data)
    urllib.request.urlopen(request, timeout=30).close()


def answer(token: str, chat: int, prompt: str) -> None:
    try:
        proc = subprocess.run(  # expect: RA203(warning)
            ["claude", "-p", prompt, "--output-format", "text"],
            capture_output=True,
            text=True,
            timeout=300,
        )
        reply = (proc.stdout or proc.stderr or "(no reply)").strip()
        if len(reply) > 3800:
            reply = reply[:3800] + "…"
        message = f"Claude:\n{esc(reply)}"
    except subprocess.TimeoutExpired:
        message = "timed out"
    post(token, "sendMessage", {"chat_id": chat, "text": message})


async def remember(prompt: str, store: list[Note]) -> Note:
    proc = await asyncio.create_subprocess_exec(  # expect: RA203(warning)
        "codex",
        "exec",
        prompt,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, _ = await asyncio.wait_for(proc.communicate(), timeout=120)
    note = Note(content=out.decode().strip(), source="codex")
    store.append(note)
    return note
