def _sdk():
    import litellm

    return litellm


async def call(model: str, prompt: str, tries: int = 2) -> str:
    reply = await _sdk().acompletion(
        model=model,
        messages=[{"role": "user", "content": prompt}],
        num_retries=tries,
    )
    return reply.choices[0].message.content or ""
