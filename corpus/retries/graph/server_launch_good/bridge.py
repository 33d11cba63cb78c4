"""Near miss: the loop starts the server again after a failed start; `opencode serve`
starts no agent session, so no tool call is repeated."""

from server import OpenCodeServer


async def ensure_server(server: OpenCodeServer) -> bool:
    for attempt in range(3):
        try:
            if await server.start():
                return True
        except OSError as error:
            print(f"start {attempt} failed: {error}")
    return False
