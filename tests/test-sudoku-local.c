/*
 * The "sudoku-local" suite: the local search (DLX_SUDOKU_ENGINE_LOCAL) and
 * auto's use of it.
 *
 * Every board it returns is checked by the independent checker
 * (sudoku-rules.h) against the rules and the givens.  The puzzles are
 * shuffled pattern boards with a share of their cells kept, so they have a
 * solution the search does not know; the boards without one (a jigsaw map
 * with no full board) check that it stops where it is told to.
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-sudoku.h"
#include "dlx-sudoku-internal.h"
#include "sudoku-rules.h"
#include "test-trials.h"

/* The 9x9 jigsaw map of the variant suite. */
static const char map9[] =
	"111222333111225333141125333442225666445555666455777696477788996477888999478888999";
/* A 4x4 map with no full board (see test-sudoku-variant.c). */
static const char map4_impossible[] = "1112222133443344";

static uint64_t rng_state;

static unsigned rnd(unsigned n)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)((rng_state >> 33) % n);
}

static dlx_sudoku *make(unsigned rows, unsigned cols, unsigned flags, const uint8_t *regions)
{
	dlx_sudoku_board b = { rows, cols, flags, regions };
	dlx_sudoku *s;
	dlx_error_info err;
	int rc = dlx_sudoku_new_board(&b, &s, &err);
	ck_assert_msg(rc == DLX_OK, "new_board %ux%u: %d %s", rows, cols, rc, err.message);
	ck_assert_int_eq(dlx_sudoku_set_engine(s, DLX_SUDOKU_ENGINE_LOCAL, 0), DLX_OK);
	return s;
}

/*
 * A puzzle of R x C boxes: the pattern board (C·(r mod R) + r div R + c) mod N,
 * its digits relabelled at random, each cell kept with probability
 * percent/100.
 */
static void make_puzzle(unsigned rows, unsigned cols, unsigned percent, uint8_t *givens)
{
	const unsigned side = rows * cols;
	uint8_t label[100];
	for (unsigned d = 0; d < side; d++)
		label[d] = (uint8_t)(d + 1);
	for (unsigned d = side; d > 1; d--) {
		unsigned j = rnd(d);
		uint8_t t = label[d - 1];
		label[d - 1] = label[j];
		label[j] = t;
	}
	for (unsigned r = 0; r < side; r++)
		for (unsigned c = 0; c < side; c++)
			givens[r * side + c] = rnd(100) < percent ? label[(cols * (r % rows) + r / rows + c) % side] : 0;
}

/* Solves givens with the solver's engine, limit 1; the board checked when found. */
static dlx_sudoku_result solve_checked(dlx_sudoku *s, const struct rules *ru, const uint8_t *givens,
	const dlx_sudoku_params *sp, uint8_t *sol)
{
	dlx_sudoku_result res;
	dlx_error_info err;
	int rc = dlx_sudoku_solve(s, givens, sp, sol, &res, &err);
	ck_assert_msg(rc == DLX_OK, "solve: %d %s", rc, err.message);
	if (res.stats.solutions)
		ck_assert_msg(rules_valid(ru, givens, sol), "the local search's board breaks a rule or a given");
	return res;
}

static dlx_sudoku_params first_solution(void)
{
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = 1;
	return sp;
}

/* Empty boards of every kind of box: each filled. */
START_TEST(test_empty_boards)
{
	static const struct { unsigned rows, cols, flags; } kinds[] = {
		{ 2, 2, 0 }, { 3, 3, 0 }, { 4, 4, 0 }, { 5, 5, 0 }, { 6, 6, 0 }, { 2, 3, 0 }, { 3, 2, 0 },
		{ 3, 4, 0 }, { 2, 5, 0 }, { 4, 5, 0 }, { 5, 4, 0 }, { 2, 8, 0 },
	};
	uint8_t givens[36 * 36] = { 0 }, sol[36 * 36];
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		dlx_sudoku *s = make(kinds[k].rows, kinds[k].cols, kinds[k].flags, NULL);
		struct rules ru = { 0, kinds[k].flags, NULL, kinds[k].rows, kinds[k].cols };
		dlx_sudoku_params sp = first_solution();
		dlx_sudoku_result res = solve_checked(s, &ru, givens, &sp, sol);
		ck_assert_msg(res.stats.solutions == 1, "empty %ux%u flags %u: not filled (%llu moves)", kinds[k].rows,
			kinds[k].cols, kinds[k].flags, (unsigned long long)res.stats.nodes);
		ck_assert_int_eq(res.stats.stop, DLX_STOP_LIMIT);
		ck_assert_int_eq(dlx_sudoku_last_engine(s), DLX_SUDOKU_ENGINE_LOCAL);
		dlx_sudoku_free(s);
	}
}
END_TEST

/* A jigsaw board: the regions are what the swaps keep. */
START_TEST(test_jigsaw)
{
	uint8_t regions[81], givens[81] = { 0 }, sol[81];
	rules_parse(map9, regions, 81);
	dlx_sudoku *s = make(3, 3, 0, regions);
	struct rules ru = { 3, 0, regions, 0, 0 };
	dlx_sudoku_params sp = first_solution();
	dlx_sudoku_result res = solve_checked(s, &ru, givens, &sp, sol);
	ck_assert_uint_eq(res.stats.solutions, 1);
	dlx_sudoku_free(s);
}
END_TEST

/* Sparse puzzles of several sizes: found, valid, the givens kept. */
START_TEST(test_sparse_puzzles)
{
	static const struct { unsigned rows, cols, percent; } sets[] = {
		{ 3, 3, 20 }, { 4, 4, 10 }, { 4, 4, 20 }, { 5, 5, 10 }, { 6, 6, 5 }, { 3, 4, 15 }, { 2, 5, 10 },
	};
	uint8_t givens[36 * 36], sol[36 * 36];
	rng_state = 12345;
	unsigned trials = test_trials(8);
	for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
		dlx_sudoku *s = make(sets[k].rows, sets[k].cols, 0, NULL);
		struct rules ru = { 0, 0, NULL, sets[k].rows, sets[k].cols };
		for (unsigned t = 0; t < trials; t++) {
			make_puzzle(sets[k].rows, sets[k].cols, sets[k].percent, givens);
			dlx_sudoku_params sp = first_solution();
			dlx_sudoku_result res = solve_checked(s, &ru, givens, &sp, sol);
			ck_assert_msg(res.stats.solutions == 1, "%ux%u at %u%%, trial %u: not solved in %llu moves",
				sets[k].rows, sets[k].cols, sets[k].percent, t, (unsigned long long)res.stats.nodes);
		}
		dlx_sudoku_free(s);
	}
}
END_TEST

/*
 * Random consistent givens, often without a solution, boxes full or nearly
 * (nothing or one cell to swap): a board it finds obeys the rules and the
 * givens; "none" (a search to the end, from the singles or a box without
 * a deal) agrees with dancing links; else it stops at the node limit.
 */
START_TEST(test_random_givens)
{
	static const unsigned shapes[][2] = { { 2, 2 }, { 3, 3 }, { 2, 3 }, { 3, 2 }, { 3, 4 }, { 4, 4 } };
	uint8_t givens[256], sol[256];
	rng_state = 4242;
	unsigned trials = test_trials(300), found = 0, none = 0, stopped = 0;
	for (unsigned t = 0; t < trials; t++) {
		const unsigned *sh = shapes[t % (sizeof shapes / sizeof shapes[0])];
		const unsigned side = sh[0] * sh[1], cells = side * side;
		dlx_sudoku *s = make(sh[0], sh[1], 0, NULL);
		struct rules ru = { 0, 0, NULL, sh[0], sh[1] };
		memset(givens, 0, cells);
		unsigned want = rnd(cells + 1);
		for (unsigned k = 0; k < want; k++) {
			unsigned cell = rnd(cells);
			givens[cell] = (uint8_t)(1 + rnd(side));
			if (!rules_consistent(&ru, givens))
				givens[cell] = 0;
		}
		dlx_sudoku_params sp = first_solution();
		sp.node_limit = 20000;
		dlx_sudoku_result res = solve_checked(s, &ru, givens, &sp, sol);
		if (res.stats.solutions) {
			found++;
		} else if (res.stats.stop == DLX_STOP_COMPLETE) {
			ck_assert_uint_eq(res.stats.nodes, 0);
			ck_assert_int_eq(dlx_sudoku_set_engine(s, DLX_SUDOKU_ENGINE_DLX, 0), DLX_OK);
			dlx_sudoku_result check;
			ck_assert_int_eq(dlx_sudoku_solve(s, givens, &sp, sol, &check, NULL), DLX_OK);
			ck_assert_msg(check.stats.stop == DLX_STOP_COMPLETE && check.stats.solutions == 0,
				"trial %u: the local search says none, dancing links disagree", t);
			none++;
		} else {
			ck_assert_int_eq(res.stats.stop, DLX_STOP_NODE_LIMIT);
			ck_assert_uint_eq(res.stats.nodes, 20000);
			stopped++;
		}
		dlx_sudoku_free(s);
	}
	/* Every outcome is walked: the draws make each likely, and the seed fixes them. */
	ck_assert_uint_gt(found, 0);
	ck_assert_uint_gt(none, 0);
	ck_assert_uint_gt(stopped, 0);
}
END_TEST

/* The same puzzle gets the same board in as many moves; a full board is its own answer at once. */
START_TEST(test_deterministic_and_full)
{
	uint8_t givens[625], a[625], b[625];
	rng_state = 99;
	make_puzzle(5, 5, 5, givens);
	dlx_sudoku *s = make(5, 5, 0, NULL);
	struct rules ru = { 5, 0, NULL, 0, 0 };
	dlx_sudoku_params sp = first_solution();
	dlx_sudoku_result r1 = solve_checked(s, &ru, givens, &sp, a);
	dlx_sudoku_result r2 = solve_checked(s, &ru, givens, &sp, b);
	ck_assert_uint_eq(r1.stats.solutions, 1);
	ck_assert_uint_eq(r1.stats.nodes, r2.stats.nodes);
	ck_assert_mem_eq(a, b, sizeof a);
	/* The board found, given whole: no move to make. */
	dlx_sudoku_result r3 = solve_checked(s, &ru, a, &sp, b);
	ck_assert_uint_eq(r3.stats.solutions, 1);
	ck_assert_uint_eq(r3.stats.nodes, 0);
	ck_assert_mem_eq(a, b, sizeof a);
	/* One blank a row: naked singles fill it before any move. */
	uint8_t diagonal_blank[625];
	memcpy(diagonal_blank, a, sizeof a);
	for (unsigned r = 0; r < 25; r++)
		diagonal_blank[r * 25 + r] = 0;
	dlx_sudoku_result r4 = solve_checked(s, &ru, diagonal_blank, &sp, b);
	ck_assert_uint_eq(r4.stats.solutions, 1);
	ck_assert_uint_eq(r4.stats.nodes, 0);
	ck_assert_mem_eq(a, b, sizeof a);
	dlx_sudoku_free(s);
}
END_TEST

/*
 * The search in steps (dlx__local_run(), auto's turns) is the search in
 * one call: the same board after the same moves and deals, whatever the
 * steps' sizes; a step that finds nothing says NODE_LIMIT, and a step
 * after the answer reports it again without a move.
 */
START_TEST(test_steps_are_one_search)
{
	uint8_t givens[256], one[256], step[256];
	rng_state = 4;
	make_puzzle(4, 4, 25, givens); /* 45,543 moves, two fresh deals */
	dlx_sudoku *s = make(4, 4, 0, NULL);
	struct rules ru = { 4, 0, NULL, 0, 0 };
	dlx_sudoku_result res;
	ck_assert_int_eq(dlx_sudoku_check(s, givens, &res, NULL), DLX_OK);
	dlx_sudoku_params sp = first_solution();
	dlx_stats whole, st;
	ck_assert_int_eq(dlx__sudoku_local(s, givens, 42, 0, &sp, one, &whole), DLX_OK);
	ck_assert_uint_eq(whole.solutions, 1);
	ck_assert(rules_valid(&ru, givens, one));
	/* Enough moves that the steps below stop many times and deal afresh at least once. */
	ck_assert_uint_gt(whole.nodes, 20000);
	ck_assert_uint_gt(whole.branches, 0);
	static const uint64_t sizes[] = { 1, 997, 4096, 30000 };
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		dlx__local_search *ls;
		bool none;
		ck_assert_int_eq(dlx__local_start(s, givens, 42, &ls, &none), DLX_OK);
		ck_assert(!none);
		uint64_t calls = 0;
		do {
			ck_assert_int_eq(dlx__local_run(ls, sizes[k], &sp, step, &st), DLX_OK);
			calls++;
			if (!st.solutions) {
				ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
				ck_assert_uint_eq(st.nodes, calls * sizes[k]);
			}
		} while (!st.solutions && calls < 10000000);
		ck_assert_uint_eq(st.solutions, 1);
		ck_assert_int_eq(st.stop, DLX_STOP_LIMIT);
		ck_assert_uint_eq(st.nodes, whole.nodes);
		ck_assert_uint_eq(st.branches, whole.branches);
		ck_assert_mem_eq(step, one, sizeof one);
		ck_assert_int_eq(dlx__local_run(ls, sizes[k], &sp, step, &st), DLX_OK);
		ck_assert_uint_eq(st.solutions, 1);
		ck_assert_uint_eq(st.nodes, whole.nodes);
		dlx__local_free(ls);
	}
	dlx__local_free(NULL);
	dlx_sudoku_free(s);
}
END_TEST

/* A board without a solution: the search stops at its node limit (moves), or at a poll, having found none. */
START_TEST(test_no_solution_stops)
{
	uint8_t regions[16], givens[16] = { 0 }, sol[16];
	rules_parse(map4_impossible, regions, 16);
	dlx_sudoku *s = make(2, 2, 0, regions);
	struct rules ru = { 2, 0, regions, 0, 0 };
	dlx_sudoku_params sp = first_solution();
	sp.node_limit = 5000;
	dlx_sudoku_result res = solve_checked(s, &ru, givens, &sp, sol);
	ck_assert_uint_eq(res.stats.solutions, 0);
	ck_assert_uint_eq(res.stats.nodes, 5000);
	ck_assert_int_eq(res.stats.stop, DLX_STOP_NODE_LIMIT);
	dlx_sudoku_free(s);
}
END_TEST

static unsigned polls;

static int stop_at_third_poll(void *ctx, const dlx_stats *so_far)
{
	(void)ctx;
	ck_assert_uint_eq(so_far->nodes, (uint64_t)(polls + 1) * 100 - 1);
	return ++polls == 3;
}

START_TEST(test_poll_stops)
{
	uint8_t regions[16], givens[16] = { 0 }, sol[16];
	rules_parse(map4_impossible, regions, 16);
	dlx_sudoku *s = make(2, 2, 0, regions);
	struct rules ru = { 2, 0, regions, 0, 0 };
	dlx_sudoku_params sp = first_solution();
	sp.on_poll = stop_at_third_poll;
	sp.poll_interval = 100;
	polls = 0;
	dlx_sudoku_result res = solve_checked(s, &ru, givens, &sp, sol);
	ck_assert_uint_eq(polls, 3);
	ck_assert_int_eq(res.stats.stop, DLX_STOP_POLL);
	ck_assert_uint_eq(res.stats.solutions, 0);
	dlx_sudoku_free(s);
}
END_TEST

struct seen {
	const struct rules *ru;
	unsigned calls;
	int answer;
};

static int on_board(void *ctx, const uint8_t *board)
{
	struct seen *c = ctx;
	c->calls++;
	ck_assert(rules_valid(c->ru, NULL, board));
	return c->answer;
}

/* The solution goes to on_solution once; a non-zero answer is a stop by the callback. */
START_TEST(test_callback)
{
	uint8_t givens[256] = { 0 };
	dlx_sudoku *s = make(4, 4, 0, NULL);
	struct rules ru = { 4, 0, NULL, 0, 0 };
	for (int answer = 0; answer <= 1; answer++) {
		struct seen c = { &ru, 0, answer };
		dlx_sudoku_params sp = first_solution();
		sp.on_solution = on_board;
		sp.solution_ctx = &c;
		dlx_sudoku_result res;
		ck_assert_int_eq(dlx_sudoku_solve(s, givens, &sp, NULL, &res, NULL), DLX_OK);
		ck_assert_uint_eq(c.calls, 1);
		ck_assert_uint_eq(res.stats.solutions, 1);
		ck_assert_int_eq(res.stats.stop, answer ? DLX_STOP_CALLBACK : DLX_STOP_LIMIT);
	}
	dlx_sudoku_free(s);
}
END_TEST

/* What it cannot answer is refused, not answered wrongly. */
START_TEST(test_refused)
{
	uint8_t givens[81] = { 0 }, sol[81], marks[81 * 9];
	memset(marks, 1, sizeof marks);
	dlx_sudoku *s = make(3, 3, 0, NULL);
	dlx_sudoku_result res;
	/* Counting, uniqueness and every solution need a search that can tell there are no more. */
	for (uint64_t limit = 0; limit <= 2; limit += 2) {
		dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
		sp.limit = limit;
		ck_assert_int_eq(dlx_sudoku_solve(s, givens, &sp, sol, &res, NULL), DLX_ERR_UNSUPPORTED);
	}
	dlx_sudoku_params sp = first_solution();
	ck_assert_int_eq(dlx_sudoku_solve_candidates(s, marks, &sp, sol, &res, NULL), DLX_ERR_UNSUPPORTED);
	ck_assert_int_eq(dlx_sudoku_set_propagation(s, DLX_PROPAGATE_SUBSUME), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_solve(s, givens, &sp, sol, &res, NULL), DLX_ERR_UNSUPPORTED);
	dlx_sudoku_free(s);
	/*
	 * Variants: their units stall it, and cell links are not units at all;
	 * auto on such a board past 25x25, its dancing links' budget spent,
	 * goes on without it (and without it on a jigsaw map, which may stall it).
	 */
	static const unsigned variants[] = { DLX_SUDOKU_X, DLX_SUDOKU_WINDOKU, DLX_SUDOKU_DISJOINT,
		DLX_SUDOKU_ANTI_KNIGHT, DLX_SUDOKU_ANTI_KING, DLX_SUDOKU_NONCONSECUTIVE, 0 };
	static uint8_t big_givens[36 * 36], big_sol[36 * 36], boxes[36 * 36];
	for (unsigned cell = 0; cell < 36 * 36; cell++)
		boxes[cell] = (uint8_t)((cell / 36) / 6 * 6 + (cell % 36) / 6 + 1);
	for (size_t k = 0; k < sizeof variants / sizeof variants[0]; k++) {
		dlx_sudoku_board b = { 3, 3, variants[k], NULL };
		if (variants[k]) {
			ck_assert_int_eq(dlx_sudoku_new_board(&b, &s, NULL), DLX_OK);
			ck_assert_int_eq(dlx_sudoku_set_engine(s, DLX_SUDOKU_ENGINE_LOCAL, 0), DLX_ERR_UNSUPPORTED);
			dlx_sudoku_free(s);
		}
		/* A board of units and the jigsaw: the others take the same test (a 36x36 SAT run each). */
		if (variants[k] != DLX_SUDOKU_X && variants[k] != 0)
			continue;
		dlx_sudoku_board big = { 6, 6, variants[k], variants[k] ? NULL : boxes };
		ck_assert_int_eq(dlx_sudoku_new_board(&big, &s, NULL), DLX_OK);
		ck_assert_int_eq(dlx_sudoku_set_engine(s, DLX_SUDOKU_ENGINE_AUTO, 50), DLX_OK);
		dlx_sudoku_params all = DLX_SUDOKU_PARAMS_INIT;
		all.limit = 1;
		all.node_limit = 1000;
		ck_assert_int_eq(dlx_sudoku_solve(s, big_givens, &all, big_sol, &res, NULL), DLX_OK);
		ck_assert_int_ne(dlx_sudoku_last_engine(s), DLX_SUDOKU_ENGINE_LOCAL);
		dlx_sudoku_free(s);
	}
	dlx_sudoku_board b = DLX_SUDOKU_BOARD_INIT;
	ck_assert_int_eq(dlx_sudoku_new_board(&b, &s, NULL), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_set_engine(s, (dlx_sudoku_engine)4, 0), DLX_ERR_INVALID);
	dlx_sudoku_free(s);
}
END_TEST

/*
 * Auto on a board past 25x25: dancing links within the budget (50 nodes
 * here), then the local search, which answers a sparse puzzle; a puzzle it
 * does not answer within the node limit (its moves) goes on to the SAT
 * engine, or without CaDiCaL to dancing links without the budget.
 */
START_TEST(test_auto_stages)
{
	uint8_t givens[1296], sol[1296];
	dlx_sudoku *s = make(6, 6, 0, NULL);
	struct rules ru = { 6, 0, NULL, 0, 0 };
	ck_assert_int_eq(dlx_sudoku_set_engine(s, DLX_SUDOKU_ENGINE_AUTO, 50), DLX_OK);
	rng_state = 7;
	make_puzzle(6, 6, 5, givens);
	dlx_sudoku_params sp = first_solution();
	dlx_sudoku_result res = solve_checked(s, &ru, givens, &sp, sol);
	ck_assert_uint_eq(res.stats.solutions, 1);
	ck_assert_int_eq(dlx_sudoku_last_engine(s), DLX_SUDOKU_ENGINE_LOCAL);
	/* Uniqueness is never the local search's (bounded: a SAT run on so empty a board is heavy-tailed). */
	sp.limit = 2;
	sp.node_limit = 1000;
	res = solve_checked(s, &ru, givens, &sp, sol);
	ck_assert_int_ne(dlx_sudoku_last_engine(s), DLX_SUDOKU_ENGINE_LOCAL);
	/* 45% given, the hard density: the local search stalls (2,000 moves), the next engine takes over. */
	make_puzzle(6, 6, 45, givens);
	sp.limit = 1;
	sp.node_limit = 2000;
	res = solve_checked(s, &ru, givens, &sp, sol);
	ck_assert_int_eq(dlx_sudoku_last_engine(s), dlx_sat_available() ? DLX_SUDOKU_ENGINE_SAT : DLX_SUDOKU_ENGINE_DLX);
	if (res.stats.solutions == 0)
		ck_assert_int_eq(res.stats.stop, DLX_STOP_NODE_LIMIT);
	dlx_sudoku_free(s);
}
END_TEST

static Suite *local_suite(void)
{
	Suite *su = suite_create("sudoku-local");
	TCase *tc = tcase_create("local");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_empty_boards);
	tcase_add_test(tc, test_jigsaw);
	tcase_add_test(tc, test_sparse_puzzles);
	tcase_add_test(tc, test_random_givens);
	tcase_add_test(tc, test_deterministic_and_full);
	tcase_add_test(tc, test_steps_are_one_search);
	tcase_add_test(tc, test_no_solution_stops);
	tcase_add_test(tc, test_poll_stops);
	tcase_add_test(tc, test_callback);
	tcase_add_test(tc, test_refused);
	tcase_add_test(tc, test_auto_stages);
	suite_add_tcase(su, tc);
	return su;
}

int main(void)
{
	SRunner *sr = srunner_create(local_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
