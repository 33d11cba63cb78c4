from .providers.groq_provider import GroqProvider
from .providers.openai_provider import OpenAIProvider

PROVIDERS = {"openai": OpenAIProvider, "groq": GroqProvider}
