"""A corpus package: the provider returns the exception it caught, and the base class's
loop goes round (`continue`) while the result is an exception, else leaves (`break`)."""
