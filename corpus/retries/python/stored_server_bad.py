"""An agent run kept on the instance (its prompt written to its input): the transport
writes to it and stops it, but nothing waits for it or reads its status, so an agent that
dies at start (expired credentials) looks like a run with nothing to say. (`codex
app-server` would be a server, no agent run of its own.)"""
import subprocess


class Transport:
    def __init__(self):
        self.process = None

    def start(self):
        self.process = subprocess.Popen(  # expect: RA203
            ["codex", "exec", "--json", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )

    def send(self, payload):
        process = self.process
        if process is None or process.stdin is None:
            raise RuntimeError("not started")
        process.stdin.write(payload)

    def stop(self):
        if self.process:
            self.process.terminate()
        self.process = None
