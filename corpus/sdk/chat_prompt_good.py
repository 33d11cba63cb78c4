"""Near miss of chat_prompt_bad.py: an interactive chat loop asks its user for the next
message each turn (through a function of the module, or `input()` itself); after a
failure it sends what the user types next, new work, not the failed message again."""

import anthropic

client = anthropic.Anthropic()


def ask() -> str | None:
    line = input("> ")
    return None if line == "/quit" else line


def chat() -> None:
    history: list[dict] = []
    while True:
        message = ask()
        if message is None:
            break
        try:
            reply = client.messages.create(model="m", max_tokens=512, messages=[*history, message])
            history.append({"role": "assistant", "content": reply.content[0].text})
        except anthropic.APIError as error:
            print(f"API error: {error}")


def chat_inline() -> None:
    while True:
        message = input("you: ")
        if message == "/quit":
            return
        try:
            client.messages.create(model="m", max_tokens=512, messages=[message])
        except anthropic.APIError as error:
            print(f"API error: {error}")
