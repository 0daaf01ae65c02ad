/*
 * The "explain" suite: explained solving and the rating (dlx-sudoku-explain.h).
 *
 * An independent checker follows every step on many puzzles: the exact-cover
 * solver gives each puzzle's solution, and no step may remove the solution's
 * digit from a cell or place another; when the rating says the steps solved
 * the puzzle, the board they leave is the solution.  Each technique also has
 * a hand-made grid of candidates on which it is the easiest step, with the
 * eliminations it must make counted and spot-checked.
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

#define ALL 0x1ffu

/* An empty grid with every digit a candidate everywhere: no technique applies to it. */
static void full(dlx_sudoku_logic *g)
{
	/* Every field: the uniqueness techniques read g->unique. */
	memset(g, 0, sizeof *g);
	for (unsigned c = 0; c < 81; c++) {
		g->value[c] = 0;
		g->cand[c] = ALL;
	}
}

static unsigned cell(unsigned r, unsigned c) { return (r - 1) * 9 + c - 1; }
static unsigned bit(unsigned d) { return 1u << (d - 1); }

/* Removes digit d from row r except the listed columns (a 0-terminated list). */
static void row_only(dlx_sudoku_logic *g, unsigned r, unsigned d, const unsigned *cols)
{
	for (unsigned c = 1; c <= 9; c++) {
		bool keep = false;
		for (const unsigned *k = cols; *k; k++)
			keep = keep || *k == c;
		if (!keep)
			g->cand[cell(r, c)] &= (uint16_t)~bit(d);
	}
}

static bool removes(const dlx_sudoku_step *s, unsigned r, unsigned c, unsigned d)
{
	for (unsigned k = 0; k < s->n_elims; k++)
		if (s->elim_cell[k] == cell(r, c) && s->elim_digit[k] == d)
			return true;
	return false;
}

static dlx_sudoku_step next(const dlx_sudoku_logic *g)
{
	dlx_sudoku_step s;
	ck_assert_int_eq(dlx_sudoku_next_step(g, 1000, &s, NULL), DLX_OK);
	return s;
}

START_TEST(test_empty_grid_has_no_step)
{
	dlx_sudoku_logic g;
	full(&g);
	ck_assert_int_eq(next(&g).technique, DLX_SUDOKU_TECH_NONE);
}
END_TEST

START_TEST(test_singles)
{
	dlx_sudoku_logic g;
	full(&g);
	static const unsigned c5[] = { 5, 0 };
	row_only(&g, 2, 7, c5); /* 7 of row 2 only at r2c5, which also leaves box 2 with two places */
	dlx_sudoku_step s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_HIDDEN_SINGLE_LINE);
	ck_assert_uint_eq(s.rating, 15);
	ck_assert_uint_eq(s.place_cell, cell(2, 5));
	ck_assert_uint_eq(s.place_digit, 7);
	ck_assert_uint_eq(s.units[0], 1);
	/* In a box the hidden single is easier (1.2) and comes first. */
	for (unsigned i = 0; i < 9; i++)
		if (i != 4)
			g.cand[(i / 3 + 6) * 9 + i % 3 + 6] &= (uint16_t)~bit(3);
	s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_HIDDEN_SINGLE_BOX);
	ck_assert_uint_eq(s.place_cell, cell(8, 8));
	ck_assert_uint_eq(s.place_digit, 3);
	ck_assert_int_eq(dlx_sudoku_apply_step(&g, &s), DLX_OK);
	ck_assert_uint_eq(g.value[cell(8, 8)], 3);
	ck_assert_uint_eq(g.cand[cell(8, 1)] & bit(3), 0);
	ck_assert_uint_eq(g.cand[cell(1, 8)] & bit(3), 0);
	ck_assert_uint_eq(g.cand[cell(7, 7)] & bit(3), 0);
	/* A naked single needs no hidden one around it. */
	full(&g);
	g.cand[cell(5, 5)] = bit(4);
	s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_NAKED_SINGLE);
	ck_assert_uint_eq(s.rating, 23);
	ck_assert_uint_eq(s.place_digit, 4);
}
END_TEST

START_TEST(test_locked_candidates)
{
	dlx_sudoku_logic g;
	full(&g);
	/* 1 of box 1 only in row 1 (r1c1, r1c2): pointing clears r1c4-r1c9. */
	for (unsigned r = 2; r <= 3; r++)
		for (unsigned c = 1; c <= 3; c++)
			g.cand[cell(r, c)] &= (uint16_t)~bit(1);
	g.cand[cell(1, 3)] &= (uint16_t)~bit(1);
	dlx_sudoku_step s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_POINTING);
	ck_assert_uint_eq(s.rating, 26);
	ck_assert_uint_eq(s.n_elims, 6);
	ck_assert(removes(&s, 1, 9, 1) && !removes(&s, 1, 1, 1));
	ck_assert_uint_eq(s.units[0], 18);
	ck_assert_uint_eq(s.units[1], 0);
	/* 1 of row 1 only in box 1: claiming clears box 1's other rows. */
	full(&g);
	static const unsigned c12[] = { 1, 2, 0 };
	row_only(&g, 1, 1, c12);
	s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_CLAIMING);
	ck_assert_uint_eq(s.rating, 28);
	ck_assert_uint_eq(s.n_elims, 6);
	ck_assert(removes(&s, 3, 3, 1) && removes(&s, 2, 1, 1));
}
END_TEST

START_TEST(test_subsets)
{
	dlx_sudoku_logic g;
	dlx_sudoku_step s;
	/* Naked pair r1c1, r1c2 = {1,2}: row 1 and box 1 lose 1 and 2. */
	full(&g);
	g.cand[cell(1, 1)] = g.cand[cell(1, 2)] = (uint16_t)(bit(1) | bit(2));
	s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_NAKED_PAIR);
	ck_assert_uint_eq(s.n_elims, 2 * (7 + 6));
	ck_assert(removes(&s, 1, 9, 2) && removes(&s, 3, 3, 1) && !removes(&s, 4, 1, 1));
	/* Naked triple {1,2},{2,3},{1,3} across row 1's boxes. */
	full(&g);
	g.cand[cell(1, 1)] = (uint16_t)(bit(1) | bit(2));
	g.cand[cell(1, 5)] = (uint16_t)(bit(2) | bit(3));
	g.cand[cell(1, 9)] = (uint16_t)(bit(1) | bit(3));
	s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_NAKED_TRIPLE);
	ck_assert_uint_eq(s.rating, 36);
	ck_assert_uint_eq(s.n_elims, 18);
	/* Naked quad {1,2},{2,3},{3,4},{1,4}. */
	full(&g);
	g.cand[cell(1, 1)] = (uint16_t)(bit(1) | bit(2));
	g.cand[cell(1, 4)] = (uint16_t)(bit(2) | bit(3));
	g.cand[cell(1, 7)] = (uint16_t)(bit(3) | bit(4));
	g.cand[cell(1, 9)] = (uint16_t)(bit(1) | bit(4));
	s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_NAKED_QUAD);
	ck_assert_uint_eq(s.rating, 50);
	ck_assert_uint_eq(s.n_elims, 20);
	/* Hidden pair: 1 and 2 of row 1 only at r1c1, r1c5, which lose 3-9. */
	full(&g);
	static const unsigned c15[] = { 1, 5, 0 }, c59[] = { 5, 9, 0 }, c19[] = { 1, 9, 0 };
	row_only(&g, 1, 1, c15);
	row_only(&g, 1, 2, c15);
	s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_HIDDEN_PAIR);
	ck_assert_uint_eq(s.rating, 34);
	ck_assert_uint_eq(s.n_elims, 14);
	ck_assert(removes(&s, 1, 5, 9) && !removes(&s, 1, 5, 2));
	/* Hidden triple: 1, 2, 3 of row 1 within r1c1, r1c5, r1c9. */
	full(&g);
	row_only(&g, 1, 1, c15);
	row_only(&g, 1, 2, c59);
	row_only(&g, 1, 3, c19);
	s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_HIDDEN_TRIPLE);
	ck_assert_uint_eq(s.n_elims, 18);
	/* Hidden quad: 1-4 of row 1 within r1c1, r1c4, r1c7, r1c9, each digit in three of them. */
	full(&g);
	static const unsigned q1[] = { 1, 4, 7, 0 }, q2[] = { 1, 4, 9, 0 }, q3[] = { 1, 7, 9, 0 }, q4[] = { 4, 7, 9, 0 };
	row_only(&g, 1, 1, q1);
	row_only(&g, 1, 2, q2);
	row_only(&g, 1, 3, q3);
	row_only(&g, 1, 4, q4);
	s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_HIDDEN_QUAD);
	ck_assert_uint_eq(s.rating, 54);
	ck_assert_uint_eq(s.n_elims, 20);
}
END_TEST

START_TEST(test_fish)
{
	dlx_sudoku_logic g;
	dlx_sudoku_step s;
	static const unsigned c15[] = { 1, 5, 0 }, c14[] = { 1, 4, 0 }, c47[] = { 4, 7, 0 }, c17[] = { 1, 7, 0 };
	/* X-wing: 1 of rows 1 and 5 only in columns 1 and 5. */
	full(&g);
	row_only(&g, 1, 1, c15);
	row_only(&g, 5, 1, c15);
	s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_X_WING);
	ck_assert_uint_eq(s.rating, 32);
	ck_assert_uint_eq(s.n_elims, 14);
	ck_assert(removes(&s, 9, 5, 1) && !removes(&s, 5, 5, 1));
	ck_assert_uint_eq(s.n_units, 4);
	/* Swordfish: rows 1, 4, 7 on columns 1, 4, 7. */
	full(&g);
	row_only(&g, 1, 1, c14);
	row_only(&g, 4, 1, c47);
	row_only(&g, 7, 1, c17);
	s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_SWORDFISH);
	ck_assert_uint_eq(s.n_elims, 18);
	/* Jellyfish: rows 1, 4, 7, 9 on columns 1, 4, 7, 9, three of them each (no row's 1 within a box). */
	full(&g);
	static const unsigned j1[] = { 1, 4, 7, 0 }, j2[] = { 1, 4, 9, 0 }, j3[] = { 1, 7, 9, 0 }, j4[] = { 4, 7, 9, 0 };
	row_only(&g, 1, 1, j1);
	row_only(&g, 4, 1, j2);
	row_only(&g, 7, 1, j3);
	row_only(&g, 9, 1, j4);
	s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_JELLYFISH);
	ck_assert_uint_eq(s.rating, 52);
	ck_assert_uint_eq(s.n_elims, 20);
}
END_TEST

START_TEST(test_turbot_fish)
{
	dlx_sudoku_logic g;
	dlx_sudoku_step s;
	static const unsigned c15[] = { 1, 5, 0 }, c16[] = { 1, 6, 0 }, c59[] = { 5, 9, 0 };
	/* Skyscraper: 1 of row 1 at c1, c5 and of row 5 at c1, c6: r1c5 or r5c6 holds 1. */
	full(&g);
	row_only(&g, 1, 1, c15);
	row_only(&g, 5, 1, c16);
	s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_SKYSCRAPER);
	ck_assert_uint_eq(s.rating, 40);
	/* The cells seeing both: r2c6, r3c6 (box 2, column 6) and r4c5, r6c5 (column 5, box 5). */
	ck_assert(removes(&s, 2, 6, 1) && removes(&s, 3, 6, 1) && removes(&s, 4, 5, 1) && removes(&s, 6, 5, 1));
	ck_assert_uint_eq(s.n_elims, 4);
	/* Two-string kite: 1 of row 1 at c5, c9 and of column 4 at r2, r7 (r1c5 and r2c4 share box 2). */
	full(&g);
	row_only(&g, 1, 1, c59);
	for (unsigned r = 1; r <= 9; r++)
		if (r != 2 && r != 7)
			g.cand[cell(r, 4)] &= (uint16_t)~bit(1);
	s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_TWO_STRING_KITE);
	ck_assert_uint_eq(s.rating, 41);
	ck_assert_uint_eq(s.n_elims, 1);
	ck_assert(removes(&s, 7, 9, 1));
}
END_TEST

START_TEST(test_uniqueness)
{
	dlx_sudoku_logic g;
	dlx_sudoku_step s;
	/* r1c1, r1c4, r3c1 {1,2}, r3c4 {1,2,3}: a unique rectangle in boxes 1 and 2, with unique set only. */
	full(&g);
	g.cand[cell(1, 1)] = g.cand[cell(1, 4)] = g.cand[cell(3, 1)] = (uint16_t)(bit(1) | bit(2));
	g.cand[cell(3, 4)] = (uint16_t)(bit(1) | bit(2) | bit(3));
	g.unique = 0;
	s = next(&g);
	ck_assert_int_ne(s.technique, DLX_SUDOKU_TECH_UNIQUE_RECT_1);
	/* Row 1, column 1 and box 1 hold naked pairs, which come first: leave them nothing to remove. */
	for (unsigned i = 0; i < 81; i++) {
		bool pair_unit = i / 9 == 0 || i % 9 == 0 || (i / 27 == 0 && i % 9 < 3);
		if (pair_unit && i != cell(1, 1) && i != cell(1, 4) && i != cell(3, 1))
			g.cand[i] &= (uint16_t)~(bit(1) | bit(2));
	}
	g.unique = 1;
	s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_UNIQUE_RECT_1);
	ck_assert_uint_eq(s.rating, 45);
	ck_assert_uint_eq(s.n_elims, 2);
	ck_assert(removes(&s, 3, 4, 1) && removes(&s, 3, 4, 2));
}
END_TEST

START_TEST(test_wings)
{
	dlx_sudoku_logic g;
	dlx_sudoku_step s;
	/* XY-wing: pivot r1c1 {1,2}, pincers r1c5 {1,3} and r5c1 {2,3}: r5c5 loses 3. */
	full(&g);
	g.cand[cell(1, 1)] = (uint16_t)(bit(1) | bit(2));
	g.cand[cell(1, 5)] = (uint16_t)(bit(1) | bit(3));
	g.cand[cell(5, 1)] = (uint16_t)(bit(2) | bit(3));
	s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_XY_WING);
	ck_assert_uint_eq(s.rating, 42);
	ck_assert_uint_eq(s.n_elims, 1);
	ck_assert(removes(&s, 5, 5, 3));
	ck_assert_uint_eq(s.cells[0], cell(1, 1));
	/* XYZ-wing: pivot r1c1 {1,2,3}, pincers r1c5 {1,3} and r2c2 {2,3}: r1c2, r1c3 lose 3. */
	full(&g);
	g.cand[cell(1, 1)] = (uint16_t)(bit(1) | bit(2) | bit(3));
	g.cand[cell(1, 5)] = (uint16_t)(bit(1) | bit(3));
	g.cand[cell(2, 2)] = (uint16_t)(bit(2) | bit(3));
	s = next(&g);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_XYZ_WING);
	ck_assert_uint_eq(s.rating, 44);
	ck_assert_uint_eq(s.n_elims, 2);
	ck_assert(removes(&s, 1, 2, 3) && removes(&s, 1, 3, 3));
}
END_TEST

START_TEST(test_max_rating_and_errors)
{
	dlx_sudoku_logic g;
	dlx_sudoku_step s;
	full(&g);
	g.cand[cell(1, 1)] = g.cand[cell(1, 2)] = (uint16_t)(bit(1) | bit(2));
	ck_assert_int_eq(dlx_sudoku_next_step(&g, 26, &s, NULL), DLX_OK);
	ck_assert_int_eq(s.technique, DLX_SUDOKU_TECH_NONE);
	g.cand[cell(4, 4)] = 0;
	dlx_error_info err;
	ck_assert_int_eq(dlx_sudoku_next_step(&g, 100, &s, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r4c4 has no candidate left");
	full(&g);
	static const unsigned none[] = { 0 };
	row_only(&g, 6, 8, none);
	ck_assert_int_eq(dlx_sudoku_next_step(&g, 100, &s, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "8 has no place left in row 6");
	uint8_t givens[81] = { 0 };
	givens[0] = givens[10] = 5;
	ck_assert_int_eq(dlx_sudoku_logic_init(givens, NULL, &g, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r1c1 and r2c2 both hold 5");
	givens[10] = 10;
	ck_assert_int_eq(dlx_sudoku_logic_init(givens, NULL, &g, &err), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_sudoku_logic_init(NULL, NULL, &g, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(dlx_sudoku_technique_name(DLX_SUDOKU_TECH_X_WING), "X-wing");
	ck_assert_str_eq(dlx_sudoku_technique_name((dlx_sudoku_technique)99), "?");
	ck_assert_str_eq(dlx_sudoku_rating_class(23, 1), "easy");
	ck_assert_str_eq(dlx_sudoku_rating_class(32, 1), "medium");
	ck_assert_str_eq(dlx_sudoku_rating_class(42, 1), "hard");
	ck_assert_str_eq(dlx_sudoku_rating_class(54, 1), "expert");
	ck_assert_str_eq(dlx_sudoku_rating_class(75, 1), "expert");
	ck_assert_str_eq(dlx_sudoku_rating_class(75, 0), "beyond logic");
}
END_TEST

/* The checker's state: the solution, the grid before the step, what went wrong. */
struct check {
	const uint8_t *solution;
	const dlx_sudoku_logic *g;
	unsigned bad, steps;
	unsigned used[DLX_SUDOKU_TECH_COUNT];
	unsigned last_rating;
};

static bool same_unit(unsigned a, unsigned b)
{
	return a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3);
}

/* The places left for digit d in the units of cell c that also hold cell o: 2 when some such unit has only those two. */
static bool conjugate(const dlx_sudoku_logic *g, unsigned c, unsigned o, unsigned d)
{
	bool rows = c / 9 == o / 9, cols = c % 9 == o % 9, box = c / 27 == o / 27 && c % 9 / 3 == o % 9 / 3;
	unsigned nr = 0, nc = 0, nb = 0;
	for (unsigned i = 0; i < 81; i++) {
		if (!(g->cand[i] & bit(d)))
			continue;
		nr += i / 9 == c / 9;
		nc += i % 9 == c % 9;
		nb += i / 27 == c / 27 && i % 9 / 3 == c % 9 / 3;
	}
	return (rows && nr == 2) || (cols && nc == 2) || (box && nb == 2);
}

/*
 * A chain read back link by link on the grid: candidates, chosen and removed
 * in turn, each removal following from a choice by a weak link (same cell, or
 * same digit in a shared unit) and each choice from a removal by a strong one
 * (the cell's other candidate of two, or the digit's other place of two in a unit).
 */
static bool chain_ok(const dlx_sudoku_logic *g, const dlx_sudoku_step *s)
{
	unsigned n = s->n_chain;
	if (n < 4 || n % 2 || s->chain_cell[0] != s->chain_cell[n - 1] || s->chain_digit[0] != s->chain_digit[n - 1])
		return false;
	unsigned start_on = !s->place_digit;
	if (start_on && (s->n_elims != 1 || s->elim_cell[0] != s->chain_cell[0] || s->elim_digit[0] != s->chain_digit[0]))
		return false;
	if (!start_on && (s->n_elims || s->place_cell != s->chain_cell[0] || s->place_digit != s->chain_digit[0]))
		return false;
	for (unsigned i = 0; i + 1 < n; i++) {
		unsigned a = s->chain_cell[i], b = s->chain_cell[i + 1], da = s->chain_digit[i], db = s->chain_digit[i + 1];
		if (!(g->cand[a] & bit(da)) || !(g->cand[b] & bit(db)))
			return false;
		bool link;
		if (i % 2 == !start_on) /* chosen -> removed */
			link = (a == b && da != db) || (a != b && da == db && same_unit(a, b));
		else            /* removed -> chosen */
			link = (a == b && da != db && g->cand[a] == (bit(da) | bit(db))) ||
				(a != b && da == db && conjugate(g, a, b, da));
		if (!link)
			return false;
	}
	return true;
}

/*
 * The branches of a forcing chain step of several (Nishio, cell, region,
 * dynamic) read back on the grid: each a candidate of it, a cell's every
 * candidate, a unit's every place of the digit, and one conclusion.
 */
static bool branches_ok(const dlx_sudoku_logic *g, const dlx_sudoku_step *s)
{
	if ((s->place_digit != 0) == (s->n_elims != 0) || s->n_elims > 1 || s->n_chain < 1)
		return false;
	for (unsigned i = 0; i < s->n_chain; i++)
		if (s->chain_cell[i] >= 81 || !(g->cand[s->chain_cell[i]] & bit(s->chain_digit[i])))
			return false;
	unsigned c0 = s->chain_cell[0], d0 = s->chain_digit[0];
	switch (s->technique) {
	case DLX_SUDOKU_TECH_CELL_FORCING:
	case DLX_SUDOKU_TECH_DYNAMIC_CELL: {
		unsigned seen = 0;
		for (unsigned i = 0; i < s->n_chain; i++)
			seen |= s->chain_cell[i] == c0 ? bit(s->chain_digit[i]) : 0;
		return s->n_cells == 1 && s->cells[0] == c0 && seen == g->cand[c0] &&
			s->n_chain == (unsigned)__builtin_popcount(seen) && s->n_chain >= 2;
	}
	case DLX_SUDOKU_TECH_REGION_FORCING:
	case DLX_SUDOKU_TECH_DYNAMIC_REGION: {
		unsigned u = s->units[0], places = 0;
		for (unsigned c = 0; c < 81; c++) {
			bool in = u < 9 ? c / 9 == u : u < 18 ? c % 9 == u - 9 : (c / 27) * 3 + c % 9 / 3 == u - 18;
			places += in && (g->cand[c] & bit(d0));
		}
		for (unsigned i = 0; i < s->n_chain; i++) {
			unsigned c = s->chain_cell[i];
			bool in = u < 9 ? c / 9 == u : u < 18 ? c % 9 == u - 9 : (c / 27) * 3 + c % 9 / 3 == u - 18;
			if (!in || s->chain_digit[i] != d0)
				return false;
		}
		return s->n_units == 1 && s->n_chain == places && places >= 2 && s->digits == bit(d0);
	}
	case DLX_SUDOKU_TECH_NISHIO:
	case DLX_SUDOKU_TECH_DYNAMIC_CONTRADICTION:
		/* The assumption's own conclusion: removed if it was chosen, placed if it was removed. */
		return s->n_chain == 2 && (s->place_digit ? s->place_cell == c0 && s->place_digit == d0
			: s->elim_cell[0] == c0 && s->elim_digit[0] == d0);
	case DLX_SUDOKU_TECH_DYNAMIC_DOUBLE:
		/* Chosen and removed, the assumption: SE tries it in cells of three candidates or more. */
		return s->n_chain == 1 && __builtin_popcount(g->cand[c0]) >= 3;
	default:
		return false;
	}
}

/*
 * n strong links read back: n units each with exactly two places for the
 * digit, given in order as the step's cell pairs, each pair's second cell
 * seeing the next pair's first; every elimination sees the chain's two ends.
 */
static bool links_ok(const dlx_sudoku_logic *g, const dlx_sudoku_step *s)
{
	unsigned n = s->n_units, d = (unsigned)__builtin_ctz(s->digits) + 1;
	if (n < 3 || n > 4 || s->n_cells != 2 * n || s->digits != bit(d))
		return false;
	for (unsigned i = 0; i < n; i++) {
		unsigned u = s->units[i], a = s->cells[2 * i], b = s->cells[2 * i + 1], places = 0, ends = 0;
		for (unsigned c = 0; c < 81; c++) {
			bool in = u < 9 ? c / 9 == u : u < 18 ? c % 9 == u - 9 : (c / 27) * 3 + c % 9 / 3 == u - 18;
			if (in && (g->cand[c] & bit(d))) {
				places++;
				ends += c == a || c == b;
			}
		}
		if (places != 2 || ends != 2 || a == b)
			return false;
		if (i + 1 < n && (b == s->cells[2 * i + 2] || !same_unit(b, s->cells[2 * i + 2])))
			return false;
	}
	for (unsigned i = 0; i < s->n_elims; i++) {
		unsigned c = s->elim_cell[i];
		if (s->elim_digit[i] != d || !same_unit(c, s->cells[0]) || !same_unit(c, s->cells[2 * n - 1]) ||
			c == s->cells[0] || c == s->cells[2 * n - 1])
			return false;
	}
	return true;
}

static int check_step(void *ctx, const dlx_sudoku_step *s)
{
	struct check *k = ctx;
	k->steps++;
	k->used[s->technique]++;
	unsigned base = dlx_sudoku_technique_rating(s->technique);
	bool chain = s->technique >= DLX_SUDOKU_TECH_X_CHAIN && s->technique <= DLX_SUDOKU_TECH_XY_CHAIN;
	bool multi = s->technique >= DLX_SUDOKU_TECH_NISHIO && s->technique < DLX_SUDOKU_TECH_COUNT;
	/* n strong links: 0.1 more for a box and lines, or rows and columns, 0.2 for all three. */
	bool links = s->technique == DLX_SUDOKU_TECH_STRONG_LINKS_3 || s->technique == DLX_SUDOKU_TECH_STRONG_LINKS_4;
	/* Length adds to a chain's base: 0.1 a step of SE's scale (a dynamic one's may pass 24, ... 384 nodes). */
	bool ok = (chain ? s->rating >= base && s->rating <= base + 7 && chain_ok(k->g, s)
		: multi ? s->rating >= base && s->rating <= base + 20 && branches_ok(k->g, s)
		: links ? s->rating >= base && s->rating <= base + 2 && links_ok(k->g, s) : s->rating == base) &&
		(s->n_elims > 0 || s->place_digit);
	for (unsigned i = 0; i < s->n_elims; i++) {
		unsigned c = s->elim_cell[i], d = s->elim_digit[i];
		ok = ok && d != k->solution[c] && (k->g->cand[c] & bit(d));
	}
	if (s->place_digit)
		ok = ok && s->place_digit == k->solution[s->place_cell];
	k->bad += !ok;
	return 0;
}

/* Rates the puzzle (givens, or with marks its pencil marks) and checks every step against the solution. */
static void check_puzzle(dlx_sudoku *sv, const uint8_t *givens, const uint8_t *marks, struct check *k)
{
	uint8_t solution[81];
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = 2;
	dlx_sudoku_result res;
	ck_assert_int_eq(dlx_sudoku_solve(sv, givens, &sp, solution, &res, NULL), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 1);
	dlx_sudoku_logic g;
	ck_assert_int_eq(dlx_sudoku_logic_init(marks ? NULL : givens, marks, &g, NULL), DLX_OK);
	g.unique = 1;
	k->solution = solution;
	k->g = &g;
	dlx_sudoku_rating r;
	ck_assert_int_eq(dlx_sudoku_rate(&g, &r, check_step, k, NULL), DLX_OK);
	ck_assert_uint_eq(r.solved, dlx_sudoku_logic_solved(&g));
	if (r.solved) {
		ck_assert_mem_eq(g.value, solution, 81);
		ck_assert_uint_ge(r.rating, dlx_sudoku_technique_rating(r.hardest));
		if (r.hardest < DLX_SUDOKU_TECH_X_CHAIN && r.hardest != DLX_SUDOKU_TECH_STRONG_LINKS_3 &&
			r.hardest != DLX_SUDOKU_TECH_STRONG_LINKS_4)
			ck_assert_uint_eq(r.rating, dlx_sudoku_technique_rating(r.hardest));
	} else {
		ck_assert_uint_ge(r.rating, DLX_SUDOKU_RATING_BEYOND);
	}
	/* The grid the steps left still holds the solution's every digit. */
	for (unsigned c = 0; c < 81; c++)
		ck_assert(g.value[c] ? g.value[c] == solution[c] : (g.cand[c] & bit(solution[c])) != 0);
	k->last_rating = r.solved ? r.rating : 0;
}

START_TEST(test_checker_on_puzzles)
{
	const char *data = getenv("DLX_DATA");
	ck_assert_msg(data != NULL, "DLX_DATA is not set");
	char path[4096];
	snprintf(path, sizeof path, "%s/sudoku17-sample.txt", data);
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	dlx_sudoku *sv;
	ck_assert_int_eq(dlx_sudoku_new(3, &sv), DLX_OK);
	struct check k = { 0 };
	char line[128];
	unsigned n = 0, solved = 0;
	for (; n < 400 && fgets(line, sizeof line, f); n++) {
		uint8_t givens[81];
		for (unsigned c = 0; c < 81; c++)
			givens[c] = line[c] >= '1' && line[c] <= '9' ? (uint8_t)(line[c] - '0') : 0;
		check_puzzle(sv, givens, NULL, &k);
		solved += k.last_rating != 0;
		/* The same puzzle as pencil marks (a given is its cell's only mark). */
		if (n % 8 == 0) {
			uint8_t marks[729];
			for (unsigned c = 0; c < 81; c++)
				for (unsigned d = 0; d < 9; d++)
					marks[c * 9 + d] = !givens[c] || givens[c] == d + 1;
			check_puzzle(sv, givens, marks, &k);
		}
	}
	fclose(f);
	/* Generated puzzles with more clues: the easy end of the ladder. */
	dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
	gp.seed = 19;
	for (unsigned i = 0; i < 100; i++) {
		uint8_t puzzle[81];
		dlx_sudoku_gen_result gr;
		gp.sequence = i;
		gp.clues = 24 + i % 12;
		ck_assert_int_eq(dlx_sudoku_generate(sv, &gp, puzzle, NULL, &gr, NULL), DLX_OK);
		check_puzzle(sv, puzzle, NULL, &k);
		solved += k.last_rating != 0;
	}
	ck_assert_uint_eq(k.bad, 0);
	/* Most of these puzzles need no more than the ladder, and the steps use most of its rungs. */
	ck_assert_uint_gt(solved, 300);
	unsigned rungs = 0;
	for (unsigned t = 1; t < DLX_SUDOKU_TECH_COUNT; t++)
		rungs += k.used[t] > 0;
	ck_assert_uint_ge(rungs, 12);
	/* Single-digit chains: of three or four strong links first, longer ones as X-chains. */
	ck_assert_uint_gt(k.used[DLX_SUDOKU_TECH_STRONG_LINKS_3], 0);
	ck_assert_uint_gt(k.used[DLX_SUDOKU_TECH_STRONG_LINKS_4], 0);
	ck_assert_uint_gt(k.used[DLX_SUDOKU_TECH_Y_CHAIN], 0);
	for (unsigned t = 1; t < DLX_SUDOKU_TECH_COUNT; t++)
		fprintf(stderr, "%s%s %u", t > 1 ? "," : "steps:", dlx_sudoku_technique_name(t), k.used[t]);
	fprintf(stderr, "\n");
	ck_assert_uint_gt(k.used[DLX_SUDOKU_TECH_XY_CHAIN], 0);
	dlx_sudoku_free(sv);
}
END_TEST

/* Reads up to max puzzles of DLX_DATA's file name, one a line, into givens[n][81]; returns n. */
static unsigned read_puzzles(const char *name, uint8_t (*givens)[81], unsigned max)
{
	const char *data = getenv("DLX_DATA");
	ck_assert_msg(data != NULL, "DLX_DATA is not set");
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", data, name);
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	char line[128];
	unsigned n = 0;
	for (; n < max && fgets(line, sizeof line, f); n++)
		for (unsigned c = 0; c < 81; c++)
			givens[n][c] = line[c] >= '1' && line[c] <= '9' ? (uint8_t)(line[c] - '0') : 0;
	fclose(f);
	return n;
}

/*
 * Aligned triple exclusion and the forcing chains of several branches, on
 * puzzles that need them (the first 60 of magictour's top 1465): every step
 * checked as above, each kind used.
 */
START_TEST(test_checker_on_forcing_chains)
{
	static uint8_t givens[60][81];
	unsigned n = read_puzzles("sudoku9-hard-sample.txt", givens, 60);
	ck_assert_uint_eq(n, 60);
	dlx_sudoku *sv;
	ck_assert_int_eq(dlx_sudoku_new(3, &sv), DLX_OK);
	struct check k = { 0 };
	unsigned solved = 0;
	for (unsigned i = 0; i < n; i++) {
		check_puzzle(sv, givens[i], NULL, &k);
		solved += k.last_rating != 0;
	}
	ck_assert_uint_eq(k.bad, 0);
	for (unsigned t = DLX_SUDOKU_TECH_ALIGNED_TRIPLE; t < DLX_SUDOKU_TECH_COUNT; t++)
		ck_assert_msg(k.used[t] > 0, "%s never used", dlx_sudoku_technique_name(t));
	/* Dynamic chains solve most of them; the rest need SE's nested chains. */
	ck_assert_uint_ge(solved, 55);
	dlx_sudoku_free(sv);
}
END_TEST

/* The first step of each kind of forcing chains, with the grid it was found on. */
struct capture {
	const dlx_sudoku_logic *g;
	dlx_sudoku_step step[DLX_SUDOKU_TECH_COUNT];
	dlx_sudoku_logic grid[DLX_SUDOKU_TECH_COUNT];
	bool have[DLX_SUDOKU_TECH_COUNT];
};

static int capture_step(void *ctx, const dlx_sudoku_step *s)
{
	struct capture *cp = ctx;
	if (s->technique >= DLX_SUDOKU_TECH_ALIGNED_TRIPLE && !cp->have[s->technique]) {
		cp->have[s->technique] = true;
		cp->step[s->technique] = *s;
		cp->grid[s->technique] = *cp->g;
	}
	return 0;
}

/* The checker catches a forcing chain step made wrong: an elimination of the solution's digit, a wrong placement. */
START_TEST(test_checker_catches_wrong_forcing_chains)
{
	static uint8_t givens[60][81];
	unsigned n = read_puzzles("sudoku9-hard-sample.txt", givens, 60);
	dlx_sudoku *sv;
	ck_assert_int_eq(dlx_sudoku_new(3, &sv), DLX_OK);
	static struct capture cp;
	memset(&cp, 0, sizeof cp);
	unsigned kinds = 0;
	for (unsigned i = 0; i < n && kinds < DLX_SUDOKU_TECH_COUNT - DLX_SUDOKU_TECH_ALIGNED_TRIPLE; i++) {
		uint8_t solution[81];
		dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
		dlx_sudoku_result res;
		ck_assert_int_eq(dlx_sudoku_solve(sv, givens[i], &sp, solution, &res, NULL), DLX_OK);
		dlx_sudoku_logic g;
		ck_assert_int_eq(dlx_sudoku_logic_init(givens[i], NULL, &g, NULL), DLX_OK);
		g.unique = 1;
		cp.g = &g;
		bool had[DLX_SUDOKU_TECH_COUNT];
		memcpy(had, cp.have, sizeof had);
		dlx_sudoku_rating r;
		ck_assert_int_eq(dlx_sudoku_rate(&g, &r, capture_step, &cp, NULL), DLX_OK);
		kinds = 0;
		for (unsigned t = DLX_SUDOKU_TECH_ALIGNED_TRIPLE; t < DLX_SUDOKU_TECH_COUNT; t++) {
			kinds += cp.have[t];
			if (!cp.have[t] || had[t])
				continue;
			/* Checked as found, then made wrong two ways: each caught. */
			struct check k = { 0 };
			k.solution = solution;
			k.g = &cp.grid[t];
			dlx_sudoku_step s = cp.step[t];
			check_step(&k, &s);
			ck_assert_msg(k.bad == 0, "%s: a right step refused", dlx_sudoku_technique_name(t));
			if (s.n_elims) {
				/* Remove the solution's digit of some cell the chain could reach: the step's own cell. */
				unsigned c = s.elim_cell[0];
				s.elim_digit[0] = solution[c];
				if (cp.grid[t].cand[c] & bit(solution[c])) {
					check_step(&k, &s);
					ck_assert_msg(k.bad == 1, "%s: a wrong elimination passed", dlx_sudoku_technique_name(t));
				}
			} else {
				unsigned c = s.place_cell, wrong = cp.grid[t].cand[c] & ~bit(solution[c]);
				ck_assert_uint_ne(wrong, 0);
				s.place_digit = (uint8_t)(__builtin_ctz(wrong) + 1);
				check_step(&k, &s);
				ck_assert_msg(k.bad == 1, "%s: a wrong placement passed", dlx_sudoku_technique_name(t));
			}
			/* And the step applied to its grid leaves the solution possible. */
			dlx_sudoku_logic after = cp.grid[t];
			ck_assert_int_eq(dlx_sudoku_apply_step(&after, &cp.step[t]), DLX_OK);
			for (unsigned c = 0; c < 81; c++)
				ck_assert(after.value[c] ? after.value[c] == solution[c] : (after.cand[c] & bit(solution[c])) != 0);
		}
	}
	ck_assert_uint_eq(kinds, DLX_SUDOKU_TECH_COUNT - DLX_SUDOKU_TECH_ALIGNED_TRIPLE);
	dlx_sudoku_free(sv);
}
END_TEST

static Suite *explain_suite(void)
{
	Suite *s = suite_create("explain");
	TCase *tc = tcase_create("explain");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_empty_grid_has_no_step);
	tcase_add_test(tc, test_singles);
	tcase_add_test(tc, test_locked_candidates);
	tcase_add_test(tc, test_subsets);
	tcase_add_test(tc, test_fish);
	tcase_add_test(tc, test_turbot_fish);
	tcase_add_test(tc, test_uniqueness);
	tcase_add_test(tc, test_wings);
	tcase_add_test(tc, test_max_rating_and_errors);
	tcase_add_test(tc, test_checker_on_puzzles);
	tcase_add_test(tc, test_checker_on_forcing_chains);
	tcase_add_test(tc, test_checker_catches_wrong_forcing_chains);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(explain_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
