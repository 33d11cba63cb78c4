"""A corpus package: inside a `Retrying` loop, a loop over something that is no retrying
object (`os.listdir`) keeps the retry layer around it."""
