"""The project's chat model, built once here and imported where it is used."""

from langchain_google_genai import ChatGoogleGenerativeAI

scene_model = ChatGoogleGenerativeAI(model="gemini-2.5-flash")  # expect: RA401(warning)
