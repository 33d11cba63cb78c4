"""An agent's app server kept on the instance: the transport writes to it and reads its
output, and stops it, but nothing waits for it or reads its status, so an agent that dies
at start (expired credentials) looks like a server with nothing to say."""
import subprocess


class Transport:
    def __init__(self):
        self.process = None

    def start(self):
        self.process = subprocess.Popen(  # expect: RA203
            ["codex", "app-server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
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
