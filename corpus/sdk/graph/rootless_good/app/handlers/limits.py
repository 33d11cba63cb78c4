# The pacing decorator owns recovery: the SDK's own retries stay off.
SDK_MAX_RETRIES = 0
