/* Library internals shared with the tests; not installed. */
#ifndef DLX_INTERNAL_H
#define DLX_INTERNAL_H

#include "dlx.h"

/*
 * Knuth-style sanity check of the links: every active list is doubly linked
 * and every item's len matches its vertical list.  Returns 0, or -1 with
 * *what set to a description.  O(nodes); for tests and debugging.
 */
int dlx__check(const dlx_problem *p, const char **what);

#endif
