/*
 * The "sudoku-variant" suite: X, windoku and jigsaw boards of the sudoku
 * library (dlx_sudoku_new_shape()).
 *
 * Every solution is checked by the independent checker of sudoku-rules.h,
 * and on 4x4 boards the library's counts are compared with a brute-force
 * count that knows nothing of exact cover.
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

/* A 4x4 jigsaw map; its regions 3 and 4 cut across the classic boxes. */
static const char map4[] = "1122112234443334";
/* A 9x9 jigsaw map (tests/data/sudoku/variants.txt and the CLI cases use it too). */
static const char map9[] =
	"111222333111225333141125333442225666445555666455777696477788996477888999478888999";
/*
 * A 4x4 map with no full board: region 1 is r1c1-r1c3 and r2c4, region 2
 * r1c4 and r2c1-r2c3, so both r2c4 and r1c4 hold the digit that r2c1-r2c3
 * lack, in one column.
 */
static const char map4_impossible[] = "1112222133443344";

struct collect {
	const struct rules *ru;
	const uint8_t *givens;
	uint64_t seen, bad;
	uint8_t first[81];
};

static int check_each(void *ctx, const uint8_t *sol)
{
	struct collect *c = ctx;
	size_t cells = (size_t)c->ru->n * c->ru->n * c->ru->n * c->ru->n;
	if (c->seen++ == 0)
		memcpy(c->first, sol, cells);
	if (!rules_valid(c->ru, c->givens, sol))
		c->bad++;
	return 0;
}

/* Counts every solution with the library, each checked by the independent checker. */
static uint64_t count_checked(dlx_sudoku *s, const struct rules *ru, const uint8_t *givens, uint8_t *first)
{
	struct collect c = { ru, givens, 0, 0, { 0 } };
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.on_solution = check_each;
	sp.solution_ctx = &c;
	dlx_sudoku_result res;
	ck_assert_int_eq(dlx_sudoku_solve(s, givens, &sp, NULL, &res, NULL), DLX_OK);
	ck_assert_int_eq(res.stats.stop, DLX_STOP_COMPLETE);
	ck_assert_uint_eq(c.seen, res.stats.solutions);
	ck_assert_uint_eq(c.bad, 0);
	if (first && c.seen)
		memcpy(first, c.first, (size_t)ru->n * ru->n * ru->n * ru->n);
	return c.seen;
}

static dlx_sudoku *make(unsigned n, unsigned flags, const uint8_t *regions)
{
	dlx_sudoku_shape shape = { n, flags, regions };
	dlx_sudoku *s;
	dlx_error_info err;
	int rc = dlx_sudoku_new_shape(&shape, &s, &err);
	ck_assert_msg(rc == DLX_OK, "new_shape: %d %s", rc, err.message);
	ck_assert_str_eq(err.message, "");
	return s;
}

START_TEST(test_classic_shape)
{
	/* dlx_sudoku_new() and a shape without extras build the same matrix. */
	dlx_sudoku *a, *b;
	ck_assert_int_eq(dlx_sudoku_new(3, &a), DLX_OK);
	b = make(3, 0, NULL);
	const dlx_problem *pa = dlx_sudoku_problem(a), *pb = dlx_sudoku_problem(b);
	ck_assert_uint_eq(dlx_primary_count(pa), dlx_primary_count(pb));
	ck_assert_uint_eq(dlx_option_count(pa), dlx_option_count(pb));
	for (size_t o = 0; o < dlx_option_count(pa); o++) {
		ck_assert_uint_eq(dlx_option_size(pa, o), 4);
		for (size_t k = 0; k < 4; k++)
			ck_assert_uint_eq(dlx_option_item(pa, o, k), dlx_option_item(pb, o, k));
	}
	ck_assert_uint_eq(dlx_sudoku_flags(a), 0);
	/* The regions of a classic board are its boxes, numbered from 1 row-major. */
	const uint8_t *reg = dlx_sudoku_regions(a);
	ck_assert_ptr_nonnull(reg);
	ck_assert_uint_eq(reg[0], 1);
	ck_assert_uint_eq(reg[8], 3);
	ck_assert_uint_eq(reg[4 * 9 + 4], 5);
	ck_assert_uint_eq(reg[80], 9);
	ck_assert_ptr_null(dlx_sudoku_regions(NULL));
	dlx_sudoku_free(a);
	dlx_sudoku_free(b);
}
END_TEST

START_TEST(test_encoding)
{
	const size_t N = 9, cells = 81;
	/* X: two more units; r5c5 is on both diagonals, r1c9 on the anti-diagonal only. */
	dlx_sudoku *s = make(3, DLX_SUDOKU_X, NULL);
	const dlx_problem *p = dlx_sudoku_problem(s);
	ck_assert_uint_eq(dlx_primary_count(p), cells + (27 + 2) * N);
	ck_assert_uint_eq(dlx_option_count(p), N * cells);
	size_t d = 6, opt = (4 * N + 4) * N + d;
	ck_assert_uint_eq(dlx_option_size(p, opt), 6);
	ck_assert_uint_eq(dlx_option_item(p, opt, 4), cells + 27 * N + d);
	ck_assert_uint_eq(dlx_option_item(p, opt, 5), cells + 28 * N + d);
	opt = (0 * N + 8) * N + d;
	ck_assert_uint_eq(dlx_option_size(p, opt), 5);
	ck_assert_uint_eq(dlx_option_item(p, opt, 4), cells + 28 * N + d);
	ck_assert_uint_eq(dlx_option_size(p, (1 * N + 2) * N), 4);
	ck_assert_uint_eq(dlx_sudoku_flags(s), DLX_SUDOKU_X);
	dlx_sudoku_free(s);

	/* Windoku 9x9: four windows with corners r2c2, r2c6, r6c2, r6c6. */
	s = make(3, DLX_SUDOKU_WINDOKU, NULL);
	p = dlx_sudoku_problem(s);
	ck_assert_uint_eq(dlx_primary_count(p), cells + (27 + 4) * N);
	static const unsigned in_window[][3] = {
		{ 1, 1, 0 }, { 3, 3, 0 }, { 1, 5, 1 }, { 3, 7, 1 }, { 5, 1, 2 }, { 7, 3, 2 }, { 5, 5, 3 }, { 7, 7, 3 },
	};
	for (size_t k = 0; k < sizeof in_window / sizeof in_window[0]; k++) {
		opt = (in_window[k][0] * N + in_window[k][1]) * N + d;
		ck_assert_uint_eq(dlx_option_size(p, opt), 5);
		ck_assert_uint_eq(dlx_option_item(p, opt, 4), cells + (27 + in_window[k][2]) * N + d);
	}
	static const unsigned outside[][2] = { { 0, 0 }, { 4, 4 }, { 1, 4 }, { 8, 8 }, { 4, 1 }, { 0, 5 } };
	for (size_t k = 0; k < sizeof outside / sizeof outside[0]; k++)
		ck_assert_uint_eq(dlx_option_size(p, (outside[k][0] * N + outside[k][1]) * N), 4);
	dlx_sudoku_free(s);

	/* Windoku 16x16: nine windows, the last with corner r12c12 (0-based 11). */
	s = make(4, DLX_SUDOKU_WINDOKU | DLX_SUDOKU_X, NULL);
	p = dlx_sudoku_problem(s);
	ck_assert_uint_eq(dlx_primary_count(p), 256 + (48 + 2 + 9) * 16);
	opt = (14 * 16 + 14) * 16;
	ck_assert_uint_eq(dlx_option_size(p, opt), 6); /* cell, row, column, box, diagonal, window */
	ck_assert_uint_eq(dlx_option_item(p, opt, 5), 256 + (48 + 2 + 8) * 16);
	ck_assert_uint_eq(dlx_option_size(p, (15 * 16 + 15) * 16), 5);
	dlx_sudoku_free(s);

	/* Jigsaw: the map's region replaces the box, in the box's place. */
	uint8_t map[16];
	rules_parse(map4, map, 16);
	s = make(2, 0, map);
	p = dlx_sudoku_problem(s);
	ck_assert_uint_eq(dlx_primary_count(p), 16 * 4);
	opt = (2 * 4 + 0) * 4 + 1; /* r3c1 holds 2: region 3 */
	ck_assert_uint_eq(dlx_option_item(p, opt, 3), 16 + (8 + 2) * 4 + 1);
	ck_assert_mem_eq(dlx_sudoku_regions(s), map, 16);
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_regions_refused)
{
	uint8_t map[16];
	dlx_error_info err;
	rules_parse(map4, map, 16);
	ck_assert_int_eq(dlx_sudoku_check_regions(4, map, &err), DLX_OK);
	ck_assert_str_eq(err.message, "");
	map[0] = 0;
	ck_assert_int_eq(dlx_sudoku_check_regions(4, map, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "r1c1 is in region 0, not 1-4");
	ck_assert_uint_eq(err.line, 0);
	rules_parse(map4, map, 16);
	map[6] = 5;
	ck_assert_int_eq(dlx_sudoku_check_regions(4, map, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "r2c3 is in region 5, not 1-4");
	rules_parse(map4, map, 16);
	map[2] = 1; /* region 1 takes a cell of region 2 */
	ck_assert_int_eq(dlx_sudoku_check_regions(4, map, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "region 1 has 5 cells, not 4");
	ck_assert_int_eq(dlx_sudoku_check_regions(4, map, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_sudoku_check_regions(4, NULL, &err), DLX_ERR_INVALID);

	/* The constructor refuses the same map with the same message, and bad shapes. */
	dlx_sudoku *s = (dlx_sudoku *)1;
	dlx_sudoku_shape shape = { 2, 0, map };
	ck_assert_int_eq(dlx_sudoku_new_shape(&shape, &s, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "region 1 has 5 cells, not 4");
	ck_assert_ptr_null(s);
	shape.regions = NULL;
	shape.flags = 64; /* no such flag */
	ck_assert_int_eq(dlx_sudoku_new_shape(&shape, &s, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, ""); /* the code says it all */
	shape.flags = 0;
	shape.box = 1;
	ck_assert_int_eq(dlx_sudoku_new_shape(&shape, &s, NULL), DLX_ERR_INVALID);
	shape.box = DLX_SUDOKU_MAX_BOX + 1;
	ck_assert_int_eq(dlx_sudoku_new_shape(&shape, &s, NULL), DLX_ERR_TOO_BIG);
	ck_assert_int_eq(dlx_sudoku_new_shape(NULL, &s, NULL), DLX_ERR_INVALID);
	shape.box = 2;
	ck_assert_int_eq(dlx_sudoku_new_shape(&shape, NULL, NULL), DLX_ERR_INVALID);
}
END_TEST

/* The shapes compared with brute force on 4x4. */
static const struct {
	unsigned flags;
	const char *map;
} shapes4[] = {
	{ 0, NULL }, { DLX_SUDOKU_X, NULL }, { DLX_SUDOKU_WINDOKU, NULL },
	{ DLX_SUDOKU_X | DLX_SUDOKU_WINDOKU, NULL }, { 0, map4 }, { DLX_SUDOKU_X, map4 },
	{ 0, map4_impossible },
};

/* Every full 4x4 board of each shape: the library's count and boards against plain backtracking. */
START_TEST(test_counts_4x4)
{
	uint8_t map[16], g[16] = { 0 };
	const uint8_t *regions = NULL;
	if (shapes4[_i].map) {
		rules_parse(shapes4[_i].map, map, 16);
		regions = map;
	}
	struct rules ru = { 2, shapes4[_i].flags, regions, 0, 0 };
	dlx_sudoku *s = make(2, ru.flags, regions);
	uint64_t brute = rules_brute_count(&ru, g, 0);
	ck_assert_uint_eq(count_checked(s, &ru, g, NULL), brute);
	if (_i == 0)
		ck_assert_uint_eq(brute, 288);
	else if (shapes4[_i].map == map4_impossible)
		ck_assert_uint_eq(brute, 0);
	else
		ck_assert(brute > 0 && brute < 288);
	/* And with a few givens, for every first row the shape allows. */
	for (unsigned a = 1; a <= 4; a++) {
		memset(g, 0, sizeof g);
		g[0] = (uint8_t)a;
		g[5] = (uint8_t)(a % 4 + 1);
		g[15] = (uint8_t)((a + 1) % 4 + 1);
		if (!rules_consistent(&ru, g))
			continue;
		ck_assert_uint_eq(count_checked(s, &ru, g, NULL), rules_brute_count(&ru, g, 0));
	}
	dlx_sudoku_free(s);
}
END_TEST

/* Reads the kind of a variants.txt line: "x+windoku", "jigsaw", ... */
static unsigned parse_kind(const char *kind, size_t len, bool *jigsaw)
{
	unsigned flags = 0;
	*jigsaw = false;
	while (len) {
		size_t w = 0;
		while (w < len && kind[w] != '+')
			w++;
		if (w == 1 && kind[0] == 'x')
			flags |= DLX_SUDOKU_X;
		else if (w == 7 && strncmp(kind, "windoku", 7) == 0)
			flags |= DLX_SUDOKU_WINDOKU;
		else if (w == 6 && strncmp(kind, "jigsaw", 6) == 0)
			*jigsaw = true;
		else
			ck_abort_msg("unknown kind %.*s", (int)len, kind);
		kind += w < len ? w + 1 : w;
		len -= w < len ? w + 1 : w;
	}
	return flags;
}

/* Each puzzle of variants.txt: one solution, the one given, valid by the independent rules. */
START_TEST(test_variant_puzzles)
{
	const char *dir = getenv("DLX_TEST_DATA");
	ck_assert_msg(dir != NULL, "DLX_TEST_DATA is not set");
	char path[4096];
	snprintf(path, sizeof path, "%s/sudoku/variants.txt", dir);
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	char line[512];
	int cases = 0, seen_kinds = 0;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		line[strcspn(line, "\n")] = '\0';
		char *f1 = strchr(line, ':');
		ck_assert_ptr_nonnull(f1);
		char *f2 = strchr(f1 + 1, ':');
		ck_assert_ptr_nonnull(f2);
		char *f3 = strchr(f2 + 1, ':');
		bool jigsaw;
		unsigned flags = parse_kind(line, (size_t)(f1 - line), &jigsaw);
		size_t cells = (size_t)(f2 - f1 - 1);
		unsigned n = cells == 16 ? 2 : 3;
		ck_assert_uint_eq(cells, (size_t)n * n * n * n);
		ck_assert_uint_eq(f3 ? (size_t)(f3 - f2 - 1) : strlen(f2 + 1), cells);
		uint8_t g[81], want[81], map[81], got[81];
		rules_parse(f1 + 1, g, cells);
		rules_parse(f2 + 1, want, cells);
		ck_assert_msg(jigsaw == (f3 != NULL), "line %d: a jigsaw needs its map, and only it", cases + 1);
		if (f3) {
			ck_assert_uint_eq(strlen(f3 + 1), cells);
			rules_parse(f3 + 1, map, cells);
		}
		struct rules ru = { n, flags, f3 ? map : NULL, 0, 0 };
		ck_assert_msg(rules_valid(&ru, g, want), "line %d: the given solution breaks the rules", cases + 1);
		dlx_sudoku *s = make(n, flags, ru.regions);
		ck_assert_msg(count_checked(s, &ru, g, got) == 1, "line %d: not unique", cases + 1);
		ck_assert_mem_eq(got, want, cells);
		if (n == 2)
			ck_assert_uint_eq(rules_brute_count(&ru, g, 0), 1);
		dlx_sudoku_free(s);
		seen_kinds |= (flags & DLX_SUDOKU_X ? 1 : 0) | (flags & DLX_SUDOKU_WINDOKU ? 2 : 0) | (jigsaw ? 4 : 0);
		cases++;
	}
	fclose(f);
	ck_assert_int_ge(cases, 9);
	ck_assert_int_eq(seen_kinds, 7);
}
END_TEST

START_TEST(test_variant_conflicts)
{
	uint8_t g[81] = { 0 };
	dlx_sudoku_result res;
	dlx_error_info err;
	dlx_sudoku *s = make(3, DLX_SUDOKU_X | DLX_SUDOKU_WINDOKU, NULL);
	g[0] = 4;
	g[80] = 4;
	ck_assert_int_eq(dlx_sudoku_check(s, g, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r1c1 and r9c9 both hold 4 on the main diagonal");
	memset(g, 0, sizeof g);
	g[8] = 2;
	g[72] = 2;
	ck_assert_int_eq(dlx_sudoku_solve(s, g, NULL, NULL, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r1c9 and r9c1 both hold 2 on the anti-diagonal");
	ck_assert_uint_eq(res.conflict.row1, 0);
	ck_assert_uint_eq(res.conflict.col1, 8);
	ck_assert_uint_eq(res.conflict.row2, 8);
	ck_assert_uint_eq(res.conflict.col2, 0);
	memset(g, 0, sizeof g);
	g[1 * 9 + 1] = 5; /* window 1, box 1 */
	g[3 * 9 + 2] = 5; /* window 1, box 4 */
	ck_assert_int_eq(dlx_sudoku_check(s, g, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r2c2 and r4c3 both hold 5 in window 1");
	memset(g, 0, sizeof g);
	g[5 * 9 + 6] = 7;
	g[7 * 9 + 5] = 7;
	ck_assert_int_eq(dlx_sudoku_check(s, g, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r6c7 and r8c6 both hold 7 in window 4");
	/* A row conflict is reported as a row's, without naming a unit. */
	memset(g, 0, sizeof g);
	g[0] = 1;
	g[4] = 1;
	ck_assert_int_eq(dlx_sudoku_check(s, g, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r1c1 and r1c5 both hold 1");
	/* The solver is intact afterwards: the empty board has X+windoku solutions. */
	memset(g, 0, sizeof g);
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = 1;
	uint8_t sol[81];
	struct rules ru = { 3, DLX_SUDOKU_X | DLX_SUDOKU_WINDOKU, NULL, 0, 0 };
	ck_assert_int_eq(dlx_sudoku_solve(s, g, &sp, sol, &res, NULL), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 1);
	ck_assert(rules_valid(&ru, NULL, sol));
	dlx_sudoku_free(s);

	/* Jigsaw: the map's regions count, the boxes do not. */
	uint8_t map[16], g4[16] = { 0 };
	rules_parse(map4, map, 16);
	s = make(2, 0, map);
	g4[2 * 4 + 0] = 1; /* region 3 */
	g4[3 * 4 + 1] = 1; /* region 3, but another row and column */
	ck_assert_int_eq(dlx_sudoku_check(s, g4, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r3c1 and r4c2 both hold 1 in region 3");
	memset(g4, 0, sizeof g4);
	g4[2 * 4 + 1] = 2; /* region 4, classic box 3 */
	g4[3 * 4 + 0] = 2; /* region 3, classic box 3 */
	ck_assert_int_eq(dlx_sudoku_check(s, g4, &res, NULL), DLX_OK);
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_jigsaw_9x9)
{
	/* The 9x9 map of the data file has full boards; the library's first one is valid. */
	uint8_t map[81], g[81] = { 0 }, sol[81];
	rules_parse(map9, map, 81);
	struct rules ru = { 3, 0, map, 0, 0 };
	dlx_sudoku *s = make(3, 0, map);
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = 3;
	dlx_sudoku_result res;
	ck_assert_int_eq(dlx_sudoku_solve(s, g, &sp, sol, &res, NULL), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 3);
	ck_assert(rules_valid(&ru, NULL, sol));
	/* The map really replaced the boxes: the board breaks the classic rules. */
	struct rules classic = { 3, 0, NULL, 0, 0 };
	ck_assert(!rules_valid(&classic, NULL, sol));
	dlx_sudoku_free(s);
}
END_TEST

/* Disjoint groups and the pair rules (anti-knight, anti-king, non-consecutive), alone and combined. */
static const struct { unsigned rows, cols, flags; } pair_shapes[] = {
	{ 2, 2, DLX_SUDOKU_DISJOINT }, { 2, 2, DLX_SUDOKU_ANTI_KNIGHT }, { 2, 2, DLX_SUDOKU_NONCONSECUTIVE },
	{ 2, 3, DLX_SUDOKU_DISJOINT }, { 2, 3, DLX_SUDOKU_ANTI_KNIGHT }, { 2, 3, DLX_SUDOKU_ANTI_KING },
	{ 2, 3, DLX_SUDOKU_NONCONSECUTIVE }, { 3, 2, DLX_SUDOKU_ANTI_KNIGHT | DLX_SUDOKU_DISJOINT },
	{ 2, 3, DLX_SUDOKU_NONCONSECUTIVE | DLX_SUDOKU_X }, { 3, 3, DLX_SUDOKU_ANTI_KNIGHT },
	{ 3, 3, DLX_SUDOKU_ANTI_KING }, { 3, 3, DLX_SUDOKU_NONCONSECUTIVE }, { 3, 3, DLX_SUDOKU_DISJOINT },
	{ 3, 3, DLX_SUDOKU_ANTI_KNIGHT | DLX_SUDOKU_ANTI_KING }, { 3, 3, DLX_SUDOKU_DISJOINT | DLX_SUDOKU_WINDOKU },
	{ 3, 3, DLX_SUDOKU_DISJOINT | DLX_SUDOKU_NONCONSECUTIVE },
};

static dlx_sudoku *make_board(unsigned rows, unsigned cols, unsigned flags, const uint8_t *regions)
{
	dlx_sudoku_board b = { rows, cols, flags, regions };
	dlx_sudoku *s;
	dlx_error_info err;
	int rc = dlx_sudoku_new_board(&b, &s, &err);
	ck_assert_msg(rc == DLX_OK, "new_board: %d %s", rc, err.message);
	return s;
}

/* As count_checked(), stopping at limit solutions. */
static uint64_t count_checked_limit(dlx_sudoku *s, const struct rules *ru, const uint8_t *givens, uint64_t limit)
{
	struct collect c = { ru, givens, 0, 0, { 0 } };
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

static uint64_t lcg(uint64_t *x)
{
	*x = *x * 6364136223846793005u + 1442695040888963407u;
	return *x >> 33;
}

/*
 * The empty board's count against brute force where it is small (4x4),
 * then boards with part of a full board kept: the library's count, every
 * solution checked by the rules, against the rules' brute force.
 */
START_TEST(test_pair_counts)
{
	unsigned R = pair_shapes[_i].rows, C = pair_shapes[_i].cols, flags = pair_shapes[_i].flags, side = R * C;
	size_t cells = (size_t)side * side;
	dlx_sudoku *s = make_board(R, C, flags, NULL);
	struct rules ru = { 0, flags, NULL, R, C };
	uint8_t empty[81] = { 0 }, full[81], p[81];
	if (side == 4)
		ck_assert_uint_eq(count_checked(s, &ru, empty, NULL), rules_brute_count(&ru, empty, 0));
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = 1;
	dlx_sudoku_result res;
	ck_assert_int_eq(dlx_sudoku_solve(s, empty, &sp, full, &res, NULL), DLX_OK);
	if (res.stats.solutions == 0) {
		/* No full board at all: the brute force must agree (only small boards get here). */
		ck_assert_uint_le(side, 6);
		ck_assert_uint_eq(rules_brute_count(&ru, empty, 1), 0);
		dlx_sudoku_free(s);
		return;
	}
	ck_assert(rules_valid(&ru, NULL, full));
	uint64_t x = 99 + (uint64_t)_i, total = 0;
	/* Both counts stop at 300: the brute force is slow on crowded boards. */
	const uint64_t cap = 300;
	unsigned keep = side == 4 ? 30 : side == 6 ? 25 : 30;
	const int rounds = (int)test_trials_min(side == 9 ? 3 : 6, 2);
	for (int round = 0; round < rounds; round++) {
		for (size_t k = 0; k < cells; k++)
			p[k] = lcg(&x) % 100 < keep ? full[k] : 0;
		uint64_t want = rules_brute_count(&ru, p, cap);
		uint64_t got = count_checked_limit(s, &ru, p, cap);
		ck_assert_msg(got == want, "shape %d round %d: library %llu, brute force %llu", _i, round,
			(unsigned long long)got, (unsigned long long)want);
		total += got;
		/* The marks of the same givens count the same. */
		uint8_t marks[729];
		for (size_t k = 0; k < cells; k++)
			for (unsigned d = 0; d < side; d++)
				marks[k * side + d] = !p[k] || p[k] == d + 1;
		dlx_sudoku_params all = DLX_SUDOKU_PARAMS_INIT;
		all.limit = cap;
		ck_assert_int_eq(dlx_sudoku_solve_candidates(s, marks, &all, NULL, &res, NULL), DLX_OK);
		ck_assert_uint_eq(res.stats.solutions, got);
	}
	/* Every round keeps part of a full board, so each has a solution. */
	ck_assert_uint_ge(total, (unsigned)rounds);
	dlx_sudoku_free(s);
}
END_TEST

/* Generated puzzles of each such variant: unique by the library (and on 6x6 by brute force), valid, minimal. */
START_TEST(test_pair_generate)
{
	unsigned R = pair_shapes[_i].rows, C = pair_shapes[_i].cols, flags = pair_shapes[_i].flags, side = R * C;
	size_t cells = (size_t)side * side;
	if (side == 4) /* few 4x4 boards; counted above */
		return;
	dlx_sudoku *s = make_board(R, C, flags, NULL);
	struct rules ru = { 0, flags, NULL, R, C };
	uint8_t puzzle[81], sol[81], q[81], marks[729], empty[81] = { 0 };
	dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
	gp.seed = 17;
	/* 9x9: 30 clues, as the uniqueness checks of near-empty boards of these variants are slow. */
	gp.clues = side == 9 ? 30 : 0;
	dlx_sudoku_gen_result gr;
	dlx_error_info err;
	int rc = dlx_sudoku_generate(s, &gp, puzzle, sol, &gr, &err);
	if (side == 6 && rules_brute_count(&ru, empty, 1) == 0) {
		/* 6x6 non-consecutive with X has no full board. */
		ck_assert_int_eq(rc, DLX_ERR_CONFLICT);
		dlx_sudoku_free(s);
		return;
	}
	ck_assert_msg(rc == DLX_OK, "%d %s", rc, err.message);
	ck_assert_int_eq(gr.minimal, side != 9);
	if (side == 9)
		ck_assert_uint_eq(gr.clues, 30);
	ck_assert(rules_valid(&ru, puzzle, sol));
	ck_assert_uint_eq(count_checked(s, &ru, puzzle, NULL), 1);
	if (side == 6)
		ck_assert_uint_eq(rules_brute_count(&ru, puzzle, 0), 1);
	for (size_t k = 0; k < cells && side != 9; k++) {
		if (!puzzle[k])
			continue;
		memcpy(q, puzzle, cells);
		q[k] = 0;
		dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
		sp.limit = 2;
		dlx_sudoku_result res;
		ck_assert_int_eq(dlx_sudoku_solve(s, q, &sp, NULL, &res, NULL), DLX_OK);
		ck_assert_uint_eq(res.stats.solutions, 2);
	}
	/* The singles' marks keep the solution, and are all single exactly when the search never branches. */
	ck_assert_int_eq(dlx_sudoku_candidates(s, puzzle, NULL, marks, NULL), DLX_OK);
	bool singletons = true;
	for (size_t k = 0; k < cells; k++) {
		unsigned n = 0;
		for (unsigned d = 0; d < side; d++)
			n += marks[k * side + d];
		ck_assert(marks[k * side + sol[k] - 1]);
		singletons &= n == 1;
	}
	uint64_t grade;
	dlx_sudoku_result res;
	ck_assert_int_eq(dlx_sudoku_grade(s, puzzle, NULL, &grade, &res, NULL), DLX_OK);
	ck_assert_int_eq(singletons, res.stats.branches == 0);
	dlx_sudoku_free(s);
}
END_TEST

/*
 * Known counts: the 72 "miracle" grids (anti-knight, anti-king and
 * non-consecutive on 9x9), and no 4x4 non-consecutive grid.
 */
START_TEST(test_pair_known_counts)
{
	uint8_t empty[81] = { 0 };
	dlx_sudoku *s = make_board(3, 3, DLX_SUDOKU_ANTI_KNIGHT | DLX_SUDOKU_ANTI_KING | DLX_SUDOKU_NONCONSECUTIVE, NULL);
	struct rules ru = { 0, DLX_SUDOKU_ANTI_KNIGHT | DLX_SUDOKU_ANTI_KING | DLX_SUDOKU_NONCONSECUTIVE, NULL, 3, 3 };
	ck_assert_uint_eq(count_checked(s, &ru, empty, NULL), 72);
	dlx_sudoku_free(s);
	s = make_board(2, 2, DLX_SUDOKU_NONCONSECUTIVE, NULL);
	struct rules r4 = { 0, DLX_SUDOKU_NONCONSECUTIVE, NULL, 2, 2 };
	ck_assert_uint_eq(count_checked(s, &r4, empty, NULL), 0);
	ck_assert_uint_eq(rules_brute_count(&r4, empty, 0), 0);
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_pair_conflicts)
{
	uint8_t b[81] = { 0 };
	dlx_sudoku_result res;
	dlx_error_info err;
	dlx_sudoku *s = make_board(3, 3, DLX_SUDOKU_ANTI_KNIGHT | DLX_SUDOKU_ANTI_KING | DLX_SUDOKU_NONCONSECUTIVE, NULL);
	b[0] = 5;
	b[1 * 9 + 3] = 5; /* r2c4: a knight's move from r1c1? no: one row, three columns */
	ck_assert_int_eq(dlx_sudoku_check(s, b, &res, &err), DLX_OK);
	b[1 * 9 + 3] = 0;
	b[2 * 9 + 1] = 5; /* r3c2: two rows, one column, in the same box: the box says it */
	ck_assert_int_eq(dlx_sudoku_check(s, b, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r1c1 and r3c2 both hold 5");
	b[2 * 9 + 1] = 0;
	b[2 * 9 + 2] = 7;
	b[3 * 9 + 4] = 7; /* r4c5 from r3c3: one row, two columns, another box */
	ck_assert_int_eq(dlx_sudoku_check(s, b, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r3c3 and r4c5 both hold 7, a knight's move apart");
	ck_assert_uint_eq(res.conflict.row1, 2);
	ck_assert_uint_eq(res.conflict.col2, 4);
	b[3 * 9 + 4] = 0;
	b[3 * 9 + 3] = 7; /* r4c4: the king's diagonal neighbour of r3c3 */
	ck_assert_int_eq(dlx_sudoku_check(s, b, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r3c3 and r4c4 both hold 7, a king's move apart");
	b[3 * 9 + 3] = 0;
	b[2 * 9 + 3] = 8; /* r3c4 beside r3c3's 7 */
	ck_assert_int_eq(dlx_sudoku_check(s, b, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r3c3 holds 7 and r3c4 holds 8, side by side");
	dlx_sudoku_free(s);
	/* Disjoint groups: r1c1 and r4c7 are both at the top left of their boxes. */
	s = make_board(3, 3, DLX_SUDOKU_DISJOINT, NULL);
	memset(b, 0, sizeof b);
	b[0] = 2;
	b[3 * 9 + 6] = 2;
	ck_assert_int_eq(dlx_sudoku_check(s, b, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r1c1 and r4c7 both hold 2 in disjoint group 1");
	ck_assert_uint_eq(dlx_primary_count(dlx_sudoku_problem(s)), 81 + 36 * 9);
	dlx_sudoku_free(s);
	/* The matrix: a pair's items are secondary; 9x9 anti-knight links 9 digits per pair of different boxes. */
	s = make_board(3, 3, DLX_SUDOKU_ANTI_KNIGHT, NULL);
	ck_assert_uint_eq(dlx_primary_count(dlx_sudoku_problem(s)), 81 + 27 * 9);
	ck_assert_uint_gt(dlx_secondary_count(dlx_sudoku_problem(s)), 0);
	ck_assert_uint_eq(dlx_secondary_count(dlx_sudoku_problem(s)) % 9, 0);
	dlx_sudoku_free(s);
}
END_TEST

static Suite *variant_suite(void)
{
	Suite *s = suite_create("sudoku-variant");
	TCase *tc = tcase_create("shape");
	tcase_add_test(tc, test_classic_shape);
	tcase_add_test(tc, test_encoding);
	tcase_add_test(tc, test_regions_refused);
	suite_add_tcase(s, tc);

	tc = tcase_create("count");
	tcase_add_loop_test(tc, test_counts_4x4, 0, (int)(sizeof shapes4 / sizeof shapes4[0]));
	suite_add_tcase(s, tc);

	tc = tcase_create("pairs");
	tcase_add_loop_test(tc, test_pair_counts, 0, (int)(sizeof pair_shapes / sizeof pair_shapes[0]));
	tcase_add_loop_test(tc, test_pair_generate, 0, (int)(sizeof pair_shapes / sizeof pair_shapes[0]));
	tcase_add_test(tc, test_pair_conflicts);
	tcase_add_test(tc, test_pair_known_counts);
	suite_add_tcase(s, tc);

	tc = tcase_create("solve");
	tcase_add_test(tc, test_variant_puzzles);
	tcase_add_test(tc, test_variant_conflicts);
	tcase_add_test(tc, test_jigsaw_9x9);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(variant_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
