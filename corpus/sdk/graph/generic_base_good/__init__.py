"""Near misses of generic_base_bad: the clients under the generic base's retry loop keep
no retries of their own, and a local name holding something other than a resource of a
client (a formatter's `create`) sends nothing."""
