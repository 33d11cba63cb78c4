"""RA401: litellm's request function handed to a tenacity retrier as a value: the call
that runs it sends the request, with the keywords it passes on, so litellm's own retries
(2 for an OpenAI model) run under tenacity's. The private helper's `**kwargs` hold what
its callers give, and none of them sets the retries."""
import litellm
import tenacity


def _completion_with_retries(*args, **kwargs):
    retryer = tenacity.AsyncRetrying(stop=tenacity.stop_after_attempt(3), reraise=True)
    return retryer(litellm.acompletion, *args, **kwargs)  # expect: RA401(warning)


async def draft_rows(messages: list[dict[str, str]], model: str, effort: str | None) -> str:
    options = {"model": model, "temperature": 0.2, "top_p": 0.9}
    if effort:
        options.pop("top_p")
        options["reasoning_effort"] = effort
    reply = await _completion_with_retries(messages=messages, **options)
    return reply.choices[0].message.content or ""


def summarise(text: str) -> str:
    attempts = tenacity.Retrying(stop=tenacity.stop_after_attempt(4), reraise=True)
    reply = attempts(litellm.completion, model="openai/gpt-4o-mini", messages=[{"role": "user", "content": text}])  # expect: RA401(warning)
    return reply.choices[0].message.content or ""
