from kept_sdk_app.injected import InjectedModel
from kept_sdk_app.model import ClaudeModel
from kept_sdk_app.persistence import PatientRun


async def ask(model: ClaudeModel, patience: PatientRun, question: str) -> str:
    """Ask the model through the persistence helper, which retries what fails."""
    messages = [{"role": "user", "content": question}]
    return await patience.call(lambda: model.complete(messages))


async def ask_injected(model: InjectedModel, patience: PatientRun, question: str) -> str:
    """The injected model, through the same persistence helper."""
    return await patience.call(lambda: model.complete([{"role": "user", "content": question}]))
