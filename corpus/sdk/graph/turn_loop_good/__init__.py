"""Near miss: the backend turns a failed request into a step with an error, and the agent's
loop tests each step, but every round adds the step's tool results to the conversation it
sends next: a turn loop's next turn, not the failed request sent again."""
