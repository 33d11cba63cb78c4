async def call_held(model: str, prompt: str) -> str:
    lite = _sdk()  # (the helper is defined below: its import is read after the walk)
    reply = await lite.acompletion(  # expect: RA401(warning)
        model=model, messages=[{"role": "user", "content": prompt}], num_retries=3
    )
    return reply.choices[0].message.content or ""


def _sdk():
    import litellm

    return litellm
