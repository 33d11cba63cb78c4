"""A corpus package: a failover client calls the same method on another client."""
