"""A gateway over providers typed by a protocol, which raise its errors for the SDK's."""
