@DATA@/no-such-file.txt
