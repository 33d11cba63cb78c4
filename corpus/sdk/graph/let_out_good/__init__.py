"""A corpus package: as let_out_bad, but the clause before the loop's own lets every
failure of the SDK out (`openai.APIError`): the loop retries only what the SDK never
sees (an invalid answer), so no failure is retried by both."""
