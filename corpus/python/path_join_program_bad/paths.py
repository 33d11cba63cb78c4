from pathlib import Path

NODE_BIN = Path.home() / ".nvm" / "versions" / "node" / "v22" / "bin"
