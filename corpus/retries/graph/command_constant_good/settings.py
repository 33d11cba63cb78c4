import os

FORMAT_CMD = os.environ.get("FORMAT_CMD", "npx -y prettier@latest --write")
VERSION_CMD = "claude --version"
TIMEOUT = 900
