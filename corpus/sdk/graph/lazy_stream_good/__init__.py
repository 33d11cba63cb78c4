"""Near miss of lazy_stream_bad: the generator is made inside the retry's `try` but first
advanced after it, so no request runs under the retry (making a generator sends nothing)."""
