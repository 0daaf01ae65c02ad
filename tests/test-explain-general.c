/*
 * The "explain-general" suite: explained solving of boards other than
 * classic 9x9 (dlx_sudoku_glogic in dlx-sudoku-explain.h).
 *
 * An independent checker follows every step of the general ladder on
 * puzzles the library's generator makes on many boards (4x4, 6x6, 8x8,
 * 12x12, 16x16, 25x25; X, windoku, disjoint groups and jigsaw regions): the
 * exact-cover solver gives each puzzle's solution (unique: checked by a
 * search for two), and no step may remove a candidate that is not there or
 * is the solution's symbol, or place another symbol than the solution's;
 * a rating that says solved must leave the solution.  A single must have
 * its pattern (one candidate; one place in its unit, read from the board's
 * cells and the unit's kind and number, not from the grid's lists).  The
 * checker itself is shown to catch wrong steps.  On classic 9x9 the
 * general ladder must rate as the tuned one wherever the tuned one needs
 * nothing past the general rungs.
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dlx-sudoku-explain.h"
#include "dlx-sudoku-generate.h"
#include "dlx-sudoku.h"
#include "test-trials.h"

/* A 9x9 jigsaw map (test-sudoku-variant.c's). */
static const char map9[] =
	"111222333111225333141125333442225666445555666455777696477788996477888999478888999";

struct board {
	const char *name;
	unsigned rows, cols, flags;
	bool jigsaw;
	unsigned puzzles;
	size_t clues;       /* 0: minimal */
	unsigned min_share; /* percent the ladder must solve */
};

/* What the checker saw over a run. */
struct tally {
	unsigned puzzles, solved, steps;
	unsigned elim_steps; /* steps with eliminations */
	unsigned mutants;    /* wrong copies of them the checker caught */
	unsigned tech[DLX_SUDOKU_TECH_COUNT];
};

struct check_ctx {
	dlx_sudoku_glogic *g;
	const uint8_t *solution;
	unsigned side, box_rows, box_cols;
	const uint8_t *regions; /* 1-based, or NULL */
	unsigned flags;
	char why[200];          /* the first fault, or "" */
	struct tally *t;
};

/*
 * Whether cell c is in unit u, from the board's geometry alone: the kind
 * and number the grid reports for u, and the cell's row and column.
 */
static bool cell_in(const struct check_ctx *x, unsigned u, unsigned c)
{
	unsigned num, n = x->side, r = c / n, col = c % n;
	unsigned R = x->box_rows, C = x->box_cols;
	switch (dlx_sudoku_glogic_unit(x->g, u, &num)) {
	case DLX_SUDOKU_UNIT_ROW: return r == num - 1;
	case DLX_SUDOKU_UNIT_COLUMN: return col == num - 1;
	case DLX_SUDOKU_UNIT_BOX: return (r / R) * R + col / C == num - 1;
	case DLX_SUDOKU_UNIT_REGION: return x->regions && x->regions[c] == num;
	case DLX_SUDOKU_UNIT_DIAGONAL: return r == col;
	case DLX_SUDOKU_UNIT_ANTI_DIAGONAL: return r + col == n - 1;
	case DLX_SUDOKU_UNIT_WINDOW: {
		/* Windows of R x C cells, one line apart from each other and from the edges. */
		unsigned across = (n - C - 2) / (C + 1) + 1, wr = (num - 1) / across, wc = (num - 1) % across;
		unsigned r0 = 1 + wr * (R + 1), c0 = 1 + wc * (C + 1);
		return r >= r0 && r < r0 + R && col >= c0 && col < c0 + C;
	}
	case DLX_SUDOKU_UNIT_DISJOINT: return (r % R) * C + col % C == num - 1;
	}
	return false;
}

static int fault(struct check_ctx *x, const char *fmt, unsigned a, unsigned b, unsigned c)
{
	if (!x->why[0])
		snprintf(x->why, sizeof x->why, fmt, a, b, c);
	return 1;
}

/* The independent check of one step on the grid before it is applied; 0 when right. */
static int check_step(void *ctx, const dlx_sudoku_gstep *s)
{
	struct check_ctx *x = ctx;
	const unsigned n = x->side;
	if (s->technique <= DLX_SUDOKU_TECH_NONE || s->technique >= DLX_SUDOKU_TECH_COUNT)
		return fault(x, "unknown technique %u%.0u%.0u", s->technique, 0, 0);
	x->t->tech[s->technique]++;
	x->t->steps++;
	x->t->elim_steps += s->n_elims > 0;
	if (!s->n_elims && !s->place_digit)
		return fault(x, "a step of technique %u does nothing%.0u%.0u", s->technique, 0, 0);
	for (unsigned k = 0; k < s->n_elims; k++) {
		unsigned c = s->elim_cell[k], d = s->elim_digit[k];
		if (c >= n * n || d < 1 || d > n)
			return fault(x, "elimination %u: cell %u symbol %u out of range", k, c, d);
		if (!dlx_sudoku_glogic_has(x->g, c, d))
			return fault(x, "cell %u loses %u, not a candidate (technique %u)", c, d, s->technique);
		if (x->solution[c] == d)
			return fault(x, "cell %u loses %u, its solution (technique %u)", c, d, s->technique);
	}
	if (s->place_digit) {
		unsigned c = s->place_cell, d = s->place_digit;
		if (c >= n * n || !dlx_sudoku_glogic_has(x->g, c, d))
			return fault(x, "placement %u=%u not a candidate%.0u", c, d, 0);
		if (x->solution[c] != d)
			return fault(x, "placement %u=%u, the solution has %u", c, d, x->solution[c]);
	}
	/* The singles' patterns, read from the board. */
	if (s->technique == DLX_SUDOKU_TECH_NAKED_SINGLE) {
		for (unsigned d = 1; d <= n; d++)
			if (d != s->place_digit && dlx_sudoku_glogic_has(x->g, s->place_cell, d))
				return fault(x, "naked single %u=%u, but %u is a candidate too", s->place_cell, s->place_digit, d);
	}
	if (s->technique == DLX_SUDOKU_TECH_HIDDEN_SINGLE_BOX || s->technique == DLX_SUDOKU_TECH_HIDDEN_SINGLE_LINE) {
		unsigned u = s->units[0], in = 0;
		if (s->n_units != 1 || !cell_in(x, u, s->place_cell))
			return fault(x, "hidden single %u=%u not in its unit %u", s->place_cell, s->place_digit, u);
		for (unsigned c = 0; c < n * n; c++)
			if (cell_in(x, u, c)) {
				in++;
				if (c != s->place_cell && dlx_sudoku_glogic_has(x->g, c, s->place_digit))
					return fault(x, "hidden single %u=%u, but cell %u has it too", s->place_cell, s->place_digit, c);
			}
		if (in != n)
			return fault(x, "unit %u has %u cells, not %u", u, in, n);
	}
	/* Locked candidates: every place of the symbol in the first unit lies in the second. */
	if (s->technique == DLX_SUDOKU_TECH_POINTING || s->technique == DLX_SUDOKU_TECH_CLAIMING) {
		for (unsigned c = 0; c < n * n; c++)
			if (cell_in(x, s->units[0], c) && dlx_sudoku_glogic_has(x->g, c, s->digits[0]) &&
				!cell_in(x, s->units[1], c))
				return fault(x, "locked %u: cell %u of unit %u outside the second unit", s->digits[0], c, s->units[0]);
		for (unsigned k = 0; k < s->n_elims; k++)
			if (!cell_in(x, s->units[1], s->elim_cell[k]) || cell_in(x, s->units[0], s->elim_cell[k]))
				return fault(x, "locked: elimination at %u not in unit %u alone%.0u", s->elim_cell[k], s->units[1], 0);
	}
	return 0;
}

/*
 * The step checked, then a copy of it made wrong (its first elimination's
 * cell also losing its solution symbol), which the checker must refuse: so
 * the checker is shown to catch a wrong elimination of every technique it
 * passes.
 */
static int check_and_mutate(void *ctx, const dlx_sudoku_gstep *s)
{
	struct check_ctx *x = ctx;
	if (check_step(x, s))
		return 1;
	if (!s->n_elims || s->n_elims >= DLX_SUDOKU_GSTEP_MAX_ELIMS)
		return 0;
	uint32_t c = s->elim_cell[0];
	if (!dlx_sudoku_glogic_has(x->g, c, x->solution[c]))
		return 0;
	static dlx_sudoku_gstep bad;
	bad = *s;
	bad.elim_cell[bad.n_elims] = c;
	bad.elim_digit[bad.n_elims] = x->solution[c];
	bad.n_elims++;
	struct tally t;
	memset(&t, 0, sizeof t);
	struct check_ctx y = *x;
	y.why[0] = '\0';
	y.t = &t;
	if (!check_step(&y, &bad))
		return fault(x, "a wrong elimination of technique %u at cell %u passed the checker%.0u", s->technique, c, 0);
	x->t->mutants++;
	return 0;
}

static dlx_sudoku *make_solver(const struct board *b)
{
	uint8_t regions[81];
	dlx_sudoku_board bd = DLX_SUDOKU_BOARD_INIT;
	bd.box_rows = b->rows;
	bd.box_cols = b->cols;
	bd.flags = b->flags;
	if (b->jigsaw) {
		for (unsigned i = 0; i < 81; i++)
			regions[i] = (uint8_t)(map9[i] - '0');
		bd.regions = regions;
	}
	dlx_sudoku *s;
	dlx_error_info err;
	ck_assert_int_eq(dlx_sudoku_new_board(&bd, &s, &err), DLX_OK);
	return s;
}

/*
 * Generates b's puzzles, checks each is unique, then follows the general
 * ladder on it with the checker.  Returns the tally.
 */
static struct tally run_board(const struct board *b, uint64_t seed, bool verbose)
{
	struct tally t;
	memset(&t, 0, sizeof t);
	dlx_sudoku *s = make_solver(b);
	const unsigned n = dlx_sudoku_side(s);
	const size_t cells = (size_t)n * n;
	uint8_t *puzzle = malloc(cells), *solution = malloc(cells), *sol2 = malloc(cells);
	ck_assert(puzzle && solution && sol2);
	dlx_sudoku_glogic *g;
	dlx_error_info err;
	ck_assert_int_eq(dlx_sudoku_glogic_new(s, &g, &err), DLX_OK);
	ck_assert_uint_eq(dlx_sudoku_glogic_side(g), n);
	uint8_t regions[81];
	for (unsigned i = 0; i < 81; i++)
		regions[i] = (uint8_t)(map9[i] - '0');
	unsigned trials = test_trials(b->puzzles);
	clock_t t0 = clock();
	for (unsigned i = 0; i < trials; i++) {
		dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
		gp.seed = seed;
		gp.sequence = i;
		gp.clues = b->clues;
		dlx_sudoku_gen_result gr;
		ck_assert_int_eq(dlx_sudoku_generate(s, &gp, puzzle, solution, &gr, &err), DLX_OK);
		ck_assert_uint_gt(gr.clues, 0);
		/* The solution, independently: the search finds exactly one. */
		dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
		sp.limit = 2;
		dlx_sudoku_result res;
		ck_assert_int_eq(dlx_sudoku_solve(s, puzzle, &sp, sol2, &res, &err), DLX_OK);
		ck_assert_uint_eq(res.stats.solutions, 1);
		ck_assert_mem_eq(sol2, solution, cells);
		ck_assert_int_eq(dlx_sudoku_glogic_set(g, puzzle, NULL, &err), DLX_OK);
		struct check_ctx x = { g, solution, n, b->rows, b->cols, b->jigsaw ? regions : NULL, b->flags, "", &t };
		dlx_sudoku_rating r;
		int rc = dlx_sudoku_glogic_rate(g, &r, check_and_mutate, &x, &err);
		ck_assert_msg(rc == DLX_OK, "%s puzzle %u: %s (%s)", b->name, i, dlx_strerror(rc), err.message);
		ck_assert_msg(!x.why[0], "%s puzzle %u: %s", b->name, i, x.why);
		t.puzzles++;
		if (r.solved) {
			t.solved++;
			for (size_t c = 0; c < cells; c++)
				ck_assert_uint_eq(dlx_sudoku_glogic_value(g, (uint32_t)c), solution[c]);
			ck_assert_uint_le(r.rating, 54);
		} else {
			ck_assert_uint_ge(r.rating, DLX_SUDOKU_GRATING_BEYOND);
			/* What the ladder left is still right: every solution symbol a candidate or placed. */
			for (size_t c = 0; c < cells; c++) {
				unsigned v = dlx_sudoku_glogic_value(g, (uint32_t)c);
				ck_assert(v ? v == solution[c] : dlx_sudoku_glogic_has(g, (uint32_t)c, solution[c]));
			}
		}
		ck_assert_str_eq(dlx_sudoku_rating_class(r.rating, r.solved),
			dlx_sudoku_rating_class(r.rating, r.solved)); /* a static string either way */
	}
	if (verbose) {
		printf("%-12s %3u puzzles, %3u solved by the ladder, %6u steps, %u wrong copies caught, %.1f ms a puzzle:",
			b->name, t.puzzles, t.solved, t.steps, t.mutants, 1000.0 * (double)(clock() - t0) / CLOCKS_PER_SEC / (t.puzzles ? t.puzzles : 1));
		for (unsigned k = 1; k < DLX_SUDOKU_TECH_COUNT; k++)
			if (t.tech[k])
				printf(" %s %u,", dlx_sudoku_technique_name(k), t.tech[k]);
		printf("\n");
	}
	dlx_sudoku_glogic_free(g);
	dlx_sudoku_free(s);
	free(puzzle);
	free(solution);
	free(sol2);
	return t;
}

/*
 * Puzzles with clues left to spare (generation stopped at that many clues),
 * the easy ones, of which the ladder must solve min_share percent; and
 * minimal ones, harder, whose steps are checked as well (the ladder leaves
 * most minimal variant puzzles unsolved: they need wings and chains).
 */
static const struct board boards[] = {
	{ "4x4", 2, 2, 0, false, 100, 0, 100 },
	{ "6x6", 2, 3, 0, false, 100, 16, 90 },
	{ "8x8", 2, 4, 0, false, 60, 28, 90 },
	{ "9x9", 3, 3, 0, false, 60, 34, 90 },
	{ "9x9-x", 3, 3, DLX_SUDOKU_X, false, 60, 30, 80 },
	{ "9x9-windoku", 3, 3, DLX_SUDOKU_WINDOKU, false, 60, 30, 80 },
	{ "9x9-disjoint", 3, 3, DLX_SUDOKU_DISJOINT, false, 60, 30, 80 },
	{ "9x9-jigsaw", 3, 3, 0, true, 40, 34, 80 },
	{ "9x9-x+windoku", 3, 3, DLX_SUDOKU_X | DLX_SUDOKU_WINDOKU, false, 30, 30, 80 },
	{ "6x6-x", 2, 3, DLX_SUDOKU_X, false, 60, 14, 80 },
	{ "8x8-windoku", 2, 4, DLX_SUDOKU_WINDOKU, false, 30, 26, 80 },
	{ "12x12", 3, 4, 0, false, 20, 70, 80 },
	{ "16x16", 4, 4, 0, false, 10, 130, 80 },
	{ "16x16-x", 4, 4, DLX_SUDOKU_X, false, 4, 130, 50 },
	{ "25x25", 5, 5, 0, false, 2, 360, 50 },
	{ "6x6 minimal", 2, 3, 0, false, 100, 0, 0 },
	{ "8x8 minimal", 2, 4, 0, false, 60, 0, 0 },
	{ "9x9-x minimal", 3, 3, DLX_SUDOKU_X, false, 40, 0, 0 },
	{ "9x9-windoku minimal", 3, 3, DLX_SUDOKU_WINDOKU, false, 40, 0, 0 },
	{ "9x9-disjoint minimal", 3, 3, DLX_SUDOKU_DISJOINT, false, 40, 0, 0 },
	{ "9x9-jigsaw minimal", 3, 3, 0, true, 20, 0, 0 },
	{ "12x12 minimal", 3, 4, 0, false, 10, 0, 0 },
	{ "16x16 minimal", 4, 4, 0, false, 3, 0, 0 },
};

/* Every step on every board is right, and the ladder solves a share of the easy puzzles. */
START_TEST(test_steps_on_boards)
{
	const struct board *b = &boards[_i];
	struct tally t = run_board(b, 19, true);
	ck_assert_uint_eq(t.puzzles, test_trials(b->puzzles));
	/* A wrong copy of every elimination step was caught (each cell's solution symbol is a candidate until placed). */
	ck_assert_uint_eq(t.mutants, t.elim_steps);
	/*
	 * The share is set on the whole sample (the README's test command runs it); a reduced run
	 * (valgrind's DLX_TEST_TRIALS_DIVISOR: 4 puzzles of 60) checks the steps alone, since one
	 * unsolved puzzle of 4 is already 25%.
	 */
	if (t.puzzles == b->puzzles)
		ck_assert_msg(t.solved * 100 >= t.puzzles * b->min_share, "%s: only %u of %u solved", b->name,
			t.solved, t.puzzles);
}
END_TEST

/* The checker catches a wrong elimination and a wrong placement. */
struct mutate_ctx {
	struct check_ctx x;
	int mode;          /* 0: add the solution's symbol to the first elimination step; 1: a wrong placement */
	bool mutated, caught;
};

static int mutate_step(void *ctx, const dlx_sudoku_gstep *s)
{
	struct mutate_ctx *m = ctx;
	static dlx_sudoku_gstep bad;
	bad = *s;
	if (!m->mutated && m->mode == 0 && s->n_elims) {
		/* A cell of the first elimination loses its solution symbol too. */
		unsigned c = s->elim_cell[0];
		if (!m->x.g || dlx_sudoku_glogic_value(m->x.g, c) || !dlx_sudoku_glogic_has(m->x.g, c, m->x.solution[c]))
			return check_step(&m->x, s);
		bad.elim_cell[bad.n_elims] = c;
		bad.elim_digit[bad.n_elims] = m->x.solution[c];
		bad.n_elims++;
		m->mutated = true;
		m->caught = check_step(&m->x, &bad) != 0;
		return 1;
	}
	if (!m->mutated && m->mode == 1 && s->place_digit) {
		for (unsigned d = 1; d <= m->x.side; d++) {
			if (d != s->place_digit && dlx_sudoku_glogic_has(m->x.g, s->place_cell, d)) {
				bad.place_digit = d;
				m->mutated = true;
				m->caught = check_step(&m->x, &bad) != 0;
				return 1;
			}
		}
	}
	return check_step(&m->x, s);
}

START_TEST(test_checker_catches_wrong_steps)
{
	static const struct board b = { "16x16", 4, 4, 0, false, 1, 0, 0 };
	dlx_sudoku *s = make_solver(&b);
	const size_t cells = 256;
	uint8_t puzzle[256], solution[256];
	dlx_sudoku_glogic *g;
	dlx_error_info err;
	ck_assert_int_eq(dlx_sudoku_glogic_new(s, &g, &err), DLX_OK);
	unsigned caught[2] = { 0, 0 };
	for (uint64_t seq = 0; seq < 6; seq++) {
		dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
		gp.seed = 7;
		gp.sequence = seq;
		dlx_sudoku_gen_result gr;
		ck_assert_int_eq(dlx_sudoku_generate(s, &gp, puzzle, solution, &gr, &err), DLX_OK);
		for (int mode = 0; mode < 2; mode++) {
			struct tally t;
			memset(&t, 0, sizeof t);
			struct mutate_ctx m = { { g, solution, 16, 4, 4, NULL, 0, "", &t }, mode, false, false };
			ck_assert_int_eq(dlx_sudoku_glogic_set(g, puzzle, NULL, &err), DLX_OK);
			dlx_sudoku_rating r;
			ck_assert_int_eq(dlx_sudoku_glogic_rate(g, &r, mutate_step, &m, &err), DLX_OK);
			if (m.mutated) {
				ck_assert_msg(m.caught, "mode %d: the wrong step passed", mode);
				caught[mode]++;
			}
		}
	}
	ck_assert_uint_gt(caught[0], 0);
	ck_assert_uint_gt(caught[1], 0);
	(void)cells;
	dlx_sudoku_glogic_free(g);
	dlx_sudoku_free(s);
}
END_TEST

/*
 * On classic 9x9 the general ladder's rungs are the tuned ladder's below
 * 4.0 (its turbot fish family, wings and chains come after): a puzzle the
 * tuned ladder rates below 4.0 gets the same rating, solved.
 */
START_TEST(test_agrees_with_9x9_ladder)
{
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new(3, &s), DLX_OK);
	dlx_sudoku_glogic *g;
	dlx_error_info err;
	ck_assert_int_eq(dlx_sudoku_glogic_new(s, &g, &err), DLX_OK);
	unsigned compared = 0, trials = test_trials(400);
	for (unsigned i = 0; i < trials; i++) {
		uint8_t puzzle[81], solution[81];
		dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
		gp.seed = 5;
		gp.sequence = i;
		dlx_sudoku_gen_result gr;
		ck_assert_int_eq(dlx_sudoku_generate(s, &gp, puzzle, solution, &gr, &err), DLX_OK);
		dlx_sudoku_logic l;
		dlx_sudoku_rating r9, rg;
		ck_assert_int_eq(dlx_sudoku_logic_init(puzzle, NULL, &l, &err), DLX_OK);
		ck_assert_int_eq(dlx_sudoku_rate(&l, &r9, NULL, NULL, &err), DLX_OK);
		ck_assert_int_eq(dlx_sudoku_glogic_set(g, puzzle, NULL, &err), DLX_OK);
		struct tally t;
		memset(&t, 0, sizeof t);
		struct check_ctx x = { g, solution, 9, 3, 3, NULL, 0, "", &t };
		ck_assert_int_eq(dlx_sudoku_glogic_rate(g, &rg, check_step, &x, &err), DLX_OK);
		ck_assert_msg(!x.why[0], "9x9 puzzle %u: %s", i, x.why);
		if (r9.solved && r9.rating < 40) {
			compared++;
			ck_assert_msg(rg.solved && rg.rating == r9.rating, "9x9 puzzle %u: tuned %u, general %u (solved %d)", i,
				r9.rating, rg.rating, rg.solved);
		}
		if (rg.solved)
			ck_assert_uint_le(r9.rating, rg.rating);
	}
	ck_assert_uint_gt(compared, trials / 2);
	dlx_sudoku_glogic_free(g);
	dlx_sudoku_free(s);
}
END_TEST

/* Refusals and errors. */
START_TEST(test_refusals)
{
	dlx_sudoku_shape sh = DLX_SUDOKU_SHAPE_INIT;
	sh.flags = DLX_SUDOKU_ANTI_KNIGHT;
	dlx_sudoku *s;
	dlx_error_info err;
	ck_assert_int_eq(dlx_sudoku_new_shape(&sh, &s, &err), DLX_OK);
	dlx_sudoku_glogic *g = (dlx_sudoku_glogic *)1;
	ck_assert_int_eq(dlx_sudoku_glogic_new(s, &g, &err), DLX_ERR_INVALID);
	ck_assert_ptr_null(g);
	ck_assert(strstr(err.message, "units") != NULL);
	dlx_sudoku_free(s);
	ck_assert_int_eq(dlx_sudoku_glogic_new(NULL, &g, NULL), DLX_ERR_INVALID);

	ck_assert_int_eq(dlx_sudoku_new(4, &s), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_glogic_new(s, &g, &err), DLX_OK);
	uint8_t givens[256] = { 0 };
	givens[0] = 17;
	ck_assert_int_eq(dlx_sudoku_glogic_set(g, givens, NULL, &err), DLX_ERR_INVALID);
	givens[0] = 16;
	givens[5] = 16;
	ck_assert_int_eq(dlx_sudoku_glogic_set(g, givens, NULL, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r1c1 and r1c6 both hold 16");
	givens[5] = 0;
	ck_assert_int_eq(dlx_sudoku_glogic_set(g, givens, NULL, &err), DLX_OK);
	ck_assert_uint_eq(dlx_sudoku_glogic_value(g, 0), 16);
	ck_assert(!dlx_sudoku_glogic_has(g, 1, 16));
	ck_assert(dlx_sudoku_glogic_has(g, 1, 15));
	/* An empty board has no step; the units' kinds and numbers. */
	memset(givens, 0, sizeof givens);
	ck_assert_int_eq(dlx_sudoku_glogic_set(g, givens, NULL, &err), DLX_OK);
	dlx_sudoku_gstep *st = malloc(sizeof *st);
	ck_assert_int_eq(dlx_sudoku_glogic_next_step(g, UINT32_MAX, st, &err), DLX_OK);
	ck_assert_int_eq(st->technique, DLX_SUDOKU_TECH_NONE);
	unsigned num;
	ck_assert_int_eq(dlx_sudoku_glogic_unit(g, 17, &num), DLX_SUDOKU_UNIT_COLUMN);
	ck_assert_uint_eq(num, 2);
	ck_assert_int_eq(dlx_sudoku_glogic_unit(g, 47, &num), DLX_SUDOKU_UNIT_BOX);
	ck_assert_uint_eq(num, 16);
	/* A symbol with no place left in a unit is a conflict that next_step names. */
	uint8_t *marks = malloc(256 * 16);
	memset(marks, 1, 256 * 16);
	for (unsigned c = 0; c < 16; c++)
		marks[c * 16 + 6] = 0; /* 7 nowhere in row 1 */
	ck_assert_int_eq(dlx_sudoku_glogic_set(g, NULL, marks, &err), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_glogic_next_step(g, UINT32_MAX, st, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "7 has no place left in row 1");
	/* A hidden single with the marks: 7 only at r1c3. */
	marks[2 * 16 + 6] = 1;
	ck_assert_int_eq(dlx_sudoku_glogic_set(g, NULL, marks, &err), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_glogic_next_step(g, UINT32_MAX, st, &err), DLX_OK);
	ck_assert_int_eq(st->technique, DLX_SUDOKU_TECH_HIDDEN_SINGLE_LINE);
	ck_assert_uint_eq(st->place_cell, 2);
	ck_assert_uint_eq(st->place_digit, 7);
	ck_assert_uint_eq(st->units[0], 0);
	/* Below the hidden single's weight there is nothing. */
	ck_assert_int_eq(dlx_sudoku_glogic_next_step(g, 12, st, &err), DLX_OK);
	ck_assert_int_eq(st->technique, DLX_SUDOKU_TECH_NONE);
	/* A placement of a symbol that is not a candidate is refused. */
	st->technique = DLX_SUDOKU_TECH_NAKED_SINGLE;
	st->n_elims = 0;
	st->place_cell = 0;
	st->place_digit = 7;
	marks[6] = 0;
	ck_assert_int_eq(dlx_sudoku_glogic_set(g, NULL, marks, &err), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_glogic_apply_step(g, st), DLX_ERR_INVALID);
	free(marks);
	free(st);
	dlx_sudoku_glogic_free(g);
	dlx_sudoku_free(s);
	dlx_sudoku_glogic_free(NULL);
}
END_TEST

/* ---- hand-made grids of pencil marks on 16x16: each technique the easiest step ---- */

static uint8_t marks16[256 * 16];

static void all_marks(void)
{
	memset(marks16, 1, sizeof marks16);
}

/* Symbol d (1..16) leaves row r (1-based) but for the listed columns (0-terminated). */
static void row_only16(unsigned r, unsigned d, const unsigned *cols)
{
	for (unsigned c = 1; c <= 16; c++) {
		bool keep = false;
		for (const unsigned *k = cols; *k; k++)
			keep = keep || *k == c;
		if (!keep)
			marks16[((r - 1) * 16 + c - 1) * 16 + d - 1] = 0;
	}
}

static bool gremoves(const dlx_sudoku_gstep *s, unsigned r, unsigned c, unsigned d)
{
	for (unsigned k = 0; k < s->n_elims; k++)
		if (s->elim_cell[k] == (r - 1) * 16 + c - 1 && s->elim_digit[k] == d)
			return true;
	return false;
}

static void gstep_on(dlx_sudoku *s, dlx_sudoku_gstep *st)
{
	dlx_sudoku_glogic *g;
	dlx_error_info err;
	ck_assert_int_eq(dlx_sudoku_glogic_new(s, &g, &err), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_glogic_set(g, NULL, marks16, &err), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_glogic_next_step(g, UINT32_MAX, st, &err), DLX_OK);
	/* Every elimination was a candidate. */
	for (unsigned k = 0; k < st->n_elims; k++)
		ck_assert(dlx_sudoku_glogic_has(g, st->elim_cell[k], st->elim_digit[k]));
	dlx_sudoku_glogic_free(g);
}

START_TEST(test_hand_made_16x16)
{
	dlx_sudoku *s, *sx;
	ck_assert_int_eq(dlx_sudoku_new(4, &s), DLX_OK);
	dlx_sudoku_shape sh = { 4, DLX_SUDOKU_X, NULL };
	dlx_error_info err;
	ck_assert_int_eq(dlx_sudoku_new_shape(&sh, &sx, &err), DLX_OK);
	dlx_sudoku_gstep *st = malloc(sizeof *st);
	ck_assert_ptr_nonnull(st);

	/* X-wing: 7 in rows 1 and 5 only at columns 1 and 5. */
	all_marks();
	static const unsigned c15[] = { 1, 5, 0 };
	row_only16(1, 7, c15);
	row_only16(5, 7, c15);
	gstep_on(s, st);
	ck_assert_int_eq(st->technique, DLX_SUDOKU_TECH_X_WING);
	ck_assert_uint_eq(st->rating, 32);
	ck_assert_uint_eq(st->n_elims, 28);
	ck_assert(gremoves(st, 2, 1, 7) && gremoves(st, 16, 5, 7) && !gremoves(st, 1, 1, 7));

	/* Jellyfish: 7 in rows 1, 5, 9, 13 only at columns 1, 5, 9, 13. */
	all_marks();
	static const unsigned c4[] = { 1, 5, 9, 13, 0 };
	for (unsigned r = 1; r <= 13; r += 4)
		row_only16(r, 7, c4);
	gstep_on(s, st);
	ck_assert_int_eq(st->technique, DLX_SUDOKU_TECH_JELLYFISH);
	ck_assert_uint_eq(st->rating, 52);
	ck_assert_uint_eq(st->n_elims, 48);
	ck_assert(gremoves(st, 2, 9, 7) && !gremoves(st, 13, 13, 7));

	/* Naked quad: r1c1, r1c5, r1c9, r1c13 hold only 1-4 (four boxes: row 1 alone). */
	all_marks();
	for (unsigned c = 1; c <= 13; c += 4)
		for (unsigned d = 5; d <= 16; d++)
			marks16[(c - 1) * 16 + d - 1] = 0;
	gstep_on(s, st);
	ck_assert_int_eq(st->technique, DLX_SUDOKU_TECH_NAKED_QUAD);
	ck_assert_uint_eq(st->n_units, 1);
	ck_assert_uint_eq(st->units[0], 0);
	ck_assert_uint_eq(st->n_elims, 12 * 4);
	ck_assert(gremoves(st, 1, 2, 1) && !gremoves(st, 2, 1, 1));

	/* Hidden quad: 1-4 in row 1 only at c1, c5, c9, c13, which lose the other symbols. */
	all_marks();
	for (unsigned d = 1; d <= 4; d++)
		row_only16(1, d, c4);
	gstep_on(s, st);
	ck_assert_int_eq(st->technique, DLX_SUDOKU_TECH_HIDDEN_QUAD);
	ck_assert_uint_eq(st->rating, 54);
	ck_assert_uint_eq(st->n_elims, 4 * 12);
	ck_assert(gremoves(st, 1, 5, 16) && !gremoves(st, 1, 5, 4));

	/* Naked pair in row 1 and box 1: r1c1, r1c2 hold only 9, 16. */
	all_marks();
	for (unsigned c = 1; c <= 2; c++)
		for (unsigned d = 1; d <= 16; d++)
			marks16[(c - 1) * 16 + d - 1] = d == 9 || d == 16;
	gstep_on(s, st);
	ck_assert_int_eq(st->technique, DLX_SUDOKU_TECH_NAKED_PAIR);
	ck_assert_uint_eq(st->n_units, 2);
	ck_assert_uint_eq(st->units[0], 0);  /* row 1 */
	ck_assert_uint_eq(st->units[1], 32); /* box 1 */
	ck_assert_uint_eq(st->n_elims, 2 * (14 + 12));

	/* Locked candidates on X: 5 on the main diagonal only at r1c1 and r2c2 (box 1) leaves box 1's other cells. */
	all_marks();
	for (unsigned i = 3; i <= 16; i++)
		marks16[((i - 1) * 16 + i - 1) * 16 + 4] = 0;
	gstep_on(sx, st);
	ck_assert_int_eq(st->technique, DLX_SUDOKU_TECH_CLAIMING);
	ck_assert_uint_eq(st->n_units, 2);
	ck_assert_uint_eq(st->units[0], 48); /* the main diagonal: unit 3N */
	ck_assert_uint_eq(st->units[1], 32); /* box 1 */
	ck_assert_uint_eq(st->digits[0], 5);
	ck_assert_uint_eq(st->n_elims, 12); /* r3c3 and r4c4, diagonal cells of box 1, had lost it */
	/* The same grid on a plain 16x16 has no diagonal: the rung finds nothing there. */
	gstep_on(s, st);
	ck_assert_int_eq(st->technique, DLX_SUDOKU_TECH_NONE);

	/* Hidden single on the anti-diagonal: 5 only at r16c1. */
	all_marks();
	for (unsigned i = 1; i <= 15; i++)
		marks16[((i - 1) * 16 + 16 - i) * 16 + 4] = 0;
	gstep_on(sx, st);
	ck_assert_int_eq(st->technique, DLX_SUDOKU_TECH_HIDDEN_SINGLE_LINE);
	ck_assert_uint_eq(st->rating, 15);
	ck_assert_uint_eq(st->units[0], 49);
	ck_assert_uint_eq(st->place_cell, 15 * 16);
	ck_assert_uint_eq(st->place_digit, 5);
	free(st);
	dlx_sudoku_free(s);
	dlx_sudoku_free(sx);
}
END_TEST

static Suite *explain_general_suite(void)
{
	Suite *s = suite_create("explain-general");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_steps_on_boards, 0, (int)(sizeof boards / sizeof boards[0]));
	tcase_add_test(tc, test_checker_catches_wrong_steps);
	tcase_add_test(tc, test_agrees_with_9x9_ladder);
	tcase_add_test(tc, test_refusals);
	tcase_add_test(tc, test_hand_made_16x16);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(explain_general_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
