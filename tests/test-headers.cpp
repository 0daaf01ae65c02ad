// The C test, compiled as C++.
#include "test-headers.c"
