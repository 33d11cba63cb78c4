"""A corpus package: a streaming retry helper calls the function it is given to make a
generator, outside its `try`, and advances it inside (`await agen.__anext__()`): the
request the generator sends runs where it is advanced, under the retry."""
