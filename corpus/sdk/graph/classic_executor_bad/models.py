"""The project's chat model: a module that only builds the client it exports."""

from langchain_google_genai import ChatGoogleGenerativeAI

scene_model = ChatGoogleGenerativeAI(model="gemini-2.5-flash")  # expect: RA401(warning)
