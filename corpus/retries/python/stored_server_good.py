"""A long-running agent server started from a shell string: the process is kept on the
instance and polled when it is stopped (no RA203), unlike a run whose process is dropped."""
import subprocess


class Server:
    def start(self, port):
        command = f"opencode web --port {port}"
        self.process = subprocess.Popen(command, shell=True, stdout=subprocess.PIPE)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=5)


def fire_and_forget(task):
    subprocess.Popen(f"opencode run {task!r}", shell=True)  # expect: RA203
