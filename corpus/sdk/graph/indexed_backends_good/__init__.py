"""Near miss: a loop over the indices of a list of backends (`for i in range(start,
len(self._backends))`, each turn `self._backends[i]`): another backend after a failure,
never the same client's request again, so no retry is stacked on a client's own."""
