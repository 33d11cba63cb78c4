"""Near misses: Google's and Groq's LangChain chat models with their own retries turned
off under the application's layer (Google's counts attempts: 1 is one try), and one
with its retries on and no layer above it."""

import time

from google.api_core.exceptions import ResourceExhausted
from langchain_google_genai import ChatGoogleGenerativeAI
from langchain_groq import ChatGroq
from tenacity import retry, stop_after_attempt

narrator = ChatGoogleGenerativeAI(model="gemini-2.5-flash", max_retries=1)
outliner = ChatGroq(model="llama-3.3-70b-versatile", max_retries=0)
captioner = ChatGoogleGenerativeAI(model="gemini-2.5-flash")


def narrate_scene(prompt: str) -> str:
    for attempt in range(5):
        try:
            return str(narrator.invoke(prompt).content)
        except ResourceExhausted:
            time.sleep(2**attempt)
    raise RuntimeError("quota exhausted")


@retry(stop=stop_after_attempt(3))
def outline_steps(goal: str) -> str:
    return str(outliner.invoke(f"Outline: {goal}").content)


def caption(image_text: str) -> str:
    return str(captioner.invoke(f"Caption: {image_text}").content)
