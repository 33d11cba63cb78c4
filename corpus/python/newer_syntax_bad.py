"""Python 3.12 type syntax (`type` aliases, type parameters) read on Python 3.11 too:
the module is audited, not reported as invalid syntax."""

import subprocess

type Argv = list[str]
type Pair[K, V] = tuple[K, V]


class Runner[T]:
    def build[
        U: str
    ](self, prompt: U) -> Argv:
        return ["claude", "-p", prompt]

    def run(self, prompt: str) -> None:
        subprocess.run(self.build(prompt))  # expect: RA203(warning)
        print("done")
