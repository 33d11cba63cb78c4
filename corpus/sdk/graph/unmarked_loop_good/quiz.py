from .assistant import Assistant


def ask(question: str, endpoint: str) -> str:
    assistant = Assistant(endpoint)
    for _ in range(3):
        try:
            answer = assistant.answer(question)
        except Exception as error:
            print(error)
        else:
            break
    else:
        answer = ""
    return answer
