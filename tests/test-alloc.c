/*
 * Check suite "alloc": every allocation the library makes can fail, and
 * each failure must come back as DLX_ERR_NOMEM (or NULL) with the problem
 * left as it was: no crash, no leak (the sanitizer and valgrind runs see
 * leaks), no corrupted links.
 *
 * The test is linked with -Wl,--wrap=malloc,calloc,realloc, so the static
 * library's calls go to the wrappers below.  A scenario runs once for every
 * k = 1, 2, ... with the k-th allocation failing, until a run makes fewer
 * than k allocations: then every allocation site on the scenario's path has
 * failed once.
 *
 * Check's own assertions allocate (in no-fork mode they record where they
 * were), so while a failure is armed the scenarios only note what went
 * wrong, with EXPECT; the test asserts once the wrappers are disarmed.
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core-fixtures.h"
#include "dlx-ec.h"
#include "dlx-internal.h"
#include "dlx.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);

/* Which allocation fails (0: none), and how many were made. */
static unsigned long fail_at, allocs;
static bool failed;
/* The bytes asked for, reallocations at their new size: atomic, as split searches allocate in threads. */
static _Atomic size_t bytes;

static bool should_fail(void)
{
	if (++allocs == fail_at) {
		failed = true;
		return true;
	}
	return false;
}

void *__wrap_malloc(size_t n)
{
	bytes += n;
	return should_fail() ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
	bytes += n * size;
	return should_fail() ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
	bytes += n;
	return should_fail() ? NULL : __real_realloc(p, n);
}

static void arm(unsigned long k)
{
	fail_at = k;
	allocs = 0;
	failed = false;
}

/* The first thing that went wrong in an armed run; snprintf into it allocates nothing. */
static char problem[256];

#define EXPECT(cond, ...)                                                                     \
	do {                                                                                  \
		if (!(cond) && !problem[0]) {                                                 \
			int n_ = snprintf(problem, sizeof problem, "fail_at %lu, line %d: ", fail_at, __LINE__); \
			snprintf(problem + n_, sizeof problem - (size_t)n_, __VA_ARGS__);     \
		}                                                                             \
	} while (0)

static void expect_sane(const dlx_problem *p)
{
	const char *what;
	EXPECT(dlx__check(p, &what) == 0, "links: %s", what ? what : "?");
}

/* 6 queens with colored diagonals' twin: enough to use every growth path. */
static dlx_problem *build(bool colors, bool *ok)
{
	*ok = false;
	size_t n = 6, nd = 2 * n - 1;
	dlx_problem *p = dlx_problem_new(2 * n, 2 * nd);
	if (!p)
		return NULL;
	for (size_t r = 0; r < n; r++) {
		for (size_t c = 0; c < n; c++) {
			size_t items[4] = { r, n + c, 2 * n + r + c, 2 * n + nd + (r + n - 1 - c) };
			uint32_t col[4] = { 0, 0, colors ? 1 + (uint32_t)(r % 2) : 0, 0 };
			size_t before = dlx_option_count(p);
			long id = dlx_add_option_colored(p, items, colors ? col : NULL, 4);
			if (id < 0) {
				EXPECT(id == DLX_ERR_NOMEM, "add gave %ld", id);
				EXPECT(dlx_option_count(p) == before, "a failed add changed the options");
				expect_sane(p);
				return p;
			}
		}
	}
	*ok = true;
	return p;
}

/* Whether core_scenario()'s problem propagates: its searches then allocate propagation's arrays too. */
static bool propagating;

/* Runs the core's whole life once; returns the solutions counted by the search that got furthest. */
static void core_scenario(bool colors)
{
	bool ok;
	dlx_problem *p = build(colors, &ok);
	if (!p) {
		EXPECT(failed, "dlx_problem_new failed on its own");
		return;
	}
	if (!ok) {
		dlx_problem_free(p);
		return;
	}
	if (propagating)
		EXPECT(dlx_set_propagation(p, DLX_PROPAGATE_SUBSUME) == DLX_OK, "propagation refused");
	/* A pull search first: its iterator, and the stack its first step allocates. */
	dlx_iter *it;
	int rc = dlx_iter_new(p, NULL, &it);
	EXPECT(rc == DLX_OK || rc == DLX_ERR_NOMEM, "iter_new gave %d", rc);
	int pulled = rc;
	uint64_t n_pulled = 0;
	if (rc == DLX_OK) {
		while ((pulled = dlx_iter_next(it, NULL, NULL)) == 1)
			n_pulled++;
		EXPECT(pulled == DLX_OK || pulled == DLX_ERR_NOMEM, "iter_next gave %d", pulled);
		EXPECT(pulled != DLX_ERR_NOMEM || n_pulled == 0, "out of memory after %llu solutions",
		       (unsigned long long)n_pulled);
		dlx_iter_free(it);
	}
	expect_sane(p);
	dlx_stats st;
	rc = dlx_search(p, NULL, &st);
	EXPECT(rc || pulled || n_pulled == st.solutions, "%llu solutions pulled, %llu searched",
	       (unsigned long long)n_pulled, (unsigned long long)st.solutions);
	EXPECT(rc == DLX_OK || rc == DLX_ERR_NOMEM, "search gave %d", rc);
	EXPECT(rc != DLX_OK || st.solutions > 0, "no solution found");
	EXPECT(rc == DLX_OK || st.stop == DLX_STOP_ERROR, "stop reason %d after an error", (int)st.stop);
	expect_sane(p);

	/* Force and release twice: the second release may restore a snapshot. */
	for (int round = 0; round < 2; round++) {
		rc = dlx_force_option(p, 1);
		EXPECT(rc == DLX_OK || rc == DLX_ERR_NOMEM, "force gave %d", rc);
		EXPECT(dlx_forced_count(p) == (rc == DLX_OK ? 1u : 0u), "%zu forced", dlx_forced_count(p));
		rc = dlx_force_option(p, 1 * 6 + 3); /* r1c3: no clash with r0c1 */
		EXPECT(rc == DLX_OK || rc == DLX_ERR_NOMEM, "second force gave %d", rc);
		dlx_release_forced(p);
		EXPECT(dlx_forced_count(p) == 0, "%zu forced after release", dlx_forced_count(p));
		expect_sane(p);
	}

	dlx_problem *c = dlx_problem_clone(p);
	if (c) {
		expect_sane(c);
		dlx_problem_free(c);
	}

	dlx_split_params split = { 2, 0, 0 };
	rc = dlx_search_split(p, NULL, &split, &st);
	EXPECT(rc == DLX_OK || rc == DLX_ERR_NOMEM, "split gave %d", rc);
	expect_sane(p);
	EXPECT(dlx_forced_count(p) == 0, "the split left options forced");
	dlx_split_params part = { 1, 2, 3 };
	rc = dlx_search_split(p, NULL, &part, &st);
	EXPECT(rc == DLX_OK || rc == DLX_ERR_NOMEM, "part gave %d", rc);
	expect_sane(p);
	dlx_problem_free(p);
}

static void run_until_complete(void (*scenario)(bool), bool arg)
{
	unsigned long k;
	for (k = 1;; k++) {
		problem[0] = '\0';
		arm(k);
		scenario(arg);
		bool injected = failed;
		arm(0);
		ck_assert_msg(!problem[0], "%s", problem);
		if (!injected)
			break;
	}
	/* Guards the test itself: a scenario that allocated nothing would prove nothing. */
	ck_assert_uint_gt(k, 10);
}

/*
 * The bytes a split search of the first of two parts of p with these
 * threads allocates: a part's cut does not depend on the threads.
 */
static size_t split_bytes(dlx_problem *p, unsigned threads)
{
	dlx_split_params split = { threads, 1, 2 };
	bytes = 0;
	ck_assert_int_eq(dlx_search_split(p, NULL, &split, NULL), DLX_OK);
	return bytes;
}

/*
 * Each thread searches a copy of the problem: with 64 threads a 28 MB
 * problem took 838 MB.  The copies now share what never changes (the
 * nodes' items, the options' starts) and hold only what they use, 8 bytes
 * a node for the links; and there are never more of them than jobs.
 */
START_TEST(split_copies_are_small)
{
	size_t n = 20000, nodes = 4 * n + 6;
	dlx_problem *p = copies(n);
	size_t two = split_bytes(p, 2), eight = split_bytes(p, 8);
	size_t per_thread = (eight - two) / 6;
	/*
	 * 8 bytes a node and a few small blocks (the worker's stacks grow with
	 * the depth its jobs reach): the slack was 1024 bytes, which the blocks
	 * passed by 5 to 19 bytes now and then (an ASan build in CI).  A full
	 * copy would be 12 more bytes a node, 960,000 here: the bound still
	 * tells the two apart.
	 */
	ck_assert_msg(per_thread <= 8 * nodes + 4096, "%zu bytes per thread for %zu nodes", per_thread, nodes);
	dlx_problem_free(p);
	/*
	 * One job (item 0 has one option, which solves the problem) but many
	 * nodes: one copy, whatever the threads.
	 */
	p = dlx_problem_new(2, 1);
	size_t both[2] = { 0, 1 }, other[2] = { 1, 2 };
	ck_assert_int_ge(dlx_add_option(p, both, 2), 0);
	for (size_t k = 0; k < n; k++)
		ck_assert_int_ge(dlx_add_option(p, other, 2), 0);
	nodes = 3 * (n + 1) + 5;
	two = split_bytes(p, 2), eight = split_bytes(p, 64);
	ck_assert_msg(eight < two + 8 * nodes, "%zu bytes with 64 threads, %zu with 2", eight, two);
	dlx_problem_free(p);
}
END_TEST

/* The bytes dlx_zdd_from_nodes() asks for to check the diagram of a 1 x cells domino strip (one tiling). */
static size_t strip_check_bytes(size_t cells, size_t *nodes)
{
	dlx_problem *p = dlx_problem_new(cells, 0);
	ck_assert_ptr_nonnull(p);
	for (size_t k = 0; k + 1 < cells; k++) {
		size_t items[2] = { k, k + 1 };
		ck_assert_int_ge(dlx_add_option(p, items, 2), 0);
	}
	dlx_zdd *z;
	ck_assert_int_eq(dlx_zdd_build(p, NULL, NULL, &z, NULL), DLX_OK);
	size_t n = dlx_zdd_size(z), root = dlx_zdd_root(z);
	size_t *opt = malloc(n * sizeof *opt), *lo = malloc(n * sizeof *lo), *hi = malloc(n * sizeof *hi);
	ck_assert(opt && lo && hi);
	for (size_t k = 0; k < n; k++)
		ck_assert_int_eq(dlx_zdd_node(z, k + 2, &opt[k], &lo[k], &hi[k]), DLX_OK);
	dlx_zdd_free(z);
	bytes = 0;
	ck_assert_int_eq(dlx_zdd_from_nodes(p, n, opt, lo, hi, root, &z, NULL), DLX_OK);
	size_t asked = bytes;
	char *count = dlx_zdd_count(z);
	ck_assert_str_eq(count, "1");
	free(count);
	dlx_zdd_free(z);
	free(opt), free(lo), free(hi);
	dlx_problem_free(p);
	*nodes = n;
	return asked;
}

/*
 * Checking a diagram read back kept a bit per primary item for every node:
 * the diagram of a 1 x 200,000 strip took 4.9 GB to check, where the build
 * made it in a few MB.  Now linear in the nodes: a few hundred bytes a node
 * (the tries' ids and tables), where the bit sets would take 2 x 8 x 250
 * words = 4,000 bytes a node at 16,000 cells, and four times the strip
 * four times the bytes, not sixteen.
 */
START_TEST(zdd_check_memory_is_linear)
{
	size_t n1, n4;
	size_t small = strip_check_bytes(4000, &n1), large = strip_check_bytes(16000, &n4);
	ck_assert_uint_eq(n4, 4 * n1);
	ck_assert_msg(large <= 400 * n4 + (1u << 20), "%zu bytes for %zu nodes", large, n4);
	ck_assert_msg(large <= 6 * small, "%zu bytes for %zu nodes, %zu for %zu", large, n4, small, n1);
}
END_TEST

START_TEST(core_allocations_fail_cleanly)
{
	run_until_complete(core_scenario, false);
}
END_TEST

START_TEST(colored_allocations_fail_cleanly)
{
	run_until_complete(core_scenario, true);
}
END_TEST

/* The same with propagation: its arrays, in the pull search, the search, and the split's copies. */
START_TEST(propagating_allocations_fail_cleanly)
{
	propagating = true;
	run_until_complete(core_scenario, false);
	run_until_complete(core_scenario, true);
	propagating = false;
}
END_TEST

static const char ec_text[] =
	"| a problem that uses every growth path of the reader\n"
	"a b c d e f g h | x y z w\n"
	"a b x:red\n"
	"c d y z:blue\n"
	"e f w\n"
	"g h x:red y\n"
	"a c e g\n"
	"b d f h z:blue\n";

static void ec_scenario(bool unused)
{
	(void)unused;
	FILE *f = fmemopen((void *)ec_text, sizeof ec_text - 1, "r");
	EXPECT(f != NULL, "fmemopen failed");
	if (!f)
		return;
	dlx_ec *ec = (dlx_ec *)1;
	dlx_error_info err;
	int rc = dlx_ec_read(f, &ec, &err);
	fclose(f);
	if (rc != DLX_OK) {
		/* getline's own buffer comes from libc's allocator, not the wrapped one. */
		EXPECT(rc == DLX_ERR_NOMEM, "read gave %d (%s)", rc, err.message);
		EXPECT(ec == NULL, "a result after a failed read");
		EXPECT(strcmp(err.message, "out of memory") == 0, "message '%s'", err.message);
		return;
	}
	dlx_stats st;
	rc = dlx_search(dlx_ec_problem(ec), NULL, &st);
	EXPECT(rc == DLX_OK || rc == DLX_ERR_NOMEM, "search gave %d", rc);
	EXPECT(rc != DLX_OK || st.solutions == 1, "%llu solutions", (unsigned long long)st.solutions);
	dlx_ec_free(ec);
}

START_TEST(reader_allocations_fail_cleanly)
{
	run_until_complete(ec_scenario, false);
}
END_TEST

static int count_solution(void *ctx, const size_t *options, size_t n)
{
	(void)options;
	(void)n;
	++*(uint64_t *)ctx;
	return 0;
}

/* The diagram of all solutions: built, walked, sampled, written and read back, any allocation failing. */
static void zdd_scenario(bool colors)
{
	bool ok;
	dlx_problem *p = build(colors, &ok);
	if (!ok) {
		dlx_problem_free(p);
		return;
	}
	dlx_zdd *z = (dlx_zdd *)1;
	dlx_stats st;
	int rc = dlx_zdd_build(p, NULL, NULL, &z, &st);
	expect_sane(p);
	if (rc) {
		EXPECT(rc == DLX_ERR_NOMEM && z == NULL, "build gave %d", rc);
		dlx_problem_free(p);
		return;
	}
	uint64_t listed = 0, drawn = 0;
	rc = dlx_zdd_visit(z, 0, count_solution, &listed, NULL);
	EXPECT(rc == DLX_ERR_NOMEM || (rc == DLX_OK && listed == st.solutions), "visit gave %d, %llu", rc,
	       (unsigned long long)listed);
	rc = dlx_zdd_sample(z, 5, 1, count_solution, &drawn);
	EXPECT(rc == DLX_ERR_NOMEM || (rc == DLX_OK && drawn == (st.solutions ? 5 : 0)), "sample gave %d", rc);
	free(dlx_zdd_count(z));
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	EXPECT(f != NULL, "open_memstream failed");
	if (f) {
		rc = dlx_ec_zdd_write(f, z, p);
		fclose(f);
		EXPECT(rc == DLX_OK || rc == DLX_ERR_NOMEM, "write gave %d", rc);
		FILE *g = rc ? NULL : fmemopen(text, len, "r");
		if (g) {
			dlx_zdd *back = (dlx_zdd *)1;
			dlx_error_info err;
			rc = dlx_ec_zdd_read(g, p, &back, &err);
			fclose(g);
			EXPECT(rc == DLX_ERR_NOMEM || (rc == DLX_OK && dlx_zdd_size(back) == dlx_zdd_size(z)),
			       "read gave %d: %s", rc, err.message);
			EXPECT(rc == DLX_OK || back == NULL, "a diagram after a failed read");
			if (!rc)
				dlx_zdd_free(back);
		}
		free(text);
	}
	dlx_zdd_free(z);
	dlx_problem_free(p);
}

START_TEST(zdd_allocations_fail_cleanly)
{
	run_until_complete(zdd_scenario, false);
	run_until_complete(zdd_scenario, true);
}
END_TEST

static Suite *alloc_suite(void)
{
	Suite *s = suite_create("alloc");
	TCase *tc = tcase_create("nomem");
	tcase_add_test(tc, core_allocations_fail_cleanly);
	tcase_add_test(tc, colored_allocations_fail_cleanly);
	tcase_add_test(tc, propagating_allocations_fail_cleanly);
	tcase_add_test(tc, reader_allocations_fail_cleanly);
	tcase_add_test(tc, zdd_allocations_fail_cleanly);
	tcase_add_test(tc, split_copies_are_small);
	tcase_add_test(tc, zdd_check_memory_is_linear);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(alloc_suite());
	/* The wrappers count allocations in this process: no fork per test. */
	srunner_set_fork_status(sr, CK_NOFORK);
	srunner_run_all(sr, CK_NORMAL);
	int failed_tests = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed_tests ? EXIT_FAILURE : EXIT_SUCCESS;
}
