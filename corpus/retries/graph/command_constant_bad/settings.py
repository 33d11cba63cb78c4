import os

AGENT_CMD = os.environ.get("AGENT_CMD", "npx -y @openai/codex@latest exec --full-auto")
REVIEW_CMD = "claude -p --output-format json"
TIMEOUT = 900
