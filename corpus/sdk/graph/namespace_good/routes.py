from namespace_good.clients import make_client
from namespace_good.scoring.judge import Grader


def grade_all(key, answers):
    grader = Grader(client=make_client(key))
    return [grader.grade(answer) for answer in answers]
