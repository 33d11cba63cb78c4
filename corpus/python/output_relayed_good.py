"""Near misses: runs whose status nothing reads, but whose output the code examines before
it relays it: a marker searched for, an empty answer taken as a failure, the result
parsed, the text handed to a checker that tests it."""

import asyncio
import json
import subprocess


def send(chat: int, text: str) -> None:
    print(chat, text)


def checked(text: str) -> str:
    if text.startswith("Error:"):
        raise RuntimeError(text)
    return text


def answer(chat: int, prompt: str) -> None:
    proc = subprocess.run(["claude", "-p", prompt], capture_output=True, text=True)
    reply = proc.stdout.strip()
    if "API Error" in reply:
        reply = "Claude failed, try again later."
    send(chat, f"Claude:\n{reply}")


def answer_or_nothing(chat: int, prompt: str) -> None:
    proc = subprocess.run(["gemini", "-p", prompt], capture_output=True, text=True)
    reply = proc.stdout.strip()
    if not reply:
        return  # gemini writes its errors to stderr: an empty answer is a failed run
    send(chat, reply)


def parsed(prompt: str) -> str:
    proc = subprocess.run(
        ["claude", "-p", prompt, "--output-format", "json"], capture_output=True, text=True
    )
    return json.loads(proc.stdout)["result"]


async def relayed_after_check(chat: int, prompt: str) -> None:
    proc = await asyncio.create_subprocess_exec(
        "codex", "exec", prompt, stdout=asyncio.subprocess.PIPE
    )
    out, _ = await proc.communicate()
    send(chat, checked(out.decode()))
