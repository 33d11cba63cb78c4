"""A corpus package: as backend_dispatch_bad, but the loops re-run what starts no agent:
a base-class helper that launches its parameter is given `git`'s argv here (another
caller gives it the agent's: each call is judged by what it passes), and a loop that
gives up on the first failure of the backend does not re-run it."""
