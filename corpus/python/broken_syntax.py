"""A runner module that does not parse: reported, and the run goes on."""

import subprocess


def run(prompt):
    subprocess.run(f"gptme {prompt} | tee log", shell=True, check=True  # expect: RA900
    return 0
