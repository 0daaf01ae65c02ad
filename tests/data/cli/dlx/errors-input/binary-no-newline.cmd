/dev/zero
