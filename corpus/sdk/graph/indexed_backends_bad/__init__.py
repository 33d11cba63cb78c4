"""RA401 through a loop over the indices of a table of pauses (`for i in
range(len(DELAYS))`, sleeping `DELAYS[i]` after a failure): the same request again after
each pause, whose client keeps its default retries."""
