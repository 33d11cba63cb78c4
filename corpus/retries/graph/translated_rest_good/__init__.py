"""A corpus package: the transport catches every failure of its SDK client, raises a
stand-in of its own for a failed request (told by `isinstance`) and re-raises the rest;
the retry loop in another module goes round only on a stand-in for a failure the SDK
does not retry (a bad request)."""
