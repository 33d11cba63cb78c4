"""Near misses: the same loop, but the provider that returns its failure keeps no SDK
retries, and the one with SDK retries lets its failure raise out of the loop; a page
loop goes round on a result that asks for more, and a review loop on a verdict that asks
for rework, neither of which is a failure."""
