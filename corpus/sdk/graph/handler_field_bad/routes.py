from .handlers import Handler
from .service import complete


def make_routes(handler: Handler):
    client = handler.client

    def answer(question: str) -> str:
        reply = complete([{"role": "user", "content": question}], handler.model, client=client)
        return reply.choices[0].message.content or ""

    return {"answer": answer}
