"""RA401 through a module-level name that holds a function: one a picker returns at
import time (`ask = pick_backend()`) and a plain alias (`complete = complete_v1`), called
in a retry loop of another module while the client keeps its default retries."""
