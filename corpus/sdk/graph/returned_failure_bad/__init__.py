"""A corpus package: the provider module turns every failed request into a result with
`ok` false, and the pipeline module's loop goes round on that result: each failed
request is sent again, each time with the SDK's own retries."""
