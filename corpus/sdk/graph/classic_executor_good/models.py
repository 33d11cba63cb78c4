"""The project's chat model, with its own retries off: the application's retry owns
recovery."""

from langchain_google_genai import ChatGoogleGenerativeAI

caption_model = ChatGoogleGenerativeAI(model="gemini-2.5-flash", max_retries=0)
