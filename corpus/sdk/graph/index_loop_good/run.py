from .llm import client


def summarize(items):
    out = []
    i = 0
    while i < len(items):
        try:
            out.append(client.chat.completions.create(model="x", messages=[items[i]]))
            i = i + 1
        except Exception as error:
            print("skipped", error)
            i = i + 1
    return out
