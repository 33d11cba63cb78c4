"""A corpus package: the transport catches every failure of its SDK client, raises a
stand-in of its own for a rate limit (told by `isinstance`) and re-raises the rest; the
retry loop in another module goes round on the stand-in, which the SDK retried already."""
