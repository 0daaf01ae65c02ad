/*
 * The "sudoku-boxes" suite: boards of R x C boxes (dlx_sudoku_new_board()),
 * 6x6 with 2x3 boxes, 8x8 with 2x4, 12x12 with 3x4 and the like, alone and
 * with the X and windoku units.
 *
 * Counts are compared with the independent checker's brute force
 * (sudoku-rules.h), which builds its units from the rules, and with the
 * known numbers of full grids: 288 for 4x4, 28,200,960 for 6x6 with 2x3 boxes
 * (a test of its 1/720 share; the whole count is a benchmark).
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

static dlx_sudoku *make(unsigned rows, unsigned cols, unsigned flags)
{
	dlx_sudoku_board b = { rows, cols, flags, NULL };
	dlx_sudoku *s;
	dlx_error_info err;
	int rc = dlx_sudoku_new_board(&b, &s, &err);
	ck_assert_msg(rc == DLX_OK, "new_board %ux%u: %d %s", rows, cols, rc, err.message);
	ck_assert_str_eq(err.message, "");
	return s;
}

struct collect {
	const struct rules *ru;
	const uint8_t *givens;
	uint64_t seen, bad;
};

static int check_each(void *ctx, const uint8_t *sol)
{
	struct collect *c = ctx;
	c->seen++;
	if (!rules_valid(c->ru, c->givens, sol))
		c->bad++;
	return 0;
}

/* Counts the solutions with the library, every one checked by the independent checker. */
static uint64_t count_checked(dlx_sudoku *s, const struct rules *ru, const uint8_t *givens, uint64_t limit)
{
	struct collect c = { ru, givens, 0, 0 };
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = limit;
	sp.on_solution = check_each;
	sp.solution_ctx = &c;
	dlx_sudoku_result res;
	ck_assert_int_eq(dlx_sudoku_solve(s, givens, &sp, NULL, &res, NULL), DLX_OK);
	ck_assert_uint_eq(c.seen, res.stats.solutions);
	ck_assert_uint_eq(c.bad, 0);
	return c.seen;
}

/* The shapes the tests walk through: boxes and variant flags. */
static const struct { unsigned rows, cols, flags; } shapes[] = {
	{ 2, 3, 0 }, { 3, 2, 0 }, { 2, 3, DLX_SUDOKU_X }, { 2, 3, DLX_SUDOKU_WINDOKU },
	{ 2, 4, DLX_SUDOKU_X | DLX_SUDOKU_WINDOKU }, { 2, 4, 0 }, { 4, 2, DLX_SUDOKU_WINDOKU },
	{ 2, 4, DLX_SUDOKU_X }, { 2, 5, 0 }, { 3, 4, 0 }, { 3, 4, DLX_SUDOKU_WINDOKU },
};

START_TEST(test_accessors)
{
	dlx_sudoku *s = make(2, 3, 0);
	ck_assert_uint_eq(dlx_sudoku_box_rows(s), 2);
	ck_assert_uint_eq(dlx_sudoku_box_cols(s), 3);
	ck_assert_uint_eq(dlx_sudoku_box(s), 0);
	ck_assert_uint_eq(dlx_sudoku_side(s), 6);
	ck_assert_uint_eq(dlx_sudoku_cells(s), 36);
	/* Box 2 (1-based) is r1-r2, c4-c6; box 3 r3-r4, c1-c3. */
	const uint8_t *reg = dlx_sudoku_regions(s);
	ck_assert_uint_eq(reg[0], 1);
	ck_assert_uint_eq(reg[3], 2);
	ck_assert_uint_eq(reg[6 + 5], 2);
	ck_assert_uint_eq(reg[2 * 6], 3);
	ck_assert_uint_eq(reg[5 * 6 + 5], 6);
	const dlx_problem *p = dlx_sudoku_problem(s);
	ck_assert_uint_eq(dlx_primary_count(p), 36 + 3 * 36);
	ck_assert_uint_eq(dlx_option_count(p), 6 * 36);
	dlx_sudoku_free(s);

	/* 3x2 boxes are tall: box 2 is r1-r3, c3-c4. */
	s = make(3, 2, 0);
	reg = dlx_sudoku_regions(s);
	ck_assert_uint_eq(reg[2], 2);
	ck_assert_uint_eq(reg[2 * 6 + 3], 2);
	ck_assert_uint_eq(reg[3 * 6], 4);
	dlx_sudoku_free(s);

	/* Square boxes through new_board are the box size's solver, item for item. */
	dlx_sudoku *a, *b = make(3, 3, DLX_SUDOKU_X | DLX_SUDOKU_WINDOKU);
	dlx_sudoku_shape shape = { 3, DLX_SUDOKU_X | DLX_SUDOKU_WINDOKU, NULL };
	ck_assert_int_eq(dlx_sudoku_new_shape(&shape, &a, NULL), DLX_OK);
	ck_assert_uint_eq(dlx_sudoku_box(b), 3);
	const dlx_problem *pa = dlx_sudoku_problem(a), *pb = dlx_sudoku_problem(b);
	ck_assert_uint_eq(dlx_primary_count(pa), dlx_primary_count(pb));
	ck_assert_uint_eq(dlx_option_count(pa), dlx_option_count(pb));
	for (size_t o = 0; o < dlx_option_count(pa); o++) {
		ck_assert_uint_eq(dlx_option_size(pa, o), dlx_option_size(pb, o));
		for (size_t k = 0; k < dlx_option_size(pa, o); k++)
			ck_assert_uint_eq(dlx_option_item(pa, o, k), dlx_option_item(pb, o, k));
	}
	ck_assert_uint_eq(dlx_sudoku_box_rows(a), 3);
	ck_assert_uint_eq(dlx_sudoku_box_cols(a), 3);
	dlx_sudoku_free(a);
	dlx_sudoku_free(b);
	ck_assert_uint_eq(dlx_sudoku_box_rows(NULL), 0);
	ck_assert_uint_eq(dlx_sudoku_box_cols(NULL), 0);
}
END_TEST

START_TEST(test_refused)
{
	dlx_sudoku *s = (dlx_sudoku *)&s;
	dlx_sudoku_board b = { 1, 6, 0, NULL };
	ck_assert_int_eq(dlx_sudoku_new_board(&b, &s, NULL), DLX_ERR_INVALID);
	ck_assert_ptr_null(s);
	b.box_rows = 6;
	b.box_cols = 0;
	ck_assert_int_eq(dlx_sudoku_new_board(&b, &s, NULL), DLX_ERR_INVALID);
	b.box_cols = 2;
	b.flags = 64; /* no such flag */
	ck_assert_int_eq(dlx_sudoku_new_board(&b, &s, NULL), DLX_ERR_INVALID);
	b.flags = 0;
	b.box_rows = 11;
	b.box_cols = 10;
	ck_assert_int_eq(dlx_sudoku_new_board(&b, &s, NULL), DLX_ERR_TOO_BIG);
	/* Products that would wrap a 32-bit multiplication are refused too. */
	b.box_rows = 65536;
	b.box_cols = 65536;
	ck_assert_int_eq(dlx_sudoku_new_board(&b, &s, NULL), DLX_ERR_TOO_BIG);
	ck_assert_int_eq(dlx_sudoku_new_board(NULL, &s, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_sudoku_new_board(&b, NULL, NULL), DLX_ERR_INVALID);
	/* A jigsaw map on a 6x6 board is checked against side 6. */
	uint8_t map[36];
	for (unsigned k = 0; k < 36; k++)
		map[k] = (uint8_t)(k / 6 + 1);
	dlx_sudoku_board j = { 2, 3, 0, map };
	dlx_error_info err;
	ck_assert_int_eq(dlx_sudoku_new_board(&j, &s, &err), DLX_OK);
	dlx_sudoku_free(s);
	map[35] = 7;
	ck_assert_int_eq(dlx_sudoku_new_board(&j, &s, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "r6c6 is in region 7, not 1-6");
}
END_TEST

/* The numbers of full grids: 288 (4x4) by brute force too; 6x6 in the slow case below. */
START_TEST(test_count_4x4)
{
	dlx_sudoku *s = make(2, 2, 0);
	struct rules ru = { 0, 0, NULL, 2, 2 };
	uint8_t empty[16] = { 0 };
	ck_assert_uint_eq(count_checked(s, &ru, empty, 0), 288);
	ck_assert_uint_eq(rules_brute_count(&ru, empty, 0), 288);
	dlx_sudoku_free(s);
}
END_TEST

/*
 * 28,200,960 full 6x6 grids with 2x3 boxes (and as many with 3x2: the board
 * transposed).  Relabelling the digits maps the grids whose first row is
 * 123456 one to one onto those with any other first row, so 28,200,960 / 6!
 * = 39,168 have it: that count, each grid checked, is the test; the whole
 * count, 23 s, is a benchmark (tools/bench.sh, section exact).
 */
START_TEST(test_count_6x6)
{
	for (unsigned k = 0; k < 2; k++) {
		dlx_sudoku *s = make(k ? 3 : 2, k ? 2 : 3, 0);
		struct rules ru = { 0, 0, NULL, k ? 3 : 2, k ? 2 : 3 };
		uint8_t first_row[36] = { 1, 2, 3, 4, 5, 6 };
		ck_assert_uint_eq(count_checked(s, &ru, first_row, 0), 28200960u / 720u);
		dlx_sudoku_free(s);
	}
}
END_TEST

/*
 * X and windoku together leave no full 6x6 board (either box shape): the
 * library's search and the brute force agree, and the generator says so.
 */
START_TEST(test_no_board)
{
	for (unsigned k = 0; k < 2; k++) {
		unsigned R = k ? 3 : 2, C = k ? 2 : 3;
		dlx_sudoku *s = make(R, C, DLX_SUDOKU_X | DLX_SUDOKU_WINDOKU);
		struct rules ru = { 0, DLX_SUDOKU_X | DLX_SUDOKU_WINDOKU, NULL, R, C };
		uint8_t empty[36] = { 0 }, puzzle[36];
		ck_assert_uint_eq(count_checked(s, &ru, empty, 0), 0);
		ck_assert_uint_eq(rules_brute_count(&ru, empty, 0), 0);
		dlx_sudoku_gen_result res;
		dlx_error_info err;
		ck_assert_int_eq(dlx_sudoku_generate(s, NULL, puzzle, NULL, &res, &err), DLX_ERR_CONFLICT);
		ck_assert_str_eq(err.message, "no full board satisfies the units of this shape");
		dlx_sudoku_free(s);
	}
}
END_TEST

/* A small deterministic generator, so the blanked cells differ from case to case. */
static uint64_t lcg(uint64_t *x)
{
	*x = *x * 6364136223846793005u + 1442695040888963407u;
	return *x >> 33;
}

/*
 * For each shape: a full board (the library's first solution, checked),
 * then boards with about half the cells blanked, whose counts the library
 * and the brute force must agree on.  The brute force's units are its own,
 * so a misplaced box or window in the matrix changes one count or the other.
 */
START_TEST(test_counts_vs_brute)
{
	unsigned R = shapes[_i].rows, C = shapes[_i].cols, flags = shapes[_i].flags, side = R * C;
	size_t cells = (size_t)side * side;
	dlx_sudoku *s = make(R, C, flags);
	struct rules ru = { 0, flags, NULL, R, C };
	uint8_t *full = calloc(cells, 1), *p = malloc(cells);
	ck_assert(full && p);
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = 1;
	dlx_sudoku_result res;
	uint8_t *empty = calloc(cells, 1);
	ck_assert_int_eq(dlx_sudoku_solve(s, empty, &sp, full, &res, NULL), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 1);
	ck_assert(rules_valid(&ru, NULL, full));
	/* Blank fewer cells on the bigger boards, where brute force is slow. */
	unsigned keep_pct = side <= 8 ? 40 : side <= 10 ? 55 : 65;
	uint64_t x = 12345 + (uint64_t)_i, total = 0;
	for (unsigned round = 0; round < 6; round++) {
		for (size_t k = 0; k < cells; k++)
			p[k] = lcg(&x) % 100 < keep_pct ? full[k] : 0;
		uint64_t want = rules_brute_count(&ru, p, 0);
		uint64_t got = count_checked(s, &ru, p, 0);
		ck_assert_msg(got == want, "%ux%u flags %u round %u: library %llu, brute force %llu", R, C, flags,
			round, (unsigned long long)got, (unsigned long long)want);
		ck_assert_uint_ge(got, 1);
		total += got;
	}
	/* Not only boards that one solution fills: the blanks leave some choice. */
	ck_assert_uint_gt(total, 6);
	free(full);
	free(p);
	free(empty);
	dlx_sudoku_free(s);
}
END_TEST

/* Windows of R x C boxes: where they are, and the conflicts they report. */
START_TEST(test_windows)
{
	/* 6x6, 2x3 boxes: one window, r2c2-r3c4. */
	dlx_sudoku *s = make(2, 3, DLX_SUDOKU_WINDOKU);
	ck_assert_uint_eq(dlx_primary_count(dlx_sudoku_problem(s)), 36 + (18 + 1) * 6);
	uint8_t b[144] = { 0 };
	b[1 * 6 + 1] = 5;
	b[2 * 6 + 3] = 5;
	dlx_sudoku_result res;
	dlx_error_info err;
	ck_assert_int_eq(dlx_sudoku_check(s, b, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r2c2 and r3c4 both hold 5 in window 1");
	b[2 * 6 + 3] = 0;
	b[3 * 6 + 3] = 5; /* r4c4 is below the window */
	ck_assert_int_eq(dlx_sudoku_check(s, b, &res, &err), DLX_OK);
	dlx_sudoku_free(s);

	/* 12x12, 3x4 boxes: four windows, rows 2-4 and 6-8, columns 2-5 and 7-10. */
	s = make(3, 4, DLX_SUDOKU_WINDOKU);
	ck_assert_uint_eq(dlx_primary_count(dlx_sudoku_problem(s)), 144 + (36 + 4) * 12);
	memset(b, 0, sizeof b);
	b[5 * 12 + 6] = 9;
	b[7 * 12 + 9] = 9;
	ck_assert_int_eq(dlx_sudoku_check(s, b, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r6c7 and r8c10 both hold 9 in window 4");
	dlx_sudoku_free(s);
}
END_TEST

/* Generation on rectangular boxes: unique, checked, minimal, the same for the same seed. */
START_TEST(test_generate)
{
	unsigned R = shapes[_i].rows, C = shapes[_i].cols, flags = shapes[_i].flags, side = R * C;
	size_t cells = (size_t)side * side;
	dlx_sudoku *s = make(R, C, flags);
	struct rules ru = { 0, flags, NULL, R, C };
	uint8_t *puzzle = malloc(cells), *again = malloc(cells), *sol = malloc(cells), *q = malloc(cells);
	ck_assert(puzzle && again && sol && q);
	dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
	gp.seed = 99;
	gp.sequence = (uint64_t)_i;
	dlx_sudoku_gen_result res;
	ck_assert_int_eq(dlx_sudoku_generate(s, &gp, puzzle, sol, &res, NULL), DLX_OK);
	ck_assert_int_eq(res.stop, DLX_STOP_COMPLETE);
	ck_assert_int_eq(res.minimal, 1);
	ck_assert(rules_valid(&ru, puzzle, sol));
	ck_assert_uint_eq(count_checked(s, &ru, puzzle, 0), 1);
	if (side <= 6)
		ck_assert_uint_eq(rules_brute_count(&ru, puzzle, 0), 1);
	/* Minimal: every clue is needed. */
	for (size_t k = 0; k < cells; k++) {
		if (!puzzle[k])
			continue;
		memcpy(q, puzzle, cells);
		q[k] = 0;
		ck_assert_uint_eq(count_checked(s, &ru, q, 2), 2);
	}
	ck_assert_int_eq(dlx_sudoku_generate(s, &gp, again, NULL, &res, NULL), DLX_OK);
	ck_assert_mem_eq(puzzle, again, cells);
	free(puzzle);
	free(again);
	free(sol);
	free(q);
	dlx_sudoku_free(s);
}
END_TEST

/* Boards of side 49 and up are constructed, not searched: their boxes must still be whole. */
START_TEST(test_generate_constructed)
{
	static const unsigned dims[][2] = { { 7, 8 }, { 8, 7 }, { 7, 7 } };
	unsigned R = dims[_i][0], C = dims[_i][1], side = R * C;
	size_t cells = (size_t)side * side;
	dlx_sudoku *s = make(R, C, 0);
	struct rules ru = { 0, 0, NULL, R, C };
	uint8_t *puzzle = malloc(cells), *sol = malloc(cells);
	ck_assert(puzzle && sol);
	dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
	gp.seed = 5;
	/* Few removals: the full board is the point here. */
	gp.clues = cells - 20;
	dlx_sudoku_gen_result res;
	ck_assert_int_eq(dlx_sudoku_generate(s, &gp, puzzle, sol, &res, NULL), DLX_OK);
	ck_assert(rules_valid(&ru, puzzle, sol));
	ck_assert_uint_le(res.clues, cells - 20);
	free(puzzle);
	free(sol);
	dlx_sudoku_free(s);
}
END_TEST

static Suite *boxes_suite(void)
{
	Suite *s = suite_create("sudoku-boxes");
	TCase *tc = tcase_create("shape");
	tcase_add_test(tc, test_accessors);
	tcase_add_test(tc, test_refused);
	tcase_add_test(tc, test_windows);
	suite_add_tcase(s, tc);

	tc = tcase_create("count");
	tcase_add_test(tc, test_count_4x4);
	tcase_add_test(tc, test_count_6x6);
	tcase_add_test(tc, test_no_board);
	tcase_add_loop_test(tc, test_counts_vs_brute, 0, (int)(sizeof shapes / sizeof shapes[0]));
	suite_add_tcase(s, tc);

	tc = tcase_create("generate");
	tcase_add_loop_test(tc, test_generate, 0, (int)(sizeof shapes / sizeof shapes[0]));
	tcase_add_loop_test(tc, test_generate_constructed, 0, 3);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(boxes_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
