from namespace_bad.clients import make_client
from namespace_bad.scoring.grader import Grader


def grade_all(key, answers):
    grader = Grader(client=make_client(key))
    return [grader.grade(answer) for answer in answers]
