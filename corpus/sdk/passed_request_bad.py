"""RA401: a request method handed to a tenacity `Retrying` object, which calls it with the
arguments after it: every attempt is a send of the client's own, retries and all."""
from openai import OpenAI
from tenacity import AsyncRetrying, Retrying, stop_after_attempt

client = OpenAI(timeout=30)  # expect: RA401(warning)


def summarise(text: str) -> str:
    retryer = Retrying(stop=stop_after_attempt(3), reraise=True)
    reply = retryer(
        client.chat.completions.create,
        model="gpt-5-nano",
        messages=[{"role": "user", "content": f"Summarise: {text}"}],
    )
    return reply.choices[0].message.content or ""


async def title(text: str) -> str:
    from openai import AsyncOpenAI

    async_client = AsyncOpenAI()  # expect: RA401(warning)
    reply = await AsyncRetrying(stop=stop_after_attempt(4))(
        async_client.responses.create, model="gpt-5-nano", input=f"Title: {text}"
    )
    return reply.output_text
