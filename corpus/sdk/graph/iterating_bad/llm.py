from openai import OpenAI

client = OpenAI()  # expect: RA401(warning)
