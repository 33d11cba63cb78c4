"""A corpus package: the agent runs in a function handed to a thread
(`asyncio.to_thread(_run)`), inside an override of an abstract client; an attempt
loop goes round when the run raises, and a verdict on its output decides whether a
run that did not raise is done."""
