"""Near miss of timeout_status_bad: the loop goes round only after a run succeeded (the
next batch), and stops on any failure, a killed run's `-1` too."""
