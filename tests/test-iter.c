/*
 * The pull search (dlx_iter_*): the same solutions, in the same order and
 * with the same statistics, as dlx_search() hands its callback, on random
 * problems with secondary items, colors and forced options, in both of the
 * heuristic's modes; stopped anywhere, the problem is as before; the
 * problem is refused to everything else while an iterator owns it.
 */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core-fixtures.h"
#include "dlx-internal.h"
#include "dlx.h"

/* Every solution as a row of a flat log: its length, then its options. */
struct log {
	size_t *v;
	size_t n, cap;
};

static void log_push(struct log *l, size_t x)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 256;
		l->v = realloc(l->v, l->cap * sizeof *l->v);
		ck_assert_ptr_nonnull(l->v);
	}
	l->v[l->n++] = x;
}

static void log_solution(struct log *l, const size_t *opts, size_t n)
{
	log_push(l, n);
	for (size_t k = 0; k < n; k++)
		log_push(l, opts[k]);
}

static int log_cb(void *ctx, const size_t *opts, size_t n)
{
	log_solution(ctx, opts, n);
	return 0;
}

/*
 * A random problem: np primary and ns secondary items, options of 1-4
 * items, each with a primary item, some secondary items colored 1-2.
 */
static dlx_problem *random_problem(size_t np, size_t ns, size_t no, bool colors)
{
	dlx_problem *p = dlx_problem_new(np, ns);
	ck_assert_ptr_nonnull(p);
	for (size_t o = 0; o < no; o++) {
		size_t items[4];
		uint32_t col[4];
		size_t n = 1 + rng() % 4;
		items[0] = rng() % np;
		col[0] = 0;
		size_t k = 1;
		while (k < n) {
			size_t it = rng() % (np + ns);
			bool dup = false;
			for (size_t j = 0; j < k; j++)
				dup |= items[j] == it;
			if (dup)
				break;
			items[k] = it;
			col[k] = colors && it >= np ? rng() % 3 : 0;
			k++;
		}
		ck_assert_int_ge(dlx_add_option_colored(p, items, col, k), 0);
	}
	return p;
}

static void assert_same_stats(const dlx_stats *a, const dlx_stats *b)
{
	ck_assert_uint_eq(a->solutions, b->solutions);
	ck_assert_uint_eq(a->nodes, b->nodes);
	ck_assert_uint_eq(a->updates, b->updates);
	ck_assert_uint_eq(a->branches, b->branches);
	ck_assert_uint_eq(a->max_level, b->max_level);
	ck_assert_int_eq(a->stop, b->stop);
}

/* Iterates p to the end under params; the log and the stats as dlx_search()'s. */
static void assert_iter_is_search(dlx_problem *p, const dlx_search_params *params)
{
	struct log want = { 0 }, got = { 0 };
	dlx_search_params sp = *params;
	sp.on_solution = log_cb;
	sp.solution_ctx = &want;
	dlx_stats ws, gs;
	ck_assert_int_eq(dlx_search(p, &sp, &ws), DLX_OK);

	dlx_iter *it;
	ck_assert_int_eq(dlx_iter_new(p, params, &it), DLX_OK);
	const size_t *opts;
	size_t n;
	int rc;
	while ((rc = dlx_iter_next(it, &opts, &n)) == 1)
		log_solution(&got, opts, n);
	ck_assert_int_eq(rc, 0);
	ck_assert_ptr_null(opts);
	ck_assert_uint_eq(n, 0);
	dlx_iter_stats(it, &gs);
	/* Ended: it says so again, and the problem is free and sane. */
	ck_assert_int_eq(dlx_iter_next(it, NULL, NULL), 0);
	dlx_iter_free(it);
	assert_same_stats(&ws, &gs);
	ck_assert_uint_eq(got.n, want.n);
	ck_assert(got.n == 0 || memcmp(got.v, want.v, got.n * sizeof *got.v) == 0);
	assert_sane(p);
	free(want.v);
	free(got.v);
}

START_TEST(random_problems_as_search)
{
	rng_seed(1000 + (uint64_t)_i);
	bool colors = _i % 2;
	dlx_problem *p = random_problem(3 + rng() % 6, rng() % 4, 4 + rng() % 40, colors);
	/* Both of the heuristic's modes, then propagating, and with a forced option when one can be. */
	for (int mode = 0; mode <= 2; mode++) {
		dlx__set_tracking(p, mode == 2 ? -1 : mode);
		ck_assert_int_eq(dlx_set_propagation(p, mode == 2 ? DLX_PROPAGATE_SUBSUME : DLX_PROPAGATE_NONE), DLX_OK);
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		assert_iter_is_search(p, &sp);
		sp.solution_limit = 1 + rng() % 3;
		assert_iter_is_search(p, &sp);
		sp.solution_limit = 0;
		sp.node_limit = 1 + rng() % 20;
		assert_iter_is_search(p, &sp);
		if (dlx_option_count(p) && dlx_force_option(p, 0) == DLX_OK) {
			sp.node_limit = 0;
			assert_iter_is_search(p, &sp);
			dlx_release_forced(p);
		}
	}
	dlx_problem_free(p);
}
END_TEST

START_TEST(queens_as_search)
{
	dlx_problem *p = queens(8);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	assert_iter_is_search(p, &sp);
	dlx_problem_free(p);
}
END_TEST

/* Stopped after k solutions: the problem is as before, and searches as before. */
START_TEST(stop_anywhere_restores)
{
	dlx_problem *p = queens(8);
	for (size_t k = 0; k <= 92; k += 7) {
		dlx_iter *it;
		ck_assert_int_eq(dlx_iter_new(p, NULL, &it), DLX_OK);
		for (size_t j = 0; j < k; j++)
			ck_assert_int_eq(dlx_iter_next(it, NULL, NULL), 1);
		dlx_stats st;
		dlx_iter_stats(it, &st);
		ck_assert_uint_eq(st.solutions, k);
		dlx_iter_free(it);
		assert_sane(p);
		ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
		ck_assert_uint_eq(st.solutions, 92);
	}
	dlx_problem_free(p);
}
END_TEST

/* Iterators interleaved on two problems do not disturb each other. */
START_TEST(two_problems_interleaved)
{
	dlx_problem *a = queens(6), *b = queens(6);
	dlx_iter *ia, *ib;
	ck_assert_int_eq(dlx_iter_new(a, NULL, &ia), DLX_OK);
	ck_assert_int_eq(dlx_iter_new(b, NULL, &ib), DLX_OK);
	const size_t *oa, *ob;
	size_t na, nb, count = 0;
	for (;;) {
		int ra = dlx_iter_next(ia, &oa, &na);
		int rb = dlx_iter_next(ib, &ob, &nb);
		ck_assert_int_eq(ra, rb);
		if (ra != 1)
			break;
		ck_assert_uint_eq(na, nb);
		ck_assert_mem_eq(oa, ob, na * sizeof *oa);
		count++;
	}
	ck_assert_uint_eq(count, 4);
	dlx_iter_free(ia);
	dlx_iter_free(ib);
	dlx_problem_free(a);
	dlx_problem_free(b);
}
END_TEST

static int stop_at_second_poll(void *ctx, const dlx_stats *so_far)
{
	(void)so_far;
	return ++*(int *)ctx >= 2;
}

START_TEST(poll_stops_and_restores)
{
	dlx_problem *p = queens(9);
	int polls = 0;
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_poll = stop_at_second_poll;
	sp.poll_ctx = &polls;
	sp.poll_interval = 50;
	dlx_iter *it;
	ck_assert_int_eq(dlx_iter_new(p, &sp, &it), DLX_OK);
	int rc;
	size_t got = 0;
	while ((rc = dlx_iter_next(it, NULL, NULL)) == 1)
		got++;
	ck_assert_int_eq(rc, 0);
	dlx_stats st;
	dlx_iter_stats(it, &st);
	ck_assert_int_eq(st.stop, DLX_STOP_POLL);
	ck_assert_uint_eq(st.solutions, got);
	ck_assert_uint_eq(st.nodes, 100);
	/* Ended by the poll: the problem is free at once, before the free. */
	ck_assert_int_eq(dlx_search(p, NULL, &st), DLX_OK);
	ck_assert_uint_eq(st.solutions, 352);
	dlx_iter_free(it);
	assert_sane(p);
	dlx_problem_free(p);
}
END_TEST

START_TEST(problem_refused_while_iterating)
{
	dlx_problem *p = queens(5);
	dlx_iter *it, *other;
	ck_assert_int_eq(dlx_iter_new(p, NULL, &it), DLX_OK);
	ck_assert_int_eq(dlx_iter_next(it, NULL, NULL), 1);
	ck_assert_int_eq(dlx_iter_new(p, NULL, &other), DLX_ERR_STATE);
	ck_assert_ptr_null(other);
	ck_assert_int_eq(dlx_search(p, NULL, NULL), DLX_ERR_STATE);
	dlx_split_params split = { 2, 0, 0 };
	ck_assert_int_eq(dlx_search_split(p, NULL, &split, NULL), DLX_ERR_STATE);
	ck_assert_int_eq(dlx_force_option(p, 0), DLX_ERR_STATE);
	size_t item = 0;
	ck_assert_int_eq(dlx_add_option(p, &item, 1), DLX_ERR_STATE);
	ck_assert_ptr_null(dlx_problem_clone(p));
	ck_assert_int_eq(dlx_set_propagation(p, DLX_PROPAGATE_SUBSUME), DLX_ERR_STATE);
	/* The accessors still read it. */
	ck_assert_uint_eq(dlx_option_count(p), 25);
	ck_assert_uint_eq(dlx_option_size(p, 0), 4);
	dlx_iter_free(it);
	assert_sane(p);
	/* Freed: usable again, and a new iterator starts from the beginning. */
	ck_assert_int_eq(dlx_iter_new(p, NULL, &it), DLX_OK);
	size_t n = 0;
	while (dlx_iter_next(it, NULL, NULL) == 1)
		n++;
	ck_assert_uint_eq(n, 10);
	dlx_iter_free(it);
	dlx_problem_free(p);
}
END_TEST

START_TEST(bad_arguments)
{
	dlx_problem *p = queens(4);
	dlx_iter *it = (dlx_iter *)p;
	ck_assert_int_eq(dlx_iter_new(NULL, NULL, &it), DLX_ERR_INVALID);
	ck_assert_ptr_null(it);
	ck_assert_int_eq(dlx_iter_new(p, NULL, NULL), DLX_ERR_INVALID);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = log_cb;
	ck_assert_int_eq(dlx_iter_new(p, &sp, &it), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_iter_next(NULL, NULL, NULL), DLX_ERR_INVALID);
	dlx_iter_stats(NULL, NULL);
	dlx_iter_free(NULL);
	/* None of these left p owned by an iterator. */
	ck_assert_int_eq(dlx_search(p, NULL, NULL), DLX_OK);
	dlx_problem_free(p);
}
END_TEST

/* A problem with nothing to cover has one solution, the empty set. */
START_TEST(empty_problem)
{
	dlx_problem *p = dlx_problem_new(0, 0);
	dlx_iter *it;
	ck_assert_int_eq(dlx_iter_new(p, NULL, &it), DLX_OK);
	size_t n = 99;
	ck_assert_int_eq(dlx_iter_next(it, NULL, &n), 1);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(dlx_iter_next(it, NULL, &n), 0);
	dlx_iter_free(it);
	dlx_problem_free(p);
}
END_TEST

/*
 * 20000 levels, a choice of two at each of the last few: the iterator's
 * stack is the problem's, no recursion, and it pauses and resumes deep down.
 */
START_TEST(deep_chain)
{
	const size_t n = 20000;
	dlx_problem *p = dlx_problem_new(n, 0);
	for (size_t k = 0; k < n; k++) {
		size_t one = k;
		ck_assert_int_ge(dlx_add_option(p, &one, 1), 0);
		if (k >= n - 6)
			ck_assert_int_ge(dlx_add_option(p, &one, 1), 0);
	}
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	assert_iter_is_search(p, &sp);
	dlx_problem_free(p);
}
END_TEST

static Suite *iter_suite(void)
{
	Suite *s = suite_create("iter");
	TCase *tc = tcase_create("as dlx_search");
	tcase_add_loop_test(tc, random_problems_as_search, 0, 300);
	tcase_add_test(tc, queens_as_search);
	tcase_add_test(tc, empty_problem);
	tcase_add_test(tc, deep_chain);
	suite_add_tcase(s, tc);
	tc = tcase_create("stopping");
	tcase_add_test(tc, stop_anywhere_restores);
	tcase_add_test(tc, two_problems_interleaved);
	tcase_add_test(tc, poll_stops_and_restores);
	suite_add_tcase(s, tc);
	tc = tcase_create("misuse");
	tcase_add_test(tc, problem_refused_while_iterating);
	tcase_add_test(tc, bad_arguments);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(iter_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
