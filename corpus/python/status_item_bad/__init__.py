"""RA203 through a tuple: a base class's helper runs the command it is given and returns
its output and exit status together; a subclass in another module unpacks the tuple and
never reads the status item."""
