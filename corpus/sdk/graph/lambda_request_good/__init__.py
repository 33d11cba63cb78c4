"""Near miss of `lambda_request_bad`: the clients under the helper's loop have the SDK's
retries off, and a lambda given to a helper that only times the call is sent once."""
