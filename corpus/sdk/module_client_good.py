"""Near miss: the program turns the module-level client's retries off
(`openai.max_retries = 0`, here where it starts its work) before its retry loop. (Set at
the top of any module of the tree, it would hold for every module: the setting is the
process's.)"""

import time

import openai


def review(prompt: str) -> str:
    openai.max_retries = 0
    for attempt in range(3):
        try:
            reply = openai.chat.completions.create(
                model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}]
            )
            return reply.choices[0].message.content or ""
        except openai.OpenAIError:
            if attempt == 2:
                raise
            time.sleep(2**attempt)
    return ""
