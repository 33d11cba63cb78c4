"""Other providers' LangChain chat models retry with their own `max_retries` too
(Google's 6 unless given, Groq's 2): a retry layer of the application around them
stacks on those retries, also where it catches Google's own quota error."""

import time

from google.api_core.exceptions import ResourceExhausted
from langchain_google_genai import ChatGoogleGenerativeAI
from langchain_groq import ChatGroq
from tenacity import retry, stop_after_attempt

gemini = ChatGoogleGenerativeAI(model="gemini-2.5-flash", temperature=0)  # expect: RA401(warning)
planner = ChatGroq(model="llama-3.3-70b-versatile", max_retries=3)  # expect: RA401(warning)


def describe_scene(prompt: str) -> str:
    for attempt in range(5):
        try:
            return str(gemini.invoke(prompt).content)
        except ResourceExhausted:
            time.sleep(2**attempt)
    raise RuntimeError("quota exhausted")


@retry(stop=stop_after_attempt(3))
def plan_steps(goal: str) -> str:
    return str(planner.invoke(f"Plan: {goal}").content)
