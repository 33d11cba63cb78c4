"""The same helper, but one caller (in another module) asks for three attempts: the loop
re-sends what the client already retried, up to nine sends."""
