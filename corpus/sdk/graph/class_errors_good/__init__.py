"""Near miss of class_errors_bad: the chat client under the loop that catches the SDK's
own errors keeps no retries of its own."""
