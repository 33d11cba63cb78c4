"""A corpus package, the near miss: the provider lets a failed request raise, so the
pipeline's loop goes round only on an answer that is not a label (a failure leaves the
loop), and no failed request is sent again."""
