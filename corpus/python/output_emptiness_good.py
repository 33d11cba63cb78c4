"""Near misses: an empty answer is a failed run for an agent that writes its errors to
stderr (codex, gemini), and claude's answer is searched for its error line."""

import subprocess


def titled(prompt: str) -> str:
    proc = subprocess.run(["codex", "exec", f"Title for: {prompt}"], capture_output=True, text=True)
    title = proc.stdout.strip()
    if not title:
        raise RuntimeError(proc.stderr)
    return title


def summary(transcript: str) -> str:
    proc = subprocess.run(["claude", "-p", f"Summarise: {transcript}"], capture_output=True, text=True)
    text = proc.stdout.strip()
    if not text or text.startswith(("API Error", "Invalid API key")):
        raise RuntimeError(text or proc.stderr)
    return text
