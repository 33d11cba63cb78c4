"""Near miss: the attempt tests an item of the run's result that is no exit status (the
count of lines it printed, past a starred name), so its verdict is on the output."""

import subprocess


class SweepService:
    def run_sweep(self, prompt: str) -> tuple[str, int, int]:
        args = ["claude", "--dangerously-skip-permissions", "--print", prompt]
        process = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
        out, _ = process.communicate()
        return out, process.wait(), len(out.splitlines())


class TodoSweeper:
    def attempt_sweep(self, todo: str) -> tuple[bool, str | None]:
        service = SweepService()
        *_, remaining = service.run_sweep(f"Resolve the TODO {todo}; list what is left")
        if remaining == 0:
            return True, None
        return False, f"{remaining} items left"

    def sweep_all(self, todos: list[str]) -> None:
        for todo in todos:
            for attempt in range(3):
                swept, left = self.attempt_sweep(todo)
                if swept:
                    break
                print(f"attempt {attempt}: {left}")
