"""Near miss: the star-imported helper launches nothing, and a builtin stays a builtin."""

import json


def read_notes(path):
    with open(path) as handle:
        return json.load(handle)
