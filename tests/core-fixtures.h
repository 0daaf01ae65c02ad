/*
 * Problems and checks shared by the core's Check suites (test-core.c,
 * test-split.c, test-alloc.c).  Every function fails the running test through Check's
 * ck_assert when something is wrong, so a caller need not test results.
 */
#ifndef CORE_FIXTURES_H
#define CORE_FIXTURES_H

#include <stddef.h>
#include <stdint.h>

#include "dlx.h"

/* Fails the test unless dlx__check() finds p's links sane. */
void assert_sane(const dlx_problem *p);

/*
 * n-queens with rows and columns primary, diagonals secondary: 2n primary
 * items, 2(2n - 1) secondary ones, n^2 options.  The caller frees it.
 */
dlx_problem *queens(size_t n);

/*
 * n options that each cover the problem's three primary items (it has a
 * secondary one too): n solutions, all children of the root, whose item
 * has n options; 4n + 6 nodes.  The caller frees it.
 */
dlx_problem *copies(size_t n);

/*
 * A chain of n items with one option each (a covered prefix, once chosen,
 * longer than the 128 items past which the low bytes' scan moves its
 * start when n > 128), then m items with two options each, the second
 * shared with one item that only one of them may take, and an item that
 * a cover empties (q + 1 comes only with q): m solutions, a tree that
 * branches below the prefix.  The caller frees it.
 */
dlx_problem *prefix_then_branching(size_t n, size_t m);

/* The solutions an on_solution callback saw: the first 16 kept. */
struct collected {
	size_t n_solutions;
	size_t opts[16][16];
	size_t len[16];
	size_t stop_after; /* 0: never stop */
};

/* An on_solution callback: ctx is a struct collected; stops after stop_after solutions. */
int collect(void *ctx, const size_t *options, size_t n);

/* A small deterministic generator so failures reproduce: rng_seed() sets its state. */
void rng_seed(uint64_t state);
uint32_t rng(void);

#endif
