from .client import send


def ask(query):
    answer = None
    while answer is None:
        try:
            answer = send(query).choices[0].message.content
        except Exception as error:
            print(error)
    return answer


def wait_for(queue):
    task = None
    while task == None:  # waits for work (`== None` is `is None`): nothing is re-sent
        task = queue.get()
    return send(task)
