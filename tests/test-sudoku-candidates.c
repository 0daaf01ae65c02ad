/*
 * The "sudoku-candidates" suite: puzzles given as pencil marks
 * (dlx_sudoku_solve_candidates(), dlx_sudoku_grade_candidates()) and the marks
 * that givens and singles leave (dlx_sudoku_candidates()).
 *
 * Counts of random marks are compared with the brute force of the
 * independent checker (sudoku-rules.h), which fills the cells from the marks; marks made from givens must give the givens' answers and
 * grades; the singles' marks must keep every solution's digits, and leave one
 * candidate per cell exactly when the exact-cover search never branches.
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-sudoku-generate.h"
#include "dlx-sudoku.h"
#include "sudoku-rules.h"
#include "test-trials.h"

static dlx_sudoku *make(unsigned rows, unsigned cols, unsigned flags)
{
	dlx_sudoku_board b = { rows, cols, flags, NULL };
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new_board(&b, &s, NULL), DLX_OK);
	return s;
}

/* Marks of givens: the given's digit alone, every digit in a blank. */
static void marks_of(unsigned side, const uint8_t *givens, uint8_t *marks)
{
	for (size_t cell = 0; cell < (size_t)side * side; cell++)
		for (unsigned d = 0; d < side; d++)
			marks[cell * side + d] = !givens[cell] || givens[cell] == d + 1;
}

struct collect {
	const struct rules *ru;
	const uint8_t *marks;
	unsigned side;
	uint64_t seen, bad;
};

static int check_each(void *ctx, const uint8_t *sol)
{
	struct collect *c = ctx;
	c->seen++;
	bool ok = rules_valid(c->ru, NULL, sol);
	for (size_t cell = 0; cell < (size_t)c->side * c->side; cell++)
		ok = ok && c->marks[cell * c->side + sol[cell] - 1];
	c->bad += !ok;
	return 0;
}

/* The library's count of the marks' solutions, each checked: valid, and every digit one of its cell's marks. */
static uint64_t count_marks(dlx_sudoku *s, const struct rules *ru, const uint8_t *marks)
{
	struct collect c = { ru, marks, dlx_sudoku_side(s), 0, 0 };
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.on_solution = check_each;
	sp.solution_ctx = &c;
	dlx_sudoku_result res;
	dlx_error_info err;
	int rc = dlx_sudoku_solve_candidates(s, marks, &sp, NULL, &res, &err);
	if (rc == DLX_ERR_CONFLICT)
		return 0;
	ck_assert_msg(rc == DLX_OK, "%d %s", rc, err.message);
	ck_assert_uint_eq(c.seen, res.stats.solutions);
	ck_assert_uint_eq(c.bad, 0);
	return c.seen;
}

static uint64_t lcg(uint64_t *x)
{
	*x = *x * 6364136223846793005u + 1442695040888963407u;
	return *x >> 33;
}

/* Random marks on 4x4 and 6x6 boards (with X and windoku too): library and brute force agree. */
START_TEST(test_random_marks)
{
	static const struct { unsigned rows, cols, flags, keep; } shapes[] = {
		{ 2, 2, 0, 55 }, { 2, 2, DLX_SUDOKU_X, 65 }, { 2, 3, 0, 55 }, { 2, 3, DLX_SUDOKU_WINDOKU, 60 },
		{ 3, 2, DLX_SUDOKU_X, 60 },
	};
	unsigned R = shapes[_i].rows, C = shapes[_i].cols, side = R * C;
	size_t cells = (size_t)side * side;
	dlx_sudoku *s = make(R, C, shapes[_i].flags);
	struct rules ru = { 0, shapes[_i].flags, NULL, R, C };
	uint8_t marks[36 * 6];
	uint64_t x = 77 + (uint64_t)_i, total = 0;
	unsigned solvable = 0;
	const unsigned rounds = test_trials_min(30, 10);
	for (unsigned round = 0; round < rounds; round++) {
		/* Half the cells keep all their marks, the rest a random share: some solutions, not too many. */
		for (size_t cell = 0; cell < cells; cell++) {
			bool all = lcg(&x) % 2;
			for (unsigned d = 0; d < side; d++)
				marks[cell * side + d] = all || lcg(&x) % 100 < shapes[_i].keep;
		}
		uint64_t want = rules_brute_count_marks(&ru, marks, 0);
		uint64_t got = count_marks(s, &ru, marks);
		ck_assert_msg(got == want, "round %u: library %llu, brute force %llu", round, (unsigned long long)got,
			(unsigned long long)want);
		total += got;
		solvable += got > 0;
	}
	/* The rounds are not all empty, nor all trivial. */
	ck_assert_uint_gt(solvable * 15, rounds); /* at least 3 of 30 */
	ck_assert_uint_gt(total, solvable);
	dlx_sudoku_free(s);
}
END_TEST

/* Marks made from givens: the same solutions, counts and grades as the givens. */
START_TEST(test_marks_of_givens)
{
	static const unsigned dims[][3] = { { 3, 3, 0 }, { 2, 3, 0 }, { 3, 3, DLX_SUDOKU_X }, { 3, 4, 0 } };
	unsigned R = dims[_i][0], C = dims[_i][1], side = R * C;
	size_t cells = (size_t)side * side;
	dlx_sudoku *s = make(R, C, dims[_i][2]);
	uint8_t *puzzle = malloc(cells), *marks = malloc(cells * side), *a = malloc(cells), *b = malloc(cells);
	ck_assert(puzzle && marks && a && b);
	for (uint64_t k = 0; k < 4; k++) {
		dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
		gp.seed = 31;
		gp.sequence = k;
		/* Minimal puzzles, and with k odd a few clues fewer than minimal: several solutions. */
		dlx_sudoku_gen_result gr;
		ck_assert_int_eq(dlx_sudoku_generate(s, &gp, puzzle, NULL, &gr, NULL), DLX_OK);
		if (k % 2)
			for (size_t c = 0, gone = 0; c < cells && gone < 2; c++)
				if (puzzle[c]) {
					puzzle[c] = 0;
					gone++;
				}
		marks_of(side, puzzle, marks);
		dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
		sp.limit = side <= 9 ? 0 : 50;
		dlx_sudoku_result r1, r2;
		ck_assert_int_eq(dlx_sudoku_solve(s, puzzle, &sp, a, &r1, NULL), DLX_OK);
		ck_assert_int_eq(dlx_sudoku_solve_candidates(s, marks, &sp, b, &r2, NULL), DLX_OK);
		ck_assert_uint_eq(r1.stats.solutions, r2.stats.solutions);
		ck_assert_uint_ge(r1.stats.solutions, 1);
		ck_assert_mem_eq(a, b, cells);
		if (k % 2 == 0) {
			uint64_t g1 = 0, g2 = 0;
			ck_assert_int_eq(dlx_sudoku_grade(s, puzzle, NULL, &g1, &r1, NULL), DLX_OK);
			ck_assert_int_eq(dlx_sudoku_grade_candidates(s, marks, NULL, &g2, &r2, NULL), DLX_OK);
			ck_assert_uint_eq(r2.stats.solutions, 1);
			ck_assert_uint_eq(g1, g2);
			ck_assert_uint_eq(r1.stats.branches, r2.stats.branches);
		}
	}
	/* Threads split the marks' search as they split a puzzle's. */
	memset(puzzle, 0, cells);
	marks_of(side, puzzle, marks);
	if (side <= 6) {
		dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
		sp.threads = 2;
		dlx_sudoku_result r;
		/* The first row 123456: 28,200,960 / 6! grids. */
		for (unsigned c = 0; c < side; c++)
			for (unsigned d = 0; d < side; d++)
				marks[c * side + d] = d == c;
		ck_assert_int_eq(dlx_sudoku_solve_candidates(s, marks, &sp, NULL, &r, NULL), DLX_OK);
		ck_assert_uint_eq(r.stats.solutions, 28200960u / 720u);
	}
	free(puzzle);
	free(marks);
	free(a);
	free(b);
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_conflicts)
{
	dlx_sudoku *s = make(2, 2, 0);
	uint8_t marks[64];
	memset(marks, 1, sizeof marks);
	dlx_sudoku_result res;
	dlx_error_info err;
	marks[5 * 4 + 0] = marks[5 * 4 + 1] = marks[5 * 4 + 2] = marks[5 * 4 + 3] = 0;
	ck_assert_int_eq(dlx_sudoku_solve_candidates(s, marks, NULL, NULL, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r2c2 has no candidate");
	ck_assert_uint_eq(res.conflict.row1, 1);
	ck_assert_uint_eq(res.conflict.col2, 1);
	ck_assert_uint_eq(res.stats.solutions, 0);
	/* r1c1 and r1c4 can only be 3. */
	memset(marks, 1, sizeof marks);
	for (unsigned d = 0; d < 4; d++)
		marks[0 * 4 + d] = marks[3 * 4 + d] = d == 2;
	ck_assert_int_eq(dlx_sudoku_solve_candidates(s, marks, NULL, NULL, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r1c1 and r1c4 both hold 3");
	uint64_t grade = 99;
	ck_assert_int_eq(dlx_sudoku_grade_candidates(s, marks, NULL, &grade, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_uint_eq(grade, 99);
	ck_assert_int_eq(dlx_sudoku_solve_candidates(s, NULL, NULL, NULL, &res, &err), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_sudoku_solve_candidates(s, marks, NULL, NULL, NULL, &err), DLX_ERR_INVALID);
	/* No candidate left for a digit the rules cannot place, but no clash among lone candidates: no solution. */
	memset(marks, 1, sizeof marks);
	for (unsigned c = 0; c < 4; c++)
		marks[c * 4 + 0] = 0; /* no 1 in row 1 */
	ck_assert_int_eq(dlx_sudoku_solve_candidates(s, marks, NULL, NULL, &res, &err), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 0);
	uint8_t out[64];
	ck_assert_int_eq(dlx_sudoku_candidates(s, NULL, marks, out, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "1 has no place left in row 1");
	dlx_sudoku_free(s);
}
END_TEST

/*
 * The singles' marks: on generated puzzles they keep the solution's digits,
 * and leave one candidate in every cell exactly when the uniqueness search
 * never branches (dlx_stats.branches 0: every step had an item with one
 * option, a naked or hidden single).
 */
START_TEST(test_singles)
{
	static const unsigned dims[][3] = { { 3, 3, 0 }, { 2, 3, 0 }, { 3, 3, DLX_SUDOKU_WINDOKU }, { 2, 4, 0 } };
	unsigned R = dims[_i][0], C = dims[_i][1], side = R * C;
	size_t cells = (size_t)side * side;
	dlx_sudoku *s = make(R, C, dims[_i][2]);
	uint8_t puzzle[81], sol[81], out[729];
	unsigned solved_by_singles = 0, needs_more = 0;
	for (uint64_t k = 0; k < 40; k++) {
		dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
		gp.seed = 5;
		gp.sequence = k;
		/* Some puzzles with more clues than minimal, which singles solve more often. */
		gp.clues = k % 2 ? cells / 2 : 0;
		dlx_sudoku_gen_result gr;
		ck_assert_int_eq(dlx_sudoku_generate(s, &gp, puzzle, sol, &gr, NULL), DLX_OK);
		dlx_error_info err;
		ck_assert_int_eq(dlx_sudoku_candidates(s, puzzle, NULL, out, &err), DLX_OK);
		bool singletons = true;
		for (size_t cell = 0; cell < cells; cell++) {
			unsigned n = 0;
			for (unsigned d = 0; d < side; d++)
				n += out[cell * side + d];
			ck_assert_uint_ge(n, 1);
			ck_assert_msg(out[cell * side + sol[cell] - 1], "the solution's digit left cell %zu", cell);
			if (puzzle[cell])
				ck_assert_uint_eq(n, 1);
			singletons &= n == 1;
		}
		uint64_t grade;
		dlx_sudoku_result res;
		ck_assert_int_eq(dlx_sudoku_grade(s, puzzle, NULL, &grade, &res, NULL), DLX_OK);
		ck_assert_msg(singletons == (res.stats.branches == 0), "puzzle %llu: singletons %d, branches %llu",
			(unsigned long long)k, singletons, (unsigned long long)res.stats.branches);
		solved_by_singles += singletons;
		needs_more += !singletons;
		/* Marks in, marks out: starting from the marks changes nothing. */
		uint8_t again[729];
		ck_assert_int_eq(dlx_sudoku_candidates(s, NULL, out, again, NULL), DLX_OK);
		ck_assert_mem_eq(out, again, cells * side);
	}
	/* Both kinds occur (6x6 puzzles all fall to singles), so the equivalence was tested both ways. */
	ck_assert_uint_gt(solved_by_singles, 0);
	if (side > 6)
		ck_assert_uint_gt(needs_more, 0);
	dlx_sudoku_free(s);
}
END_TEST

/* A worked 4x4 example: what naked and hidden singles leave. */
START_TEST(test_singles_example)
{
	dlx_sudoku *s = make(2, 2, 0);
	struct rules ru = { 2, 0, NULL, 0, 0 };
	/* 1 . | . .      Row 1 lacks 2, 3, 4; r1c2 is in box 1 with the 3 at r2c1. */
	/* 3 . | . .      Nothing else is forced: several solutions. */
	uint8_t givens[16], out[64];
	rules_parse("1...3...........", givens, 16);
	ck_assert_int_eq(dlx_sudoku_candidates(s, givens, NULL, out, NULL), DLX_OK);
	/* r1c2: not 1 (row), not 3 (box): 2 or 4. */
	ck_assert_uint_eq(out[1 * 4 + 0], 0);
	ck_assert_uint_eq(out[1 * 4 + 1], 1);
	ck_assert_uint_eq(out[1 * 4 + 2], 0);
	ck_assert_uint_eq(out[1 * 4 + 3], 1);
	/* r3c1 and r4c1 hold 2 and 4 in some order. */
	ck_assert_uint_eq(out[8 * 4 + 1] + out[8 * 4 + 3], 2);
	ck_assert_uint_eq(out[8 * 4 + 0] + out[8 * 4 + 2], 0);
	ck_assert_uint_gt(rules_brute_count(&ru, givens, 0), 1);
	/* Clashing givens are refused as dlx_sudoku_check() refuses them. */
	dlx_error_info err;
	rules_parse("1..1............", givens, 16);
	ck_assert_int_eq(dlx_sudoku_candidates(s, givens, NULL, out, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r1c1 and r1c4 both hold 1");
	ck_assert_int_eq(dlx_sudoku_candidates(s, NULL, NULL, out, &err), DLX_ERR_INVALID);
	dlx_sudoku_free(s);
}
END_TEST

static Suite *candidates_suite(void)
{
	Suite *s = suite_create("sudoku-candidates");
	TCase *tc = tcase_create("solve");
	tcase_add_loop_test(tc, test_random_marks, 0, 5);
	tcase_add_loop_test(tc, test_marks_of_givens, 0, 4);
	tcase_add_test(tc, test_conflicts);
	suite_add_tcase(s, tc);
	tc = tcase_create("singles");
	tcase_add_loop_test(tc, test_singles, 0, 4);
	tcase_add_test(tc, test_singles_example);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(candidates_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
