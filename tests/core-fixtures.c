/* Problems and checks shared by the core's Check suites: see core-fixtures.h. */
#include "core-fixtures.h"

#include <check.h>
#include <string.h>

#include "dlx-internal.h"

void assert_sane(const dlx_problem *p)
{
	const char *what;
	int r = dlx__check(p, &what);
	ck_assert_msg(r == 0, "sanity check failed: %s", what ? what : "?");
}

dlx_problem *queens(size_t n)
{
	dlx_problem *p = dlx_problem_new(2 * n, 2 * (2 * n - 1));
	ck_assert_ptr_nonnull(p);
	for (size_t r = 0; r < n; r++)
		for (size_t c = 0; c < n; c++) {
			size_t it[4] = { r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + (r + n - 1 - c) };
			ck_assert_int_ge(dlx_add_option(p, it, 4), 0);
		}
	return p;
}

dlx_problem *copies(size_t n)
{
	dlx_problem *p = dlx_problem_new(3, 1);
	ck_assert_ptr_nonnull(p);
	size_t items[3] = { 0, 1, 2 };
	for (size_t k = 0; k < n; k++)
		ck_assert_int_ge(dlx_add_option(p, items, 3), 0);
	return p;
}

int collect(void *ctx, const size_t *options, size_t n)
{
	struct collected *c = ctx;
	if (c->n_solutions < 16) {
		memcpy(c->opts[c->n_solutions], options, n * sizeof *options);
		c->len[c->n_solutions] = n;
	}
	c->n_solutions++;
	return c->stop_after && c->n_solutions >= c->stop_after;
}

static uint64_t rng_state;

void rng_seed(uint64_t state)
{
	rng_state = state;
}

uint32_t rng(void)
{
	rng_state = rng_state * 6364136223846793005u + 1442695040888963407u;
	return (uint32_t)(rng_state >> 33);
}

dlx_problem *prefix_then_branching(size_t n, size_t m)
{
	size_t q = n + m + 1;
	dlx_problem *p = dlx_problem_new(q + 2, 0);
	ck_assert_ptr_nonnull(p);
	for (size_t k = 0; k < n; k++)
		ck_assert_int_ge(dlx_add_option(p, &k, 1), 0);
	for (size_t k = n; k < n + m; k++) {
		size_t alone = k, shared[2] = { k, n + m };
		ck_assert_int_ge(dlx_add_option(p, &alone, 1), 0);
		ck_assert_int_ge(dlx_add_option(p, shared, 2), 0);
	}
	size_t a[2] = { q, q + 1 }, b[1] = { q }, c[2] = { n + m, q };
	ck_assert_int_ge(dlx_add_option(p, a, 2), 0);
	ck_assert_int_ge(dlx_add_option(p, b, 1), 0);
	ck_assert_int_ge(dlx_add_option(p, c, 2), 0);
	return p;
}
