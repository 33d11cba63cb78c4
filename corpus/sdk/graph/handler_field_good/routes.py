from .handlers import Settings
from .service import complete


def make_routes(settings: Settings):
    client = settings.client

    def answer(question: str) -> str:
        reply = complete([{"role": "user", "content": question}], settings.model, client=client)
        return reply.choices[0].message.content or ""

    return {"answer": answer}
