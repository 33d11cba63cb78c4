"""A corpus package: a base client's retry loop lets the SDK's rate-limit and connection
errors out (`raise`) before it retries every other failure; the SDK still retries the
rest of its own (timeouts, 408, 409, 5xx), and so does the loop."""
