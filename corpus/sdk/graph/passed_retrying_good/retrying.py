import threading

LOCK = threading.Lock()


def make_schedule() -> list[float]:
    return [0.0, 1.0, 2.0]


def call_paced(schedule, func, *args):
    results = []
    for delay in schedule:
        with LOCK:
            results.append(func(*args))
    return results
