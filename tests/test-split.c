/*
 * Check suite "split": dlx_search_split(), one search spread over threads or
 * cut into parts, and dlx_problem_clone(), which the threads search on.
 * The counts, node counts and solution sets must be those of one search.
 */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "core-fixtures.h"
#include "dlx.h"

/* Solutions of queens 8 as bitmasks of its 64 options, to compare sets. */
struct solution_set {
	uint64_t masks[512];
	size_t n;
};

static int record_mask(void *ctx, const size_t *options, size_t n)
{
	struct solution_set *set = ctx;
	uint64_t m = 0;
	for (size_t k = 0; k < n; k++)
		m |= 1ull << options[k];
	ck_assert_uint_lt(set->n, 512);
	set->masks[set->n++] = m;
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

START_TEST(split_threads_count_exactly)
{
	dlx_problem *p = queens(10);
	dlx_stats one;
	ck_assert_int_eq(dlx_search(p, NULL, &one), DLX_OK);
	for (unsigned threads = 1; threads <= 5; threads++) {
		dlx_split_params sp = { threads, 0, 0 };
		dlx_stats st;
		ck_assert_int_eq(dlx_search_split(p, NULL, &sp, &st), DLX_OK);
		ck_assert_uint_eq(st.solutions, 724);
		/* The walk above the cut counts too: the totals are one search's. */
		ck_assert_uint_eq(st.nodes, one.nodes);
		ck_assert_uint_eq(st.updates, one.updates);
		ck_assert_uint_eq(st.branches, one.branches);
		ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
		ck_assert(st.progress == 1.0);
		assert_sane(p);
	}
	dlx_problem_free(p);
}
END_TEST

START_TEST(split_parts_are_disjoint_and_complete)
{
	static const uint32_t ms[] = { 1, 2, 3, 7, 64 };
	dlx_problem *p = queens(8);
	struct solution_set all = { { 0 }, 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = record_mask;
	sp.solution_ctx = &all;
	ck_assert_int_eq(dlx_search(p, &sp, NULL), DLX_OK);
	ck_assert_uint_eq(all.n, 92);
	qsort(all.masks, all.n, sizeof all.masks[0], cmp_u64);
	for (size_t mi = 0; mi < sizeof ms / sizeof ms[0]; mi++) {
		struct solution_set parts = { { 0 }, 0 };
		sp.solution_ctx = &parts;
		uint64_t sum = 0;
		for (uint32_t k = 1; k <= ms[mi]; k++) {
			/* Threads must not change which solutions a part holds. */
			dlx_split_params split = { 1 + k % 3, k, ms[mi] };
			dlx_stats st;
			ck_assert_int_eq(dlx_search_split(p, &sp, &split, &st), DLX_OK);
			sum += st.solutions;
		}
		ck_assert_uint_eq(sum, 92);
		ck_assert_uint_eq(parts.n, 92);
		qsort(parts.masks, parts.n, sizeof parts.masks[0], cmp_u64);
		for (size_t k = 0; k < 92; k++)
			ck_assert_msg(parts.masks[k] == all.masks[k], "M=%u: solution sets differ", ms[mi]);
		assert_sane(p);
	}
	dlx_split_params bad = { 1, 0, 3 };
	ck_assert_int_eq(dlx_search_split(p, NULL, &bad, NULL), DLX_ERR_INVALID);
	bad.part = 4;
	ck_assert_int_eq(dlx_search_split(p, NULL, &bad, NULL), DLX_ERR_INVALID);
	dlx_problem_free(p);
}
END_TEST

START_TEST(split_parts_are_deterministic)
{
	/* The same part twice, with different thread counts, gives the same count. */
	dlx_problem *p = queens(9);
	for (uint32_t k = 1; k <= 7; k++) {
		dlx_split_params a = { 1, k, 7 }, b = { 3, k, 7 };
		dlx_stats sa, sb;
		ck_assert_int_eq(dlx_search_split(p, NULL, &a, &sa), DLX_OK);
		ck_assert_int_eq(dlx_search_split(p, NULL, &b, &sb), DLX_OK);
		ck_assert_uint_eq(sa.solutions, sb.solutions);
	}
	dlx_problem_free(p);
}
END_TEST

START_TEST(split_limit_is_exact)
{
	dlx_problem *p = queens(10);
	struct collected c = { 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.solution_limit = 10;
	sp.on_solution = collect;
	sp.solution_ctx = &c;
	dlx_split_params split = { 4, 0, 0 };
	dlx_stats st;
	ck_assert_int_eq(dlx_search_split(p, &sp, &split, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 10);
	ck_assert_uint_eq(c.n_solutions, 10);
	ck_assert_int_eq(st.stop, DLX_STOP_LIMIT);
	/* Without a callback too. */
	sp.on_solution = NULL;
	ck_assert_int_eq(dlx_search_split(p, &sp, &split, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 10);
	assert_sane(p);
	dlx_problem_free(p);
}
END_TEST

START_TEST(split_keeps_forced_options)
{
	dlx_problem *p = queens(8);
	ck_assert_int_eq(dlx_force_option(p, 0), DLX_OK);
	struct collected c = { 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = collect;
	sp.solution_ctx = &c;
	dlx_split_params split = { 2, 0, 0 };
	dlx_stats st;
	ck_assert_int_eq(dlx_search_split(p, &sp, &split, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 4);
	for (size_t k = 0; k < 4; k++) {
		ck_assert_uint_eq(c.len[k], 8);
		ck_assert_uint_eq(c.opts[k][0], 0);
	}
	ck_assert_uint_eq(dlx_forced_count(p), 1);
	dlx_release_forced(p);
	assert_sane(p);
	dlx_problem_free(p);
}
END_TEST

static int stop_at_once(void *ctx, const dlx_stats *so_far)
{
	(void)ctx;
	ck_assert(so_far->progress >= 0 && so_far->progress <= 1);
	return 1;
}

START_TEST(split_poll_stops_workers)
{
	/* Queens 13 takes seconds with 2 threads: a poll that says stop must end it at once. */
	dlx_problem *p = queens(13);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_poll = stop_at_once;
	dlx_split_params split = { 2, 0, 0 };
	dlx_stats st;
	ck_assert_int_eq(dlx_search_split(p, &sp, &split, &st), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_POLL);
	ck_assert_uint_lt(st.solutions, 73712);
	assert_sane(p);
	dlx_problem_free(p);
}
END_TEST

/*
 * n items, one option covering them all and one option per item: two
 * solutions, and a tree n levels deep with one or two branches per level.
 */
static dlx_problem *chain(size_t n)
{
	dlx_problem *p = dlx_problem_new(n, 0);
	size_t *items = malloc(n * sizeof *items);
	ck_assert_ptr_nonnull(items);
	for (size_t k = 0; k < n; k++)
		items[k] = k;
	ck_assert_int_ge(dlx_add_option(p, items, n), 0);
	for (size_t k = 0; k < n; k++)
		ck_assert_int_ge(dlx_add_option(p, &items[k], 1), 0);
	free(items);
	return p;
}

static int count_polls(void *ctx, const dlx_stats *so_far)
{
	(void)so_far;
	++*(uint64_t *)ctx;
	return 0;
}

/*
 * Cutting a narrow tree into jobs walks it again one level deeper each time
 * until there are enough jobs: on a chain of 20,000 items, 20,000 walks of
 * up to 20,000 nodes, each choosing among 20,000 items (hours).  The walks
 * have a budget, and they poll: with a poll every node, the polls count the
 * nodes walked, which the budget keeps to a few thousand here.
 */
START_TEST(split_narrow_tree_cut_is_bounded)
{
	dlx_problem *p = chain(20000);
	uint64_t polls = 0;
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_poll = count_polls;
	sp.poll_ctx = &polls;
	sp.poll_interval = 1;
	dlx_split_params split = { 2, 0, 0 };
	dlx_stats st;
	ck_assert_int_eq(dlx_search_split(p, &sp, &split, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 2);
	ck_assert_int_eq(st.stop, DLX_STOP_COMPLETE);
	ck_assert_uint_eq(st.nodes, 20002);
	/* The workers' polls reach the caller every 10 ms at most: few, on top of the walks'. */
	ck_assert_msg(polls < 100000, "%llu polls", (unsigned long long)polls);
	/* Parts of it add up too. */
	for (uint32_t m = 1; m <= 7; m += 3) {
		uint64_t sum = 0;
		for (uint32_t k = 1; k <= m; k++) {
			dlx_split_params part = { 2, k, m };
			ck_assert_int_eq(dlx_search_split(p, NULL, &part, &st), DLX_OK);
			sum += st.solutions;
		}
		ck_assert_uint_eq(sum, 2);
	}
	assert_sane(p);
	dlx_problem_free(p);
}
END_TEST

/* A poll that says stop while the tree is being cut into jobs stops the search there. */
START_TEST(split_poll_stops_the_cut)
{
	dlx_problem *p = chain(2000);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_poll = stop_at_once;
	sp.poll_interval = 1;
	dlx_split_params split = { 2, 0, 0 };
	dlx_stats st;
	ck_assert_int_eq(dlx_search_split(p, &sp, &split, &st), DLX_OK);
	ck_assert_int_eq(st.stop, DLX_STOP_POLL);
	ck_assert_uint_eq(st.solutions, 0);
	ck_assert_uint_le(st.nodes, 1);
	assert_sane(p);
	/* The problem is as before: a whole search still finds both solutions. */
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 2);
	dlx_problem_free(p);
}
END_TEST

START_TEST(random_split_vs_brute_force)
{
	/* Reuses the random generator: each matrix counted whole, by threads and by parts. */
	for (unsigned seed = 2000; seed < 2100; seed++) {
		rng_seed(seed * 2654435761u + 1);
		size_t np = 1 + rng() % 8, ns = rng() % 3, no = 1 + rng() % 20;
		dlx_problem *p = dlx_problem_new(np, ns);
		for (size_t k = 0; k < no; k++) {
			size_t items[12], n = 0;
			for (size_t i = 0; i < np + ns; i++)
				if (rng() % 3 == 0)
					items[n++] = i;
			if (n == 0)
				items[n++] = rng() % np;
			ck_assert_int_ge(dlx_add_option(p, items, n), 0);
		}
		dlx_stats whole;
		ck_assert_int_eq(dlx_search(p, NULL, &whole), DLX_OK);
		dlx_split_params th = { 3, 0, 0 };
		dlx_stats st;
		ck_assert_int_eq(dlx_search_split(p, NULL, &th, &st), DLX_OK);
		ck_assert_uint_eq(st.solutions, whole.solutions);
		uint64_t sum = 0;
		for (uint32_t k = 1; k <= 5; k++) {
			dlx_split_params part = { 1, k, 5 };
			ck_assert_int_eq(dlx_search_split(p, NULL, &part, &st), DLX_OK);
			sum += st.solutions;
		}
		ck_assert_uint_eq(sum, whole.solutions);
		assert_sane(p);
		dlx_problem_free(p);
	}
}
END_TEST

START_TEST(clone_is_independent)
{
	dlx_problem *p = queens(6);
	ck_assert_int_eq(dlx_force_option(p, 1), DLX_OK);
	dlx_problem *c = dlx_problem_clone(p);
	ck_assert_ptr_nonnull(c);
	ck_assert_uint_eq(dlx_forced_count(c), 1);
	dlx_release_forced(p);
	dlx_stats sp, sc;
	ck_assert_int_eq(dlx_search(p, NULL, &sp), DLX_OK);
	ck_assert_int_eq(dlx_search(c, NULL, &sc), DLX_OK);
	ck_assert_uint_eq(sp.solutions, 4);
	ck_assert_uint_eq(sc.solutions, 1); /* queens 6 has one solution with a queen at r0c1 */
	dlx_release_forced(c);
	ck_assert_int_eq(dlx_search(c, NULL, &sc), DLX_OK);
	ck_assert_uint_eq(sc.solutions, 4);
	assert_sane(c);
	dlx_problem_free(c);
	dlx_problem_free(p);
}
END_TEST

static Suite *split_suite(void)
{
	Suite *s = suite_create("split");
	TCase *tc = tcase_create("split");
	tcase_add_test(tc, clone_is_independent);
	tcase_add_test(tc, split_threads_count_exactly);
	tcase_add_test(tc, split_parts_are_disjoint_and_complete);
	tcase_add_test(tc, split_parts_are_deterministic);
	tcase_add_test(tc, split_limit_is_exact);
	tcase_add_test(tc, split_keeps_forced_options);
	tcase_add_test(tc, split_poll_stops_workers);
	tcase_add_test(tc, split_narrow_tree_cut_is_bounded);
	tcase_add_test(tc, split_poll_stops_the_cut);
	tcase_add_test(tc, random_split_vs_brute_force);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(split_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
