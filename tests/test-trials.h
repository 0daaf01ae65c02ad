/*
 * How many random trials a suite runs.  Every one of them in a plain run;
 * a fraction where DLX_TEST_TRIALS_DIVISOR says: a sixteenth under
 * valgrind's test setup (meson.build sets it), since memcheck runs each
 * trial 20 to 50 times slower and finds its faults in the code paths a
 * trial walks, which the first trials of each loop already walk (the whole
 * loops cost CI more than ten minutes under memcheck); a quarter in CI's
 * sanitizer step (.ci/run sets it), which the README step's plain run of
 * every trial precedes.  Header-only, so that any suite can use it without
 * a fixture library.
 */
#ifndef TEST_TRIALS_H
#define TEST_TRIALS_H

#include <stdlib.h>

/* n, or n divided by DLX_TEST_TRIALS_DIVISOR (rounded up, at least 1). */
static inline unsigned test_trials(unsigned n)
{
	const char *s = getenv("DLX_TEST_TRIALS_DIVISOR");
	unsigned long d = s ? strtoul(s, NULL, 10) : 1;
	if (d <= 1)
		return n;
	unsigned long t = (n + d - 1) / d;
	return t ? (unsigned)t : 1;
}

/* test_trials(n), but never under least: for loops that assert on their share of outcomes. */
static inline unsigned test_trials_min(unsigned n, unsigned least)
{
	unsigned t = test_trials(n);
	return t < least ? least : t;
}

/*
 * How large a problem a test of growth or of a wide node builds: n, or n
 * divided by the same divisor, never under least.  Such a test asserts a
 * ratio or a sum that holds at any size; memcheck only needs its paths.
 */
static inline size_t test_size(size_t n, size_t least)
{
	return test_trials_min((unsigned)n, (unsigned)least);
}

#endif
