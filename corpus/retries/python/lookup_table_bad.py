"""A module with a long status lookup (a chain of returns too long to keep as a
predicate) beside a loop that re-runs the agent: the lookup leaves the module's facts
whole."""

import subprocess


def describe(code: int) -> str:
    if code == 0:
        return "status 0"
    if code == 1:
        return "status 1"
    if code == 2:
        return "status 2"
    if code == 3:
        return "status 3"
    if code == 4:
        return "status 4"
    if code == 5:
        return "status 5"
    if code == 6:
        return "status 6"
    if code == 7:
        return "status 7"
    if code == 8:
        return "status 8"
    if code == 9:
        return "status 9"
    if code == 10:
        return "status 10"
    if code == 11:
        return "status 11"
    if code == 12:
        return "status 12"
    if code == 13:
        return "status 13"
    if code == 14:
        return "status 14"
    if code == 15:
        return "status 15"
    if code == 16:
        return "status 16"
    if code == 17:
        return "status 17"
    if code == 18:
        return "status 18"
    if code == 19:
        return "status 19"
    if code == 20:
        return "status 20"
    if code == 21:
        return "status 21"
    if code == 22:
        return "status 22"
    if code == 23:
        return "status 23"
    if code == 24:
        return "status 24"
    if code == 25:
        return "status 25"
    if code == 26:
        return "status 26"
    if code == 27:
        return "status 27"
    if code == 28:
        return "status 28"
    if code == 29:
        return "status 29"
    if code == 30:
        return "status 30"
    if code == 31:
        return "status 31"
    if code == 32:
        return "status 32"
    if code == 33:
        return "status 33"
    if code == 34:
        return "status 34"
    if code == 35:
        return "status 35"
    if code == 36:
        return "status 36"
    if code == 37:
        return "status 37"
    if code == 38:
        return "status 38"
    if code == 39:
        return "status 39"
    if code == 40:
        return "status 40"
    if code == 41:
        return "status 41"
    if code == 42:
        return "status 42"
    if code == 43:
        return "status 43"
    if code == 44:
        return "status 44"
    if code == 45:
        return "status 45"
    if code == 46:
        return "status 46"
    if code == 47:
        return "status 47"
    if code == 48:
        return "status 48"
    if code == 49:
        return "status 49"
    if code == 50:
        return "status 50"
    if code == 51:
        return "status 51"
    if code == 52:
        return "status 52"
    if code == 53:
        return "status 53"
    if code == 54:
        return "status 54"
    if code == 55:
        return "status 55"
    if code == 56:
        return "status 56"
    if code == 57:
        return "status 57"
    if code == 58:
        return "status 58"
    if code == 59:
        return "status 59"
    if code == 60:
        return "status 60"
    if code == 61:
        return "status 61"
    if code == 62:
        return "status 62"
    if code == 63:
        return "status 63"
    if code == 64:
        return "status 64"
    if code == 65:
        return "status 65"
    if code == 66:
        return "status 66"
    if code == 67:
        return "status 67"
    if code == 68:
        return "status 68"
    if code == 69:
        return "status 69"
    if code == 70:
        return "status 70"
    if code == 71:
        return "status 71"
    if code == 72:
        return "status 72"
    if code == 73:
        return "status 73"
    if code == 74:
        return "status 74"
    if code == 75:
        return "status 75"
    if code == 76:
        return "status 76"
    if code == 77:
        return "status 77"
    if code == 78:
        return "status 78"
    if code == 79:
        return "status 79"
    if code == 80:
        return "status 80"
    if code == 81:
        return "status 81"
    if code == 82:
        return "status 82"
    if code == 83:
        return "status 83"
    if code == 84:
        return "status 84"
    if code == 85:
        return "status 85"
    if code == 86:
        return "status 86"
    if code == 87:
        return "status 87"
    if code == 88:
        return "status 88"
    if code == 89:
        return "status 89"
    if code == 90:
        return "status 90"
    if code == 91:
        return "status 91"
    if code == 92:
        return "status 92"
    if code == 93:
        return "status 93"
    if code == 94:
        return "status 94"
    if code == 95:
        return "status 95"
    if code == 96:
        return "status 96"
    if code == 97:
        return "status 97"
    if code == 98:
        return "status 98"
    if code == 99:
        return "status 99"
    if code == 100:
        return "status 100"
    if code == 101:
        return "status 101"
    if code == 102:
        return "status 102"
    if code == 103:
        return "status 103"
    if code == 104:
        return "status 104"
    if code == 105:
        return "status 105"
    if code == 106:
        return "status 106"
    if code == 107:
        return "status 107"
    if code == 108:
        return "status 108"
    if code == 109:
        return "status 109"
    if code == 110:
        return "status 110"
    if code == 111:
        return "status 111"
    if code == 112:
        return "status 112"
    if code == 113:
        return "status 113"
    if code == 114:
        return "status 114"
    if code == 115:
        return "status 115"
    if code == 116:
        return "status 116"
    if code == 117:
        return "status 117"
    if code == 118:
        return "status 118"
    if code == 119:
        return "status 119"
    return "unknown"


def run_agent(task: str) -> int:
    return subprocess.run(["claude", "-p", task]).returncode


def main(task: str) -> None:
    for attempt in range(3):  # expect: RA301(error)
        if run_agent(task) == 0:
            break
        print(describe(attempt))
