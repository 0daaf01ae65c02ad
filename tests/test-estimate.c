/*
 * Knuth's estimate of a search tree's size (dlx_estimate_tree()): its
 * expectation is the tree's true size (checked exactly, every probe path
 * followed, against the search's own counts), its probes converge to it,
 * and it leaves the problem as it found it.
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core-fixtures.h"
#include "test-trials.h"
#include "dlx-internal.h"
#include "dlx.h"

/* A small random problem, with secondary items and colors sometimes, and an option forced sometimes. */
static dlx_problem *random_problem(unsigned seed, bool *forced)
{
	rng_seed(seed * 2654435761u + 11);
	size_t np = 2 + rng() % 9, ns = rng() % 4, no = 2 + rng() % 40;
	bool colors = ns && rng() % 2;
	dlx_problem *p = dlx_problem_new(np, ns);
	ck_assert_ptr_nonnull(p);
	unsigned density = 2 + rng() % 4;
	for (size_t k = 0; k < no; k++) {
		size_t items[16], n = 0;
		uint32_t col[16];
		for (size_t i = 0; i < np + ns; i++)
			if (rng() % density == 0 || (i == np - 1 && n == 0)) {
				items[n] = i;
				col[n] = colors && i >= np ? rng() % 3 : 0;
				n++;
			}
		long r = colors ? dlx_add_option_colored(p, items, col, n) : dlx_add_option(p, items, n);
		ck_assert_int_eq(r, (long)k);
	}
	*forced = rng() % 4 == 0 && dlx_force_option(p, rng() % no) == DLX_OK;
	return p;
}

/* Both ways of choosing the item (a scan of the open items, or the low bytes) must probe the search's tree. */
START_TEST(test_expectation_is_the_tree)
{
	/* Seeds whose trees have branches, so the check is not of trivial trees alone. */
	unsigned branched = 0, n = test_trials(3000);
	for (unsigned seed = 0; seed < n; seed++) {
		/* Odd seeds keep the low bytes, even ones scan the open items. */
		int tracking = (int)(seed % 2);
		bool forced;
		dlx_problem *p = random_problem(seed, &forced);
		dlx__set_tracking(p, tracking);
		dlx_stats st;
		ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
		uint64_t nodes, sols;
		ck_assert_int_eq(dlx__estimate_exact(p, NULL, 0, &nodes, &sols), DLX_OK);
		ck_assert_msg(nodes == st.nodes && sols == st.solutions,
			      "seed %u tracking %d: probes see %llu nodes %llu solutions, the search %llu and %llu",
			      seed, tracking, (unsigned long long)nodes, (unsigned long long)sols,
			      (unsigned long long)st.nodes, (unsigned long long)st.solutions);
		branched += st.branches > 2;
		assert_sane(p);
		ck_assert_uint_eq(dlx_forced_count(p), forced ? 1 : 0);
		dlx_problem_free(p);
	}
	ck_assert_uint_gt(branched, n / 6);
}
END_TEST

START_TEST(test_parts_expectation)
{
	static const uint32_t parts[] = { 2, 3, 7 };
	for (unsigned seed = 0; seed < test_trials(400); seed++) {
		bool forced;
		dlx_problem *p = random_problem(seed, &forced);
		dlx__set_tracking(p, (int)(seed % 2));
		for (size_t k = 0; k < sizeof parts / sizeof *parts; k++) {
			uint64_t sum = 0;
			for (uint32_t part = 1; part <= parts[k]; part++) {
				dlx_split_params sp = { 1, part, parts[k] };
				dlx_part path = { part, parts[k] };
				dlx_stats st;
				ck_assert_int_eq(dlx_search_split(p, NULL, &sp, &st), DLX_OK);
				uint64_t nodes, sols;
				ck_assert_int_eq(dlx__estimate_exact(p, &path, 1, &nodes, &sols), DLX_OK);
				ck_assert_msg(nodes == st.nodes && sols == st.solutions,
					      "seed %u part %u/%u: probes see %llu nodes %llu solutions, the part %llu and %llu",
					      seed, part, parts[k], (unsigned long long)nodes, (unsigned long long)sols,
					      (unsigned long long)st.nodes, (unsigned long long)st.solutions);
				sum += sols;
			}
			dlx_stats whole;
			ck_assert_int_eq(dlx_search(p, NULL, &whole), DLX_OK);
			ck_assert_uint_eq(sum, whole.solutions);
		}
		assert_sane(p);
		dlx_problem_free(p);
	}
}
END_TEST

/* The probes past a covered prefix, where their paths part and the scan's start must come back for each sibling. */
START_TEST(test_expectation_past_a_prefix)
{
	for (int tracking = 0; tracking < 2; tracking++) {
		dlx_problem *p = prefix_then_branching(300, 6);
		dlx__set_tracking(p, tracking);
		dlx_stats st;
		ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
		ck_assert_uint_gt(st.solutions, 0);
		uint64_t nodes, sols;
		ck_assert_int_eq(dlx__estimate_exact(p, NULL, 0, &nodes, &sols), DLX_OK);
		ck_assert_uint_eq(nodes, st.nodes);
		ck_assert_uint_eq(sols, st.solutions);
		dlx_estimate e;
		ck_assert_int_eq(dlx_estimate_tree(p, 2000, 3, NULL, 0, NULL, &e), DLX_OK);
		ck_assert_msg(fabs(e.nodes - (double)st.nodes) <= 4 * e.nodes_error + 1e-9,
			      "tracking %d: estimate %g +- %g, truth %llu", tracking, e.nodes, e.nodes_error,
			      (unsigned long long)st.nodes);
		assert_sane(p);
		dlx_problem_free(p);
	}
}
END_TEST

/* The estimate, deterministic for its seed, lies within a few standard errors of the truth. */
static void assert_close(dlx_problem *p, const dlx_part *path, size_t depth, uint64_t probes)
{
	dlx_stats st;
	ck_assert_int_eq(depth ? dlx_search_parts(p, NULL, 1, path, depth, &st) : dlx_search(p, NULL, &st), DLX_OK);
	dlx_estimate e;
	ck_assert_int_eq(dlx_estimate_tree(p, probes, 42, path, depth, NULL, &e), DLX_OK);
	ck_assert_int_eq(e.stop, DLX_STOP_COMPLETE);
	ck_assert_uint_ge(e.probes, probes);
	double truth = (double)st.nodes;
	ck_assert_msg(fabs(e.nodes - truth) <= 4 * e.nodes_error + 1e-9, "nodes: estimate %g +- %g, truth %g",
		      e.nodes, e.nodes_error, truth);
	ck_assert_msg(e.nodes_error < 0.1 * truth, "nodes: standard error %g of %g", e.nodes_error, truth);
	ck_assert_msg(fabs(e.solutions - (double)st.solutions) <= 4 * e.solutions_error + 1e-9,
		      "solutions: estimate %g +- %g, truth %llu", e.solutions, e.solutions_error,
		      (unsigned long long)st.solutions);
	ck_assert_uint_gt(e.updates, 0);
	assert_sane(p);
}

START_TEST(test_queens_converge)
{
	dlx_problem *p = queens(8);
	assert_close(p, NULL, 0, 20000);
	dlx_problem_free(p);
	p = queens(10);
	dlx_part part = { 3, 5 };
	assert_close(p, &part, 1, 20000);
	dlx_part piece[2] = { { 3, 5 }, { 2, 3 } };
	assert_close(p, piece, 2, 20000);
	dlx_problem_free(p);
}
END_TEST

START_TEST(test_seeds)
{
	dlx_problem *p = queens(9);
	dlx_estimate a, b, c;
	ck_assert_int_eq(dlx_estimate_tree(p, 100, 7, NULL, 0, NULL, &a), DLX_OK);
	ck_assert_int_eq(dlx_estimate_tree(p, 100, 7, NULL, 0, NULL, &b), DLX_OK);
	ck_assert_int_eq(dlx_estimate_tree(p, 100, 8, NULL, 0, NULL, &c), DLX_OK);
	ck_assert(a.nodes == b.nodes && a.solutions == b.solutions && a.updates == b.updates);
	ck_assert(a.nodes != c.nodes);
	/* One probe has no spread to measure. */
	ck_assert_int_eq(dlx_estimate_tree(p, 1, 7, NULL, 0, NULL, &a), DLX_OK);
	ck_assert_uint_eq(a.probes, 1);
	ck_assert(a.nodes >= 1 && a.nodes_error == 0);
	dlx_problem_free(p);
}
END_TEST

/* A tree with one path: every probe sees it all, with no spread. */
START_TEST(test_forced_chain)
{
	dlx_problem *p = dlx_problem_new(5, 0);
	for (size_t i = 0; i < 5; i++)
		ck_assert_int_ge(dlx_add_option(p, &i, 1), 0);
	dlx_estimate e;
	ck_assert_int_eq(dlx_estimate_tree(p, 10, 1, NULL, 0, NULL, &e), DLX_OK);
	ck_assert(e.nodes == 6 && e.nodes_error == 0 && e.solutions == 1 && e.solutions_error == 0);
	dlx_problem_free(p);
}
END_TEST

static int stop_after_ten(void *ctx, const dlx_stats *so_far)
{
	int *calls = ctx;
	ck_assert(so_far->progress > 0 && so_far->progress <= 1);
	return ++*calls == 10;
}

START_TEST(test_poll_stops)
{
	dlx_problem *p = queens(8);
	int calls = 0;
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_poll = stop_after_ten;
	sp.poll_ctx = &calls;
	dlx_estimate e;
	ck_assert_int_eq(dlx_estimate_tree(p, 1000, 1, NULL, 0, &sp, &e), DLX_OK);
	ck_assert_int_eq(e.stop, DLX_STOP_POLL);
	ck_assert_uint_eq(e.probes, 10);
	ck_assert(e.nodes > 0);
	assert_sane(p);
	dlx_problem_free(p);
}
END_TEST

START_TEST(test_errors)
{
	dlx_problem *p = queens(6);
	dlx_estimate e;
	ck_assert_int_eq(dlx_estimate_tree(NULL, 10, 1, NULL, 0, NULL, &e), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_estimate_tree(p, 10, 1, NULL, 0, NULL, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_estimate_tree(p, 0, 1, NULL, 0, NULL, &e), DLX_ERR_INVALID);
	dlx_part bad[DLX_MAX_PART_DEPTH + 1] = { { 0, 3 } };
	ck_assert_int_eq(dlx_estimate_tree(p, 10, 1, bad, 1, NULL, &e), DLX_ERR_INVALID);
	bad[0].part = 4;
	ck_assert_int_eq(dlx_estimate_tree(p, 10, 1, bad, 1, NULL, &e), DLX_ERR_INVALID);
	bad[0] = (dlx_part){ 1, DLX_MAX_PARTS + 1 };
	ck_assert_int_eq(dlx_estimate_tree(p, 10, 1, bad, 1, NULL, &e), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_estimate_tree(p, 10, 1, NULL, 1, NULL, &e), DLX_ERR_INVALID);
	for (size_t d = 0; d <= DLX_MAX_PART_DEPTH; d++)
		bad[d] = (dlx_part){ 1, 2 };
	ck_assert_int_eq(dlx_estimate_tree(p, 10, 1, bad, DLX_MAX_PART_DEPTH + 1, NULL, &e), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_estimate_tree(p, 10, 1, bad, DLX_MAX_PART_DEPTH, NULL, &e), DLX_OK);
	ck_assert_int_eq(dlx_set_propagation(p, DLX_PROPAGATE_SUBSUME), DLX_OK);
	ck_assert_int_eq(dlx_estimate_tree(p, 10, 1, NULL, 0, NULL, &e), DLX_ERR_STATE);
	ck_assert_int_eq(dlx_set_propagation(p, DLX_PROPAGATE_NONE), DLX_OK);
	dlx_iter *it;
	ck_assert_int_eq(dlx_iter_new(p, NULL, &it), DLX_OK);
	ck_assert_int_eq(dlx_estimate_tree(p, 10, 1, NULL, 0, NULL, &e), DLX_ERR_STATE);
	dlx_iter_free(it);
	ck_assert_int_eq(dlx_estimate_tree(p, 10, 1, NULL, 0, NULL, &e), DLX_OK);
	dlx_problem_free(p);
}
END_TEST

static Suite *estimate_suite(void)
{
	Suite *s = suite_create("estimate");
	TCase *tc = tcase_create("estimate");
	tcase_add_test(tc, test_expectation_is_the_tree);
	tcase_add_test(tc, test_parts_expectation);
	tcase_add_test(tc, test_expectation_past_a_prefix);
	tcase_add_test(tc, test_queens_converge);
	tcase_add_test(tc, test_seeds);
	tcase_add_test(tc, test_forced_chain);
	tcase_add_test(tc, test_poll_stops);
	tcase_add_test(tc, test_errors);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(estimate_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
