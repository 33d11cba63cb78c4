"""Near miss of reraised_result_bad: the same adapter returns the SDK's failure in a
result object, but the engine's step gives it back as an empty answer instead of
raising, so the step retry (on exceptions) never re-sends that request."""
