import subprocess


def run_codex(executable, args, prompt):
    process = subprocess.run([executable, *args, "-"], input=prompt, text=True, capture_output=True)
    return process.returncode, process.stdout
