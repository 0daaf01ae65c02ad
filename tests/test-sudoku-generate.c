/*
 * The "sudoku-generate" suite: puzzle generation (dlx-sudoku-generate.h)
 * and grading (dlx_sudoku_grade(, NULL)).
 *
 * What a generated puzzle must be is checked from outside the generator:
 * its solution by the independent checker of sudoku-rules.h, uniqueness by
 * a full count with the library (and on 4x4 by brute force as well), and
 * minimality by taking each clue away and finding a second solution.
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-sudoku-explain.h"
#include "dlx-sudoku-generate.h"
#include "dlx-sudoku.h"
#include "sudoku-rules.h"
#include "test-trials.h"

static const char map4[] = "1122112234443334";
static const char map4_impossible[] = "1112222133443344";
static const char map9[] =
	"111222333111225333141125333442225666445555666455777696477788996477888999478888999";

static dlx_sudoku *make(unsigned n, unsigned flags, const uint8_t *regions)
{
	dlx_sudoku_shape shape = { n, flags, regions };
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new_shape(&shape, &s, NULL), DLX_OK);
	return s;
}

/* Solutions of givens found by the library, up to limit (0: all), the search completing. */
static uint64_t count(dlx_sudoku *s, const uint8_t *givens, uint64_t limit, uint8_t *first)
{
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = limit;
	dlx_sudoku_result res;
	ck_assert_int_eq(dlx_sudoku_solve(s, givens, &sp, first, &res, NULL), DLX_OK);
	ck_assert(res.stats.stop == DLX_STOP_COMPLETE || res.stats.stop == DLX_STOP_LIMIT);
	return res.stats.solutions;
}

static size_t clues_of(const uint8_t *p, size_t cells)
{
	size_t k = 0;
	for (size_t c = 0; c < cells; c++)
		k += p[c] != 0;
	return k;
}

/*
 * The cells a symmetry ties to a cell, the cell included (up to 4), written
 * from the geometry: a quarter turn maps (r, c) to (c, e − r) with
 * e = side − 1, and its orbit is its images under 1, 2 and 3 turns.
 */
static unsigned images(unsigned sym, unsigned side, size_t cell, size_t *out)
{
	size_t r = cell / side, c = cell % side, e = side - 1, n = 0;
	out[n++] = cell;
	if (sym == DLX_SUDOKU_SYM_ROTATE90) {
		for (int t = 0; t < 3; t++) {
			size_t nr = c, nc = e - r;
			r = nr;
			c = nc;
			if (r * side + c != cell)
				out[n++] = r * side + c;
		}
	} else if (sym == DLX_SUDOKU_SYM_ROTATE180 && (e - r) * side + (e - c) != cell) {
		out[n++] = (e - r) * side + (e - c);
	} else if (sym == DLX_SUDOKU_SYM_MIRROR && r * side + (e - c) != cell) {
		out[n++] = r * side + (e - c);
	} else if (sym == DLX_SUDOKU_SYM_FLIP && (e - r) * side + c != cell) {
		out[n++] = (e - r) * side + c;
	}
	return (unsigned)n;
}

/* Whether the clues of puzzle have the symmetry. */
static bool has_symmetry(unsigned sym, unsigned side, const uint8_t *puzzle)
{
	size_t img[4];
	for (size_t c = 0; c < (size_t)side * side; c++) {
		unsigned n = images(sym, side, c, img);
		for (unsigned k = 0; k < n; k++)
			if ((puzzle[img[k]] != 0) != (puzzle[c] != 0))
				return false;
	}
	return true;
}

/*
 * Checks a generated puzzle: its solution is valid and keeps the clues, it
 * is the only one (full count), its clues have the symmetry sym, and, if
 * minimal, each clue (or each orbit of the symmetry) taken away lets in a
 * second solution.
 */
static void check_puzzle(dlx_sudoku *s, const struct rules *ru, const uint8_t *puzzle, const uint8_t *solution,
	const dlx_sudoku_gen_result *res, bool minimal, unsigned sym)
{
	const size_t cells = dlx_sudoku_cells(s);
	const unsigned side = dlx_sudoku_side(s);
	uint8_t *first = malloc(cells), *p = malloc(cells);
	ck_assert(first && p);
	ck_assert_uint_eq(res->clues, clues_of(puzzle, cells));
	ck_assert(rules_valid(ru, puzzle, solution));
	ck_assert_uint_eq(count(s, puzzle, 0, first), 1);
	ck_assert_mem_eq(first, solution, cells);
	if (side == 4)
		ck_assert_uint_eq(rules_brute_count(ru, puzzle, 0), 1);
	ck_assert_msg(has_symmetry(sym, side, puzzle), "the clues break symmetry %u", sym);
	if (minimal) {
		ck_assert_int_eq(res->minimal, 1);
		for (size_t c = 0; c < cells; c++) {
			size_t img[4];
			unsigned n = images(sym, side, c, img);
			bool leader = puzzle[c] != 0;
			for (unsigned k = 0; k < n; k++)
				leader &= img[k] >= c;
			if (!leader)
				continue;
			memcpy(p, puzzle, cells);
			for (unsigned k = 0; k < n; k++)
				p[img[k]] = 0;
			ck_assert_msg(count(s, p, 2, NULL) == 2, "the clue at cell %zu can go", c);
			if (side == 4)
				ck_assert_uint_ge(rules_brute_count(ru, p, 2), 2);
		}
	}
	free(first);
	free(p);
}

static int generate(dlx_sudoku *s, uint64_t seed, uint64_t seq, size_t clues, unsigned symmetric, uint8_t *puzzle,
	uint8_t *solution, dlx_sudoku_gen_result *res)
{
	dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
	gp.seed = seed;
	gp.sequence = seq;
	gp.clues = clues;
	gp.symmetric = symmetric;
	dlx_error_info err;
	int rc = dlx_sudoku_generate(s, &gp, puzzle, solution, res, &err);
	if (rc == DLX_OK)
		ck_assert_str_eq(err.message, "");
	return rc;
}

/*
 * Every symmetry on 4x4, 6x6 (2x3 boxes) and 9x9: the clues keep it, the
 * puzzle is unique and minimal orbit by orbit.  Random picks one of the
 * four, from the seed: the same one every time, and not always the same.
 */
START_TEST(test_generate_symmetries)
{
	static const unsigned dims[][2] = { { 2, 2 }, { 2, 3 }, { 3, 3 } };
	unsigned sym = (unsigned)_i % 4 + 1, R = dims[_i / 4][0], C = dims[_i / 4][1], side = R * C;
	size_t cells = (size_t)side * side;
	dlx_sudoku_board b = { R, C, 0, NULL };
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new_board(&b, &s, NULL), DLX_OK);
	struct rules ru = { 0, 0, NULL, R, C };
	uint8_t puzzle[81], solution[81], again[81];
	dlx_sudoku_gen_result res;
	for (uint64_t k = 0; k < (side == 9 ? 2 : 6); k++) {
		ck_assert_int_eq(generate(s, 21, k, 0, sym, puzzle, solution, &res), DLX_OK);
		check_puzzle(s, &ru, puzzle, solution, &res, true, sym);
	}
	/* Random: one of the four, reproducibly; over a few puzzles more than one. */
	unsigned seen = 0;
	for (uint64_t k = 0; k < 12; k++) {
		ck_assert_int_eq(generate(s, 3 + sym, k, 0, DLX_SUDOKU_SYM_RANDOM, puzzle, solution, &res), DLX_OK);
		ck_assert_int_eq(generate(s, 3 + sym, k, 0, DLX_SUDOKU_SYM_RANDOM, again, NULL, &res), DLX_OK);
		ck_assert_mem_eq(puzzle, again, cells);
		unsigned which = 0;
		for (unsigned t = 1; t <= 4; t++)
			if (has_symmetry(t, side, puzzle))
				which |= 1u << t;
		ck_assert_uint_ne(which, 0);
		seen |= which;
		ck_assert_uint_eq(count(s, puzzle, 0, NULL), 1);
	}
	ck_assert_uint_ne(seen & (seen - 1), 0);
	/* Not a symmetry: refused. */
	ck_assert_int_eq(generate(s, 1, 0, 0, DLX_SUDOKU_SYM_RANDOM + 1, puzzle, NULL, &res), DLX_ERR_INVALID);
	dlx_sudoku_free(s);
}
END_TEST

/* Minimal puzzles on 4x4 and 9x9 classic boards. */
START_TEST(test_generate_minimal)
{
	unsigned n = (unsigned)_i;
	dlx_sudoku *s = make(n, 0, NULL);
	struct rules ru = { n, 0, NULL, 0, 0 };
	uint8_t puzzle[81], solution[81];
	int rounds = n == 2 ? 30 : 6;
	for (int k = 0; k < rounds; k++) {
		dlx_sudoku_gen_result res;
		ck_assert_int_eq(generate(s, 7, (uint64_t)k, 0, false, puzzle, solution, &res), DLX_OK);
		ck_assert_int_eq(res.stop, DLX_STOP_COMPLETE);
		ck_assert_uint_gt(res.searches, 0);
		check_puzzle(s, &ru, puzzle, solution, &res, true, false);
		/* No 9x9 puzzle has fewer than 17 clues, no 4x4 fewer than 4. */
		ck_assert_uint_ge(res.clues, n == 2 ? 4 : 17);
	}
	ck_assert_uint_eq(dlx_forced_count(dlx_sudoku_problem(s)), 0);
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_generate_symmetric)
{
	unsigned n = (unsigned)_i;
	dlx_sudoku *s = make(n, 0, NULL);
	struct rules ru = { n, 0, NULL, 0, 0 };
	uint8_t puzzle[81], solution[81];
	for (int k = 0; k < (n == 2 ? 20 : 4); k++) {
		dlx_sudoku_gen_result res;
		ck_assert_int_eq(generate(s, 3, (uint64_t)k, 0, true, puzzle, solution, &res), DLX_OK);
		check_puzzle(s, &ru, puzzle, solution, &res, true, true);
	}
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_generate_clues)
{
	dlx_sudoku *s = make(3, 0, NULL);
	struct rules ru = { 3, 0, NULL, 0, 0 };
	uint8_t puzzle[81], solution[81];
	dlx_sudoku_gen_result res;
	/* Stopping at 30 leaves 30 clues, and the puzzle unique. */
	for (int k = 0; k < 3; k++) {
		ck_assert_int_eq(generate(s, 1, (uint64_t)k, 30, false, puzzle, solution, &res), DLX_OK);
		ck_assert_uint_eq(res.clues, 30);
		ck_assert_int_eq(res.minimal, 0);
		check_puzzle(s, &ru, puzzle, solution, &res, false, false);
	}
	/* Symmetric pairs may end one above an odd target. */
	ck_assert_int_eq(generate(s, 1, 0, 31, true, puzzle, solution, &res), DLX_OK);
	ck_assert(res.clues == 31 || res.clues == 32);
	check_puzzle(s, &ru, puzzle, solution, &res, false, true);
	/* A target no puzzle reaches: the puzzle keeps more, and is then minimal. */
	ck_assert_int_eq(generate(s, 1, 0, 12, false, puzzle, solution, &res), DLX_OK);
	ck_assert_uint_gt(res.clues, 12);
	check_puzzle(s, &ru, puzzle, solution, &res, true, false);
	/* All 81: the full board. */
	ck_assert_int_eq(generate(s, 1, 0, 81, false, puzzle, solution, &res), DLX_OK);
	ck_assert_uint_eq(res.clues, 81);
	ck_assert_mem_eq(puzzle, solution, 81);
	ck_assert_uint_eq(res.searches, 1);
	dlx_sudoku_free(s);
}
END_TEST

/*
 * 16x16 and 25x25 boards, and 49x49 whose full board is constructed rather
 * than searched for, stopped at a clue count to keep the test short.
 */
START_TEST(test_generate_big)
{
	static const unsigned boxes[] = { 4, 5, 7 };
	unsigned n = boxes[_i], side = n * n;
	size_t cells = (size_t)side * side, target = n == 4 ? 160 : n == 5 ? 560 : cells - 12;
	dlx_sudoku *s = make(n, 0, NULL);
	struct rules ru = { n, 0, NULL, 0, 0 };
	uint8_t *puzzle = malloc(cells), *solution = malloc(cells), *first = malloc(cells);
	ck_assert(puzzle && solution && first);
	dlx_sudoku_gen_result res;
	ck_assert_int_eq(generate(s, 5, 0, target, false, puzzle, solution, &res), DLX_OK);
	ck_assert_int_eq(res.stop, DLX_STOP_COMPLETE);
	ck_assert_uint_eq(res.clues, target);
	ck_assert_uint_eq(clues_of(puzzle, cells), target);
	ck_assert(rules_valid(&ru, puzzle, solution));
	ck_assert_uint_eq(count(s, puzzle, 2, first), 1);
	ck_assert_mem_eq(first, solution, cells);
	dlx_sudoku_free(s);
	free(puzzle);
	free(solution);
	free(first);
}
END_TEST

START_TEST(test_generate_reproducible)
{
	dlx_sudoku *a = make(3, 0, NULL), *b = make(3, 0, NULL);
	uint8_t p1[81], p2[81], s1[81], s2[81];
	dlx_sudoku_gen_result r1, r2;
	for (uint64_t k = 0; k < 3; k++) {
		ck_assert_int_eq(generate(a, 42, k, 0, false, p1, s1, &r1), DLX_OK);
		/* Another solver, after other work: the same puzzle, made the same way. */
		ck_assert_int_eq(generate(b, 9, k, 0, true, p2, s2, &r2), DLX_OK);
		ck_assert_int_eq(generate(b, 42, k, 0, false, p2, s2, &r2), DLX_OK);
		ck_assert_mem_eq(p1, p2, 81);
		ck_assert_mem_eq(s1, s2, 81);
		ck_assert_uint_eq(r1.nodes, r2.nodes);
		ck_assert_uint_eq(r1.searches, r2.searches);
	}
	/* Other puzzles for another sequence number or seed. */
	ck_assert_int_eq(generate(a, 42, 0, 0, false, p1, s1, &r1), DLX_OK);
	ck_assert_int_eq(generate(a, 42, 1, 0, false, p2, s2, &r2), DLX_OK);
	ck_assert(memcmp(p1, p2, 81) != 0);
	ck_assert_int_eq(generate(a, 43, 0, 0, false, p2, s2, &r2), DLX_OK);
	ck_assert(memcmp(p1, p2, 81) != 0);
	/*
	 * The same on every machine: the first puzzle of seed 1, as
	 * `dlx-sudoku --generate 1 --seed 1` prints it.  Only integer arithmetic
	 * goes into it; a change here changes every user's series.
	 */
	uint8_t want[81];
	rules_parse(".687............42.4..2.3..6.2.9..1.........75...6..2..8...9........2..5...4738..", want, 81);
	ck_assert_int_eq(generate(a, 1, 0, 0, false, p1, s1, &r1), DLX_OK);
	ck_assert_mem_eq(p1, want, 81);
	dlx_sudoku_free(a);
	dlx_sudoku_free(b);
}
END_TEST

/* Variant shapes, 4x4 and 9x9: unique, minimal, valid by the variant's rules. */
START_TEST(test_generate_variants)
{
	static const struct {
		unsigned n, flags;
		const char *map;
	} shapes[] = {
		{ 2, DLX_SUDOKU_X, NULL }, { 2, DLX_SUDOKU_WINDOKU, NULL }, { 2, DLX_SUDOKU_X | DLX_SUDOKU_WINDOKU, NULL },
		{ 2, 0, map4 }, { 3, DLX_SUDOKU_X, NULL }, { 3, DLX_SUDOKU_WINDOKU, NULL },
		{ 3, DLX_SUDOKU_X | DLX_SUDOKU_WINDOKU, NULL }, { 3, 0, map9 }, { 2, DLX_SUDOKU_X, map4 },
	};
	unsigned n = shapes[_i].n;
	size_t cells = (size_t)n * n * n * n;
	uint8_t map[81], puzzle[81], solution[81];
	const uint8_t *regions = NULL;
	if (shapes[_i].map) {
		rules_parse(shapes[_i].map, map, cells);
		regions = map;
	}
	struct rules ru = { n, shapes[_i].flags, regions, 0, 0 };
	struct rules classic = { n, 0, NULL, 0, 0 };
	dlx_sudoku *s = make(n, ru.flags, regions);
	for (int k = 0; k < (n == 2 ? 10 : 2); k++) {
		dlx_sudoku_gen_result res;
		ck_assert_int_eq(generate(s, 11, (uint64_t)k, 0, k == 1, puzzle, solution, &res), DLX_OK);
		ck_assert_int_eq(res.stop, DLX_STOP_COMPLETE);
		check_puzzle(s, &ru, puzzle, solution, &res, true, k == 1);
		/* X and windoku only add units: their boards are classic boards too. */
		if (!regions)
			ck_assert(rules_valid(&classic, NULL, solution));
	}
	dlx_sudoku_free(s);
}
END_TEST

static int always_stop(void *ctx, const dlx_stats *st)
{
	(void)st;
	++*(int *)ctx;
	return 1;
}

START_TEST(test_generate_limits)
{
	dlx_sudoku *s = make(3, 0, NULL);
	uint8_t puzzle[81], solution[81];
	memset(solution, 0xEE, sizeof solution);
	dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
	dlx_sudoku_gen_result res;
	/* Too few nodes for any full board: no puzzle, and it says why. */
	gp.node_limit = 50;
	ck_assert_int_eq(dlx_sudoku_generate(s, &gp, puzzle, solution, &res, NULL), DLX_OK);
	ck_assert_int_eq(res.stop, DLX_STOP_NODE_LIMIT);
	ck_assert_uint_eq(res.clues, 0);
	ck_assert_uint_eq(clues_of(puzzle, 81), 0);
	ck_assert_uint_eq(solution[0], 0xEE);
	/* Enough for the board, not for every check: unique, but not shown minimal. */
	gp.node_limit = 120;
	ck_assert_int_eq(dlx_sudoku_generate(s, &gp, puzzle, solution, &res, NULL), DLX_OK);
	ck_assert_int_eq(res.stop, DLX_STOP_NODE_LIMIT);
	ck_assert_uint_gt(res.clues, 0);
	ck_assert_int_eq(res.minimal, 0);
	ck_assert_uint_eq(count(s, puzzle, 0, NULL), 1);
	/* A poll that stops at once stops the making. */
	int polls = 0;
	gp.node_limit = 0;
	gp.on_poll = always_stop;
	gp.poll_ctx = &polls;
	gp.poll_interval = 1;
	ck_assert_int_eq(dlx_sudoku_generate(s, &gp, puzzle, solution, &res, NULL), DLX_OK);
	ck_assert_int_eq(res.stop, DLX_STOP_POLL);
	ck_assert_uint_eq(res.clues, 0);
	ck_assert_int_eq(polls, 1);
	ck_assert_uint_eq(dlx_forced_count(dlx_sudoku_problem(s)), 0);
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_generate_errors)
{
	dlx_sudoku *s = make(2, 0, NULL);
	uint8_t puzzle[16];
	dlx_sudoku_gen_result res;
	ck_assert_int_eq(dlx_sudoku_generate(s, NULL, puzzle, NULL, NULL, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_sudoku_generate(NULL, NULL, puzzle, NULL, &res, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_sudoku_generate(s, NULL, NULL, NULL, &res, NULL), DLX_ERR_INVALID);
	/* NULL params: seed 0, minimal. */
	ck_assert_int_eq(dlx_sudoku_generate(s, NULL, puzzle, NULL, &res, NULL), DLX_OK);
	ck_assert_int_eq(res.minimal, 1);
	dlx_sudoku_free(s);
	/* A map without any full board. */
	uint8_t map[16];
	rules_parse(map4_impossible, map, 16);
	s = make(2, 0, map);
	dlx_error_info err;
	ck_assert_int_eq(dlx_sudoku_generate(s, NULL, puzzle, NULL, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "no full board satisfies the units of this shape");
	ck_assert_uint_eq(err.line, 0);
	ck_assert_uint_eq(res.clues, 0);
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_grade_basics)
{
	dlx_sudoku *s = make(3, 0, NULL);
	static const char full[] =
		"812753649943682175675491283154237896369845721287169534521974368438526917796318452";
	uint8_t g[81];
	uint64_t grade = 99;
	dlx_sudoku_result res;
	/* Nothing to search, or only forced steps: 0. */
	rules_parse(full, g, 81);
	ck_assert_int_eq(dlx_sudoku_grade(s, g, NULL, &grade, &res, NULL), DLX_OK);
	ck_assert_uint_eq(grade, 0);
	ck_assert_uint_eq(res.stats.nodes, 1);
	ck_assert_uint_eq(res.stats.branches, 0);
	g[0] = g[40] = g[80] = 0;
	ck_assert_int_eq(dlx_sudoku_grade(s, g, NULL, &grade, &res, NULL), DLX_OK);
	ck_assert_uint_eq(grade, 0);
	ck_assert_uint_eq(res.stats.nodes, 4);
	ck_assert_uint_eq(res.stats.branches, 0);
	/*
	 * A 17-clue puzzle (Royle's collection) with one guess: once, the
	 * search must pick among candidates, and each wrong one fails at once.
	 */
	rules_parse(".................1..1.23.4......2.54.6........7...8.......6.7.....97......4.....8", g, 81);
	ck_assert_int_eq(dlx_sudoku_grade(s, g, NULL, &grade, &res, NULL), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 1);
	ck_assert_uint_eq(grade, 0);
	ck_assert_uint_eq(res.stats.branches, 1);
	/* A hard puzzle needs guesses; the grade is the same every time. */
	rules_parse("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", g, 81);
	ck_assert_int_eq(dlx_sudoku_grade(s, g, NULL, &grade, &res, NULL), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 1);
	ck_assert_uint_gt(grade, 0);
	ck_assert_uint_eq(grade, res.stats.nodes - 60 - 1);
	/* Guesses are branching nodes: some, but fewer than the nodes off the path. */
	uint64_t guesses = res.stats.branches;
	ck_assert_uint_gt(guesses, 0);
	ck_assert_uint_lt(guesses, grade);
	uint64_t again;
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = 1;      /* ignored */
	sp.threads = 4;    /* ignored */
	ck_assert_int_eq(dlx_sudoku_grade(s, g, &sp, &again, &res, NULL), DLX_OK);
	ck_assert_uint_eq(again, grade);
	ck_assert_uint_eq(res.stats.branches, guesses);
	/* No grade without exactly one solution, or when the search was cut short. */
	memset(g, 0, sizeof g);
	grade = 77;
	ck_assert_int_eq(dlx_sudoku_grade(s, g, NULL, &grade, &res, NULL), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 2);
	ck_assert_uint_eq(grade, 77);
	rules_parse("42738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.", g, 81);
	ck_assert_int_eq(dlx_sudoku_grade(s, g, NULL, &grade, &res, NULL), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 0);
	ck_assert_uint_eq(grade, 77);
	rules_parse("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", g, 81);
	sp.node_limit = 10;
	ck_assert_int_eq(dlx_sudoku_grade(s, g, &sp, &grade, &res, NULL), DLX_OK);
	ck_assert_int_eq(res.stats.stop, DLX_STOP_NODE_LIMIT);
	ck_assert_uint_eq(grade, 77);
	g[1] = 8;
	dlx_error_info err;
	ck_assert_int_eq(dlx_sudoku_grade(s, g, NULL, &grade, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r1c1 and r1c2 both hold 8");
	dlx_sudoku_free(s);
}
END_TEST

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* Grades every puzzle of a sample file into grades[]; returns how many. */
static size_t grade_file(dlx_sudoku *s, const char *name, uint64_t *grades, size_t max)
{
	const char *dir = getenv("DLX_TEST_DATA");
	ck_assert_msg(dir != NULL, "DLX_TEST_DATA is not set");
	char path[4096];
	snprintf(path, sizeof path, "%s/sudoku/%s", dir, name);
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	char line[256];
	size_t n = 0;
	while (n < max && fgets(line, sizeof line, f)) {
		if (line[0] == '#')
			continue;
		ck_assert_uint_ge(strlen(line), 81);
		uint8_t g[81];
		rules_parse(line, g, 81);
		dlx_sudoku_result res;
		ck_assert_int_eq(dlx_sudoku_grade(s, g, NULL, &grades[n], &res, NULL), DLX_OK);
		ck_assert_msg(res.stats.solutions == 1, "%s: puzzle %zu is not unique", name, n + 1);
		n++;
	}
	fclose(f);
	qsort(grades, n, sizeof *grades, cmp_u64);
	return n;
}

/*
 * The grade ranks a known easy set (17-clue puzzles, which a solver finds
 * easy) clearly below a known hard set (the forum's hardest).
 */
START_TEST(test_grade_orders_samples)
{
	dlx_sudoku *s = make(3, 0, NULL);
	uint64_t easy[200], hard[200];
	size_t ne = grade_file(s, "grade-easy.txt", easy, 200);
	size_t nh = grade_file(s, "grade-hard.txt", hard, 200);
	ck_assert_uint_eq(ne, 200);
	ck_assert_uint_eq(nh, 200);
	double mean_e = 0, mean_h = 0;
	for (size_t k = 0; k < 200; k++) {
		mean_e += (double)easy[k] / 200;
		mean_h += (double)hard[k] / 200;
	}
	uint64_t med_e = easy[100], med_h = hard[100];
	ck_assert_msg(mean_h > 10 * mean_e, "mean grades: easy %.1f, hard %.1f", mean_e, mean_h);
	ck_assert_msg(med_h > 10 * (med_e ? med_e : 1), "median grades: easy %llu, hard %llu",
		(unsigned long long)med_e, (unsigned long long)med_h);
	/* Not just on average: 90% of the hard set is above 90% of the easy set. */
	ck_assert_msg(hard[20] > easy[179], "10th percentile of hard %llu, 90th of easy %llu",
		(unsigned long long)hard[20], (unsigned long long)easy[179]);
	dlx_sudoku_free(s);
}
END_TEST

/* --- puzzles of a chosen rating (dlx_sudoku_generate_rated()) --- */

/* Rates a puzzle afresh, as dlx-sudoku --rate does. */
static dlx_sudoku_rating rate(const uint8_t *puzzle)
{
	dlx_sudoku_logic g;
	dlx_sudoku_rating r;
	ck_assert_int_eq(dlx_sudoku_logic_init(puzzle, NULL, &g, NULL), DLX_OK);
	g.unique = 1;
	ck_assert_int_eq(dlx_sudoku_rate(&g, &r, NULL, NULL, NULL), DLX_OK);
	return r;
}

/* Each class's band holds exactly the ratings dlx_sudoku_rating_class() names it for. */
START_TEST(test_class_ranges)
{
	static const char *const names[] = { "easy", "medium", "hard", "expert", "beyond logic" };
	dlx_sudoku_rating_range band[5];
	for (int k = 0; k < 5; k++)
		ck_assert_int_eq(dlx_sudoku_class_range(names[k], &band[k]), DLX_OK);
	dlx_sudoku_rating_range b;
	ck_assert_int_eq(dlx_sudoku_class_range("beyond", &b), DLX_OK);
	ck_assert_int_eq(b.beyond, 1);
	ck_assert_int_eq(dlx_sudoku_class_range("Easy", &b), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_sudoku_class_range("", &b), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_sudoku_class_range(NULL, &b), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_sudoku_class_range("easy", NULL), DLX_ERR_INVALID);
	for (unsigned rating = 0; rating <= 200; rating++) {
		for (int solved = 0; solved <= 1; solved++) {
			dlx_sudoku_rating r = { rating, solved, 1, DLX_SUDOKU_TECH_NAKED_SINGLE };
			const char *name = dlx_sudoku_rating_class(rating, solved);
			int in = 0;
			for (int k = 0; k < 5; k++) {
				int here = dlx_sudoku_rating_in_range(&r, &band[k]);
				in += here;
				if (here)
					ck_assert_str_eq(name, names[k]);
			}
			ck_assert_msg(in == 1, "rating %u solved %d is in %d bands", rating, solved, in);
		}
	}
	/* The edges as the header gives them: 2.5 easy, 2.6 medium, 3.4 medium, 3.5 hard, 4.4 hard, 4.5 expert. */
	ck_assert_str_eq(dlx_sudoku_rating_class(25, 1), "easy");
	ck_assert_str_eq(dlx_sudoku_rating_class(26, 1), "medium");
	ck_assert_str_eq(dlx_sudoku_rating_class(34, 1), "medium");
	ck_assert_str_eq(dlx_sudoku_rating_class(35, 1), "hard");
	ck_assert_str_eq(dlx_sudoku_rating_class(44, 1), "hard");
	ck_assert_str_eq(dlx_sudoku_rating_class(45, 1), "expert");
	ck_assert_str_eq(dlx_sudoku_rating_class(75, 0), "beyond logic");
	/* A lower bound is in no band of numbers, however wide. */
	dlx_sudoku_rating bound = { 75, 0, 3, DLX_SUDOKU_TECH_NONE };
	dlx_sudoku_rating_range all = { 0, UINT32_MAX, 0 };
	ck_assert_int_eq(dlx_sudoku_rating_in_range(&bound, &all), 0);
	ck_assert_int_eq(dlx_sudoku_rating_in_range(NULL, &all), 0);
	ck_assert_int_eq(dlx_sudoku_rating_in_range(&bound, NULL), 0);
}
END_TEST

/*
 * Each class the generator reaches and two bands of chains (8.0-9.9, the
 * forcing chains of several branches; 7.0-9.0), with and without a symmetry
 * (beyond logic, past dynamic forcing chains, is too rare among candidates:
 * test_generate_rated_limits asks for it):
 * the puzzle is unique and minimal, its fresh rating is the one returned
 * and in the band, the counts add up, and the same call gives the same
 * puzzle.
 */
START_TEST(test_generate_rated)
{
	static const char *const names[] = { "easy", "medium", "hard", "expert", NULL, NULL };
	const char *name = names[_i % 6];
	unsigned sym = _i < 6 ? DLX_SUDOKU_SYM_NONE : DLX_SUDOKU_SYM_ROTATE180;
	dlx_sudoku_rating_range band = { _i % 6 == 4 ? 80u : 70u, _i % 6 == 4 ? 99u : 90u, 0 };
	if (name)
		ck_assert_int_eq(dlx_sudoku_class_range(name, &band), DLX_OK);
	dlx_sudoku *s = make(3, 0, NULL);
	struct rules ru = { 3, 0, NULL, 0, 0 };
	uint64_t rejected = 0;
	/* One puzzle of each under valgrind (70 s there for three), whose paths are the same. */
	const uint64_t puzzles = test_trials_min(3, 1);
	for (uint64_t seq = 0; seq < puzzles; seq++) {
		dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
		gp.seed = 19;
		gp.sequence = seq;
		gp.symmetric = sym;
		uint8_t puzzle[81], solution[81], again[81];
		dlx_sudoku_gen_result res;
		dlx_sudoku_rated_result rated;
		dlx_error_info err;
		ck_assert_int_eq(dlx_sudoku_generate_rated(s, &gp, &band, 0, puzzle, solution, &res, &rated, &err), DLX_OK);
		ck_assert_str_eq(err.message, "");
		ck_assert_msg(rated.found, "%s: no puzzle in %llu candidates", name ? name : _i % 6 == 4 ? "8.0-9.9" : "7.0-9.0",
			(unsigned long long)rated.candidates);
		ck_assert_uint_eq(rated.candidates, rated.rejected + 1);
		rejected += rated.rejected;
		ck_assert_int_eq(res.stop, DLX_STOP_COMPLETE);
		check_puzzle(s, &ru, puzzle, solution, &res, true, sym);
		dlx_sudoku_rating r = rate(puzzle);
		ck_assert_uint_eq(r.rating, rated.rating.rating);
		ck_assert_int_eq(r.solved, rated.rating.solved);
		ck_assert(dlx_sudoku_rating_in_range(&r, &band));
		if (name)
			ck_assert_str_eq(dlx_sudoku_rating_class(r.rating, r.solved), name);
		dlx_sudoku_rated_result rated2;
		ck_assert_int_eq(dlx_sudoku_generate_rated(s, &gp, &band, 0, again, NULL, &res, &rated2, NULL), DLX_OK);
		ck_assert_mem_eq(again, puzzle, 81);
		ck_assert_uint_eq(rated2.candidates, rated.candidates);
	}
	/* Only easy is common enough that three puzzles may need no rejection at all. */
	if (puzzles == 3 && (!name || strcmp(name, "easy")))
		ck_assert_uint_gt(rejected, 0);
	dlx_sudoku_free(s);
}
END_TEST

/* Candidate 0 is the unrated generator's puzzle; a band of every solved rating takes it unless it is beyond. */
START_TEST(test_generate_rated_first)
{
	dlx_sudoku *s = make(3, 0, NULL);
	dlx_sudoku_rating_range any = { 0, UINT32_MAX, 0 };
	for (uint64_t seq = 0; seq < 4; seq++) {
		dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
		gp.seed = 5;
		gp.sequence = seq;
		uint8_t plain[81], puzzle[81];
		dlx_sudoku_gen_result res;
		dlx_sudoku_rated_result rated;
		ck_assert_int_eq(dlx_sudoku_generate(s, &gp, plain, NULL, &res, NULL), DLX_OK);
		ck_assert_int_eq(dlx_sudoku_generate_rated(s, &gp, &any, 0, puzzle, NULL, &res, &rated, NULL), DLX_OK);
		if (rate(plain).solved) {
			ck_assert_uint_eq(rated.candidates, 1);
			ck_assert_mem_eq(puzzle, plain, 81);
		}
	}
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_generate_rated_limits)
{
	dlx_sudoku *s = make(3, 0, NULL);
	uint8_t puzzle[81], solution[81];
	memset(solution, 0xEE, sizeof solution);
	dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
	dlx_sudoku_gen_result res;
	dlx_sudoku_rated_result rated;
	/* None of the first five candidates rates 9.0 or more: every one is rejected, and nothing is returned. */
	dlx_sudoku_rating_range high = { 90, 99, 0 };
	ck_assert_int_eq(dlx_sudoku_generate_rated(s, &gp, &high, 5, puzzle, solution, &res, &rated, NULL), DLX_OK);
	ck_assert_int_eq(rated.found, 0);
	ck_assert_uint_eq(rated.candidates, 5);
	ck_assert_uint_eq(rated.rejected, 5);
	ck_assert_uint_eq(res.clues, 0);
	ck_assert_int_eq(res.stop, DLX_STOP_COMPLETE);
	ck_assert_uint_gt(res.searches, 5);
	ck_assert_uint_eq(clues_of(puzzle, 81), 0);
	ck_assert_uint_eq(solution[0], 0xEE);
	/* Beyond logic (past dynamic forcing chains) is as rare: none of the first ten. */
	dlx_sudoku_rating_range beyond;
	ck_assert_int_eq(dlx_sudoku_class_range("beyond", &beyond), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_generate_rated(s, &gp, &beyond, 10, puzzle, NULL, &res, &rated, NULL), DLX_OK);
	ck_assert_int_eq(rated.found, 0);
	ck_assert_uint_eq(rated.rejected, 10);
	/* Too few nodes for a full board. */
	dlx_sudoku_rating_range any = { 0, UINT32_MAX, 0 };
	gp.node_limit = 50;
	ck_assert_int_eq(dlx_sudoku_generate_rated(s, &gp, &any, 0, puzzle, NULL, &res, &rated, NULL), DLX_OK);
	ck_assert_int_eq(rated.found, 0);
	ck_assert_uint_eq(rated.candidates, 0);
	ck_assert_int_eq(res.stop, DLX_STOP_NODE_LIMIT);
	ck_assert_uint_eq(res.clues, 0);
	/* A poll that stops at once. */
	int polls = 0;
	gp.node_limit = 0;
	gp.on_poll = always_stop;
	gp.poll_ctx = &polls;
	ck_assert_int_eq(dlx_sudoku_generate_rated(s, &gp, &any, 0, puzzle, NULL, &res, &rated, NULL), DLX_OK);
	ck_assert_int_eq(rated.found, 0);
	ck_assert_int_eq(res.stop, DLX_STOP_POLL);
	ck_assert_int_eq(polls, 1);
	ck_assert_uint_eq(clues_of(puzzle, 81), 0);
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_generate_rated_errors)
{
	dlx_sudoku_rating_range any = { 0, UINT32_MAX, 0 };
	uint8_t puzzle[81];
	dlx_sudoku_gen_result res;
	dlx_sudoku_rated_result rated;
	dlx_error_info err;
	dlx_sudoku *s = make(3, 0, NULL);
	ck_assert_int_eq(dlx_sudoku_generate_rated(s, NULL, &any, 1, puzzle, NULL, NULL, &rated, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_sudoku_generate_rated(s, NULL, &any, 1, puzzle, NULL, &res, NULL, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_sudoku_generate_rated(s, NULL, NULL, 1, puzzle, NULL, &res, &rated, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_sudoku_generate_rated(s, NULL, &any, 1, NULL, NULL, &res, &rated, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_sudoku_generate_rated(NULL, NULL, &any, 1, puzzle, NULL, &res, &rated, NULL),
		DLX_ERR_INVALID);
	dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
	gp.symmetric = DLX_SUDOKU_SYM_RANDOM + 1;
	ck_assert_int_eq(dlx_sudoku_generate_rated(s, &gp, &any, 1, puzzle, NULL, &res, &rated, NULL), DLX_ERR_INVALID);
	dlx_sudoku_free(s);
	/* Boards the ladder does not know: 4x4, 9x9 with a variant, a jigsaw map. */
	uint8_t map[81];
	rules_parse(map9, map, 81);
	dlx_sudoku *other[3] = { make(2, 0, NULL), make(3, DLX_SUDOKU_WINDOKU, NULL), make(3, 0, map) };
	for (int k = 0; k < 3; k++) {
		ck_assert_int_eq(dlx_sudoku_generate_rated(other[k], NULL, &any, 1, puzzle, NULL, &res, &rated, &err),
			DLX_ERR_INVALID);
		ck_assert_str_eq(err.message, "ratings are for classic 9x9 puzzles only");
		ck_assert_uint_eq(rated.candidates, 0);
		dlx_sudoku_free(other[k]);
	}
	/* A region map that is the boxes is the classic board. */
	for (unsigned c = 0; c < 81; c++)
		map[c] = (uint8_t)(c / 27 * 3 + c % 9 / 3 + 1);
	s = make(3, 0, map);
	ck_assert_int_eq(dlx_sudoku_generate_rated(s, NULL, &any, 0, puzzle, NULL, &res, &rated, NULL), DLX_OK);
	ck_assert_int_eq(rated.found, 1);
	dlx_sudoku_free(s);
}
END_TEST

static Suite *generate_suite(void)
{
	Suite *s = suite_create("sudoku-generate");
	TCase *tc = tcase_create("generate");
	tcase_add_loop_test(tc, test_generate_minimal, 2, 4);
	tcase_add_loop_test(tc, test_generate_symmetric, 2, 4);
	tcase_add_loop_test(tc, test_generate_symmetries, 0, 12);
	tcase_add_test(tc, test_generate_clues);
	tcase_add_loop_test(tc, test_generate_big, 0, 3);
	tcase_add_test(tc, test_generate_reproducible);
	tcase_add_loop_test(tc, test_generate_variants, 0, 9);
	tcase_add_test(tc, test_generate_limits);
	tcase_add_test(tc, test_generate_errors);
	suite_add_tcase(s, tc);

	tc = tcase_create("rated");
	tcase_add_test(tc, test_class_ranges);
	tcase_add_loop_test(tc, test_generate_rated, 0, 12);
	tcase_add_test(tc, test_generate_rated_first);
	tcase_add_test(tc, test_generate_rated_limits);
	tcase_add_test(tc, test_generate_rated_errors);
	suite_add_tcase(s, tc);

	tc = tcase_create("grade");
	tcase_add_test(tc, test_grade_basics);
	tcase_add_test(tc, test_grade_orders_samples);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(generate_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
