from .client import send


def ask(query):
    answer = None
    while answer == None:  # (the same test as `is None`)
        try:
            answer = send(query).choices[0].message.content
        except Exception as error:
            print(error)
    return answer


def wait_for(queue):
    task = None
    while task is None:  # waits for work: nothing here is re-sent after a failure
        task = queue.get()
    return send(task)
