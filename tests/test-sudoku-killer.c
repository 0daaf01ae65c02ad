/*
 * The "sudoku-killer" suite: even/odd cells and killer cages
 * (dlx_sudoku_new_extras()).
 *
 * Random cages and parity marks are cut from random full boards, so every
 * instance has at least that board as a solution; the library's counts
 * are compared with the brute force of sudoku-rules.h, which checks cage
 * sums and distinct digits and parity itself, and every solution the
 * library returns goes through that checker.
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

#define MAX_CELLS 81u

/* A small deterministic generator (the tests' instances must be the same on every run). */
static uint64_t rng_state;

static unsigned rnd(unsigned n)
{
	rng_state = rng_state * 6364136223846793005u + 1442695040888963407u;
	return (unsigned)((rng_state >> 33) % n);
}

struct instance {
	unsigned R, C, side;
	size_t cells;
	uint8_t grid[MAX_CELLS];   /* the board the cages were cut from */
	uint8_t givens[MAX_CELLS];
	uint8_t parity[MAX_CELLS];
	uint32_t cages[MAX_CELLS];
	uint32_t sums[MAX_CELLS];
	uint32_t n_cages;
	unsigned flags;
};

/* A full board of the shape: the library's first solution from a few random givens that fit. */
static void random_grid(struct instance *in)
{
	dlx_sudoku_board b = { in->R, in->C, in->flags, NULL };
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new_board(&b, &s, NULL), DLX_OK);
	dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
	gp.seed = rng_state;
	gp.clues = in->cells;
	uint8_t puzzle[MAX_CELLS];
	dlx_sudoku_gen_result gr;
	ck_assert_int_eq(dlx_sudoku_generate(s, &gp, puzzle, in->grid, &gr, NULL), DLX_OK);
	dlx_sudoku_free(s);
	struct rules ru = { 0, in->flags, NULL, in->R, in->C };
	ck_assert(rules_valid(&ru, NULL, in->grid));
}

/*
 * Cages grown from each free cell in row-major order over free orthogonal
 * neighbours whose digits the cage lacks, up to a random size of 1-4 (6x6:
 * 1-5); most get the grid's sum, some none.  Marks: most cells unmarked,
 * the others the grid's parity, or with wrong_marks sometimes the wrong one.
 */
static void cut(struct instance *in, bool with_cages, bool with_parity, bool wrong_marks)
{
	const unsigned side = in->side;
	memset(in->cages, 0, sizeof in->cages);
	in->n_cages = 0;
	for (size_t cell = 0; with_cages && cell < in->cells; cell++) {
		if (in->cages[cell] || rnd(5) == 0)
			continue;
		uint32_t k = ++in->n_cages;
		unsigned want = 1 + rnd(side > 4 ? 5 : 4), have = 1;
		unsigned long sum = in->grid[cell];
		in->cages[cell] = k;
		for (unsigned tries = 0; have < want && tries < 20; tries++) {
			/* A random member's random neighbour. */
			size_t members[8], n = 0;
			for (size_t c2 = 0; c2 < in->cells; c2++)
				if (in->cages[c2] == k)
					members[n++] = c2;
			size_t m = members[rnd((unsigned)n)];
			int r = (int)(m / side) + (int)rnd(3) - 1, c = (int)(m % side) + (int)rnd(3) - 1;
			if (r < 0 || c < 0 || r >= (int)side || c >= (int)side || (r != (int)(m / side) && c != (int)(m % side)))
				continue;
			size_t nb = (size_t)r * side + (size_t)c;
			bool clash = in->cages[nb] != 0;
			for (size_t j = 0; j < n && !clash; j++)
				clash = in->grid[members[j]] == in->grid[nb];
			if (clash)
				continue;
			in->cages[nb] = k;
			sum += in->grid[nb];
			have++;
		}
		in->sums[k - 1] = rnd(4) == 0 ? 0 : (uint32_t)sum;
	}
	for (size_t cell = 0; cell < in->cells; cell++) {
		unsigned p = in->grid[cell] % 2 ? DLX_SUDOKU_PARITY_ODD : DLX_SUDOKU_PARITY_EVEN;
		if (wrong_marks && rnd(12) == 0)
			p = 3 - p;
		in->parity[cell] = with_parity && rnd(3) == 0 ? (uint8_t)p : 0;
	}
}

struct collect {
	const struct rules *ru;
	const struct rules_extras *x;
	const uint8_t *givens, *grid;
	size_t cells;
	uint64_t seen, bad, grid_seen;
};

static int check_each(void *ctx, const uint8_t *sol)
{
	struct collect *c = ctx;
	c->seen++;
	c->bad += !rules_valid_extras(c->ru, c->x, c->givens, sol);
	c->grid_seen += memcmp(sol, c->grid, c->cells) == 0;
	return 0;
}

static dlx_sudoku *make(const struct instance *in, dlx_error_info *err)
{
	dlx_sudoku_board b = { in->R, in->C, in->flags, NULL };
	dlx_sudoku_extras x = { in->parity, in->n_cages ? in->cages : NULL, in->n_cages ? in->sums : NULL, in->n_cages };
	dlx_sudoku *s;
	int rc = dlx_sudoku_new_extras(&b, &x, &s, err);
	ck_assert_msg(rc == DLX_OK, "new_extras: %d %s", rc, err->message);
	return s;
}

/* Library count (each solution checked) against brute force; returns the count. */
static uint64_t compare(struct instance *in, unsigned threads)
{
	dlx_error_info err;
	dlx_sudoku *s = make(in, &err);
	struct rules ru = { 0, in->flags, NULL, in->R, in->C };
	struct rules_extras x = { in->parity, in->n_cages ? in->cages : NULL, in->sums, in->n_cages };
	struct collect c = { &ru, &x, in->givens, in->grid, in->cells, 0, 0, 0 };
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.on_solution = check_each;
	sp.solution_ctx = &c;
	sp.threads = threads;
	dlx_sudoku_result res;
	int rc = dlx_sudoku_solve(s, in->givens, &sp, NULL, &res, &err);
	uint64_t brute = rules_brute_count_extras(&ru, &x, in->givens, 0);
	if (rc == DLX_ERR_CONFLICT) {
		/* Only givens against a wrong parity mark can clash: the cages were cut from the grid. */
		ck_assert_msg(strstr(err.message, "but is marked") != NULL, "%s", err.message);
		ck_assert_uint_eq(brute, 0);
		dlx_sudoku_free(s);
		return 0;
	}
	ck_assert_int_eq(rc, DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, c.seen);
	ck_assert_uint_eq(c.bad, 0);
	ck_assert_uint_eq(c.seen, brute);
	dlx_sudoku_free(s);
	return c.seen;
}

static void init(struct instance *in, unsigned R, unsigned C, unsigned flags)
{
	memset(in, 0, sizeof *in);
	in->R = R;
	in->C = C;
	in->side = R * C;
	in->cells = (size_t)in->side * in->side;
	in->flags = flags;
	random_grid(in);
}

START_TEST(test_brute_4x4)
{
	/* Cages only, parity only, both with some wrong marks, and with X: each against brute force. */
	rng_state = 1;
	uint64_t unique = 0, several = 0, none = 0;
	for (unsigned t = 0; t < 240; t++) {
		struct instance in;
		init(&in, 2, 2, t % 4 == 3 ? DLX_SUDOKU_X : 0);
		unsigned kind = t % 3;
		cut(&in, kind != 1, kind != 0, kind == 2);
		/* Now and then a given too. */
		if (rnd(3) == 0) {
			size_t cell = rnd((unsigned)in.cells);
			in.givens[cell] = in.grid[cell];
		}
		uint64_t n = compare(&in, t % 5 == 0 ? 2 : 1);
		unique += n == 1;
		several += n > 1;
		none += n == 0;
	}
	/* The instances cover all three outcomes, so agreement means something. */
	ck_assert_uint_gt(unique, 20);
	ck_assert_uint_gt(several, 20);
	ck_assert_uint_gt(none, 5);
}
END_TEST

START_TEST(test_brute_6x6)
{
	/* 2x3 boxes: half the cells given, so that the brute force stays fast. */
	rng_state = 7;
	for (unsigned t = 0; t < 30; t++) {
		struct instance in;
		init(&in, 2, 3, 0);
		cut(&in, true, t % 2 == 0, false);
		for (size_t cell = 0; cell < in.cells; cell++)
			in.givens[cell] = rnd(2) ? in.grid[cell] : 0;
		ck_assert_uint_ge(compare(&in, 1), 1);
	}
}
END_TEST

/* The 9x9 board of tests/data/cli/dlx-sudoku/killer (and README's example), cages from a solved grid. */
static const char killer_grid[] =
	"534678912672195348198342567859761423426853791713924856961537284287419635345286179";
static const char killer_map[] =
	"AABBCCDDE" "FGGHHCIDE" "FJKKHLIIM" "NJOKPLQRM" "NSOTPUQRV" "WSXTYUZZV" "WaXbYcdde" "fagkhcije" "fgghhhijj";

/* Cages and sums of a map of letters, the sums taken from grid. */
static void cages_of(const char *map, const uint8_t *grid, uint32_t *cages, uint32_t *sums, uint32_t *n)
{
	char names[MAX_CELLS];
	*n = 0;
	for (size_t cell = 0; cell < MAX_CELLS; cell++) {
		uint32_t k = 0;
		for (uint32_t j = 0; j < *n && !k; j++)
			if (names[j] == map[cell])
				k = j + 1;
		if (!k) {
			names[*n] = map[cell];
			k = ++*n;
			sums[k - 1] = 0;
		}
		cages[cell] = k;
		sums[k - 1] += grid[cell];
	}
}

START_TEST(test_killer_9x9)
{
	struct instance in;
	memset(&in, 0, sizeof in);
	in.R = in.C = 3;
	in.side = 9;
	in.cells = 81;
	rules_parse(killer_grid, in.grid, 81);
	cages_of(killer_map, in.grid, in.cages, in.sums, &in.n_cages);
	dlx_error_info err;
	dlx_sudoku *s = make(&in, &err);
	struct rules ru = { 3, 0, NULL, 0, 0 };
	struct rules_extras x = { NULL, in.cages, in.sums, in.n_cages };
	/* The cages were drawn without repeats: the grid is a killer solution. */
	ck_assert(rules_valid_extras(&ru, &x, NULL, in.grid));
	struct collect c = { &ru, &x, in.givens, in.grid, 81, 0, 0, 0 };
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.on_solution = check_each;
	sp.solution_ctx = &c;
	dlx_sudoku_result res;
	ck_assert_int_eq(dlx_sudoku_solve(s, in.givens, &sp, NULL, &res, &err), DLX_OK);
	/* Every solution obeys the rules; the grid the sums came from is among them. */
	ck_assert_uint_eq(c.bad, 0);
	ck_assert_uint_eq(c.grid_seen, 1);
	ck_assert_uint_eq(c.seen, res.stats.solutions);
	ck_assert_uint_eq(res.stats.solutions, 1);
	/* Grade: the path holds a node per blank and per summed cage, and is left out of the grade. */
	uint64_t grade = UINT64_MAX;
	ck_assert_int_eq(dlx_sudoku_grade(s, in.givens, NULL, &grade, &res, &err), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 1);
	ck_assert_uint_eq(grade, res.stats.nodes - 81 - in.n_cages - 1);
	/* Two threads count the same. */
	dlx_sudoku_params sp2 = DLX_SUDOKU_PARAMS_INIT;
	sp2.threads = 2;
	ck_assert_int_eq(dlx_sudoku_solve(s, in.givens, &sp2, NULL, &res, &err), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 1);
	/* As pencil marks (all candidates everywhere) the cages still apply. */
	static uint8_t marks[81 * 9];
	memset(marks, 1, sizeof marks);
	uint8_t sol[81];
	ck_assert_int_eq(dlx_sudoku_solve_candidates(s, marks, NULL, sol, &res, &err), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 1);
	ck_assert_mem_eq(sol, in.grid, 81);
	ck_assert_int_eq(dlx_sudoku_grade_candidates(s, marks, NULL, &grade, &res, &err), DLX_OK);
	ck_assert_uint_eq(grade, res.stats.nodes - 81 - in.n_cages - 1);
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_single_cell_cages_are_givens)
{
	/*
	 * One-cell cages whose sums are an easy puzzle's givens: the same
	 * solution, and a grade of 0 (singles solve it, no wrong branch).
	 */
	static const char easy[] =
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
	uint8_t givens[81], want[81], sol[81];
	rules_parse(easy, givens, 81);
	dlx_sudoku *plain;
	ck_assert_int_eq(dlx_sudoku_new(3, &plain), DLX_OK);
	dlx_sudoku_result res;
	ck_assert_int_eq(dlx_sudoku_solve(plain, givens, NULL, want, &res, NULL), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 1);
	uint32_t cages[81] = { 0 }, sums[81];
	uint32_t n = 0;
	for (size_t cell = 0; cell < 81; cell++) {
		if (givens[cell]) {
			cages[cell] = ++n;
			sums[n - 1] = givens[cell];
		}
	}
	dlx_sudoku_board b = DLX_SUDOKU_BOARD_INIT;
	dlx_sudoku_extras x = { NULL, cages, sums, n };
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new_extras(&b, &x, &s, NULL), DLX_OK);
	uint8_t blank[81] = { 0 };
	ck_assert_int_eq(dlx_sudoku_solve(s, blank, NULL, sol, &res, NULL), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 1);
	ck_assert_mem_eq(sol, want, 81);
	uint64_t grade = 99;
	ck_assert_int_eq(dlx_sudoku_grade(s, blank, NULL, &grade, &res, NULL), DLX_OK);
	ck_assert_uint_eq(grade, 0);
	/* The solver keeps copies of what it was given. */
	dlx_sudoku_extras got = dlx_sudoku_get_extras(s);
	ck_assert_uint_eq(got.n_cages, n);
	ck_assert_ptr_ne(got.cages, cages);
	ck_assert_mem_eq(got.cages, cages, sizeof cages);
	ck_assert_mem_eq(got.sums, sums, n * sizeof *sums);
	ck_assert_ptr_null(got.parity);
	dlx_sudoku_free(s);
	dlx_sudoku_free(plain);
}
END_TEST

START_TEST(test_parity_matrix)
{
	/* Marked cells lose the options of the other parity; the rest keep all N. */
	uint8_t parity[81] = { 0 };
	parity[0] = DLX_SUDOKU_PARITY_ODD;   /* 1 3 5 7 9 */
	parity[80] = DLX_SUDOKU_PARITY_EVEN; /* 2 4 6 8 */
	dlx_sudoku_board b = DLX_SUDOKU_BOARD_INIT;
	dlx_sudoku_extras x = { parity, NULL, NULL, 0 };
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new_extras(&b, &x, &s, NULL), DLX_OK);
	ck_assert_uint_eq(dlx_option_count(dlx_sudoku_problem(s)), 729 - 4 - 5);
	ck_assert_uint_eq(dlx_sudoku_get_extras(s).parity[0], DLX_SUDOKU_PARITY_ODD);
	/* A given of the wrong parity is a conflict with a message. */
	uint8_t givens[81] = { 0 };
	givens[80] = 3;
	dlx_sudoku_result res;
	dlx_error_info err;
	ck_assert_int_eq(dlx_sudoku_solve(s, givens, NULL, NULL, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r9c9 holds 3, but is marked even");
	ck_assert_uint_eq(res.conflict.row1, 8);
	givens[80] = 4;
	uint8_t sol[81];
	dlx_sudoku_params first = DLX_SUDOKU_PARAMS_INIT;
	first.limit = 1;
	ck_assert_int_eq(dlx_sudoku_solve(s, givens, &first, sol, &res, &err), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 1);
	ck_assert_uint_eq(sol[0] % 2, 1);
	ck_assert_uint_eq(sol[80], 4);
	/* Pencil marks: the wrong parity's marks are dropped, singles respect the marks. */
	static uint8_t out[729];
	ck_assert_int_eq(dlx_sudoku_candidates(s, givens, NULL, out, &err), DLX_OK);
	for (unsigned d = 0; d < 9; d++)
		ck_assert_uint_eq(out[d], d % 2 == 0);
	/* Generation keeps the marks (test_generate_parity has the rest). */
	static uint8_t puzzle[81];
	ck_assert_int_eq(dlx_sudoku_generate(s, NULL, puzzle, sol, &(dlx_sudoku_gen_result){ 0 }, &err), DLX_OK);
	ck_assert_uint_eq(sol[0] % 2, 1);
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_refused)
{
	dlx_sudoku_board b = { 2, 2, 0, NULL };
	dlx_sudoku *s = (dlx_sudoku *)&b;
	dlx_error_info err;
	uint8_t parity[16] = { 0 };
	uint32_t cages[16] = { 0 }, sums[16] = { 0 };
	dlx_sudoku_extras x = { parity, NULL, NULL, 0 };
	parity[5] = 3;
	ck_assert_int_eq(dlx_sudoku_new_extras(&b, &x, &s, &err), DLX_ERR_INVALID);
	ck_assert_ptr_null(s);
	ck_assert_str_eq(err.message, "r2c2 has parity 3, not 0-2");
	parity[5] = 0;
	x.cages = cages;
	x.sums = sums;
	x.n_cages = 2;
	cages[0] = 1;
	cages[3] = 3;
	ck_assert_int_eq(dlx_sudoku_new_extras(&b, &x, &s, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "r1c4 is in cage 3, not 1-2");
	x.n_cages = UINT32_MAX;
	ck_assert_int_eq(dlx_sudoku_new_extras(&b, &x, &s, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "4294967295 cages on 16 cells");
	x.n_cages = 2;
	cages[3] = 0;
	ck_assert_int_eq(dlx_sudoku_new_extras(&b, &x, &s, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "cage 2 has no cells");
	for (size_t cell = 0; cell < 6; cell++)
		cages[cell] = 2;
	ck_assert_int_eq(dlx_sudoku_new_extras(&b, &x, &s, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "cage 1 has no cells");
	cages[0] = 1;
	ck_assert_int_eq(dlx_sudoku_new_extras(&b, &x, &s, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "cage 2 has 5 cells, more than 4 digits");
	cages[4] = cages[5] = 0;
	cages[1] = 1;
	sums[0] = 8; /* two distinct digits of 1-4 make 3 to 7 */
	ck_assert_int_eq(dlx_sudoku_new_extras(&b, &x, &s, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "cage 1: no 2 distinct digits of 1-4 sum to 8");
	ck_assert_int_eq(dlx_sudoku_check_extras(4, &x, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "cage 1: no 2 distinct digits of 1-4 sum to 8");
	ck_assert_int_eq(dlx_sudoku_check_extras(4, NULL, &err), DLX_ERR_INVALID);
	sums[0] = 7;
	sums[1] = 5; /* cage 2: r1c3, r1c4: 1+4 or 2+3 */
	ck_assert_int_eq(dlx_sudoku_check_extras(4, &x, &err), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_new_extras(&b, &x, &s, &err), DLX_OK);
	ck_assert_str_eq(err.message, "");
	/* Digit sets: cage 1 {3,4}, cage 2 {1,4} {2,3}. */
	ck_assert_uint_eq(dlx_option_count(dlx_sudoku_problem(s)), 64 + 3);
	uint8_t givens[16] = { 0 };
	givens[0] = givens[1] = 4;
	dlx_sudoku_result res;
	ck_assert_int_eq(dlx_sudoku_check(s, givens, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r1c1 and r1c2 both hold 4 in cage 1");
	dlx_sudoku_free(s);

	/* Too many digit sets: 36x36, one cage of 18 cells summing to the middle. */
	dlx_sudoku_board big = { 6, 6, 0, NULL };
	static uint32_t bc[36 * 36];
	uint32_t bs[1] = { 333 };
	for (size_t cell = 0; cell < 18; cell++)
		bc[cell] = 1;
	dlx_sudoku_extras bx = { NULL, bc, bs, 1 };
	ck_assert_int_eq(dlx_sudoku_new_extras(&big, &bx, &s, &err), DLX_ERR_TOO_BIG);
	ck_assert_str_eq(err.message, "the cages up to cage 1 have more than 540540 digit sets");
	/* Without a sum the same cage is only distinct digits. */
	bs[0] = 0;
	ck_assert_int_eq(dlx_sudoku_new_extras(&big, &bx, &s, &err), DLX_OK);
	dlx_sudoku_free(s);
	ck_assert_int_eq(dlx_sudoku_new_extras(NULL, &bx, &s, &err), DLX_ERR_INVALID);
	dlx_sudoku_extras none = dlx_sudoku_get_extras(NULL);
	ck_assert_ptr_null(none.cages);
}
END_TEST

START_TEST(test_generate_killer)
{
	/* Each puzzle: unique by the library and, on 4x4, by brute force; its board obeys the cages; seeds repeat. */
	static const unsigned shapes[][3] = { { 2, 2, 0 }, { 2, 3, 0 }, { 3, 3, 0 }, { 2, 2, DLX_SUDOKU_X }, { 3, 3, DLX_SUDOKU_X } };
	for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
		dlx_sudoku_board b = { shapes[k][0], shapes[k][1], shapes[k][2], NULL };
		const unsigned side = b.box_rows * b.box_cols;
		const size_t cells = (size_t)side * side;
		dlx_sudoku *s;
		ck_assert_int_eq(dlx_sudoku_new_board(&b, &s, NULL), DLX_OK);
		for (uint64_t seed = 1; seed <= 3; seed++) {
			dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
			gp.seed = seed;
			gp.sequence = k;
			uint32_t cages[MAX_CELLS], sums[MAX_CELLS], n = 0, cages2[MAX_CELLS], sums2[MAX_CELLS], n2 = 0;
			uint8_t sol[MAX_CELLS], sol2[MAX_CELLS];
			dlx_sudoku_gen_result gr;
			dlx_error_info err;
			ck_assert_int_eq(dlx_sudoku_generate_killer(s, &gp, cages, sums, &n, sol, &gr, &err), DLX_OK);
			ck_assert_uint_eq(gr.clues, n);
			ck_assert_uint_gt(n, 0);
			/* Fewer cages than cells: most are real cages, not givens in disguise. */
			ck_assert_uint_lt(n, cells);
			struct rules ru = { 0, b.flags, NULL, b.box_rows, b.box_cols };
			struct rules_extras x = { NULL, cages, sums, n };
			ck_assert(rules_valid_extras(&ru, &x, NULL, sol));
			/* Numbered by first cells, as the readers number them. */
			uint32_t next = 1;
			for (size_t cell = 0; cell < cells; cell++) {
				ck_assert_uint_le(cages[cell], next);
				next += cages[cell] == next;
			}
			dlx_sudoku_extras ex = { NULL, cages, sums, n };
			dlx_sudoku *ks;
			ck_assert_int_eq(dlx_sudoku_new_extras(&b, &ex, &ks, &err), DLX_OK);
			uint8_t blank[MAX_CELLS] = { 0 }, found[MAX_CELLS];
			dlx_sudoku_result res;
			ck_assert_int_eq(dlx_sudoku_solve(ks, blank, NULL, found, &res, &err), DLX_OK);
			ck_assert_uint_eq(res.stats.solutions, 1);
			ck_assert_mem_eq(found, sol, cells);
			dlx_sudoku_free(ks);
			if (side == 4)
				ck_assert_uint_eq(rules_brute_count_extras(&ru, &x, blank, 0), 1);
			ck_assert_int_eq(dlx_sudoku_generate_killer(s, &gp, cages2, sums2, &n2, sol2, &gr, &err), DLX_OK);
			ck_assert_uint_eq(n2, n);
			ck_assert_mem_eq(cages2, cages, cells * sizeof *cages);
			ck_assert_mem_eq(sums2, sums, n * sizeof *sums);
			ck_assert_mem_eq(sol2, sol, cells);
		}
		dlx_sudoku_free(s);
	}
}
END_TEST

/* Parity marks cut from a full board of the shape: each cell marked with its digit's parity, or not at all. */
static void parity_of_board(const dlx_sudoku_board *b, uint64_t seed, uint8_t *parity)
{
	dlx_sudoku *plain;
	ck_assert_int_eq(dlx_sudoku_new_board(b, &plain, NULL), DLX_OK);
	dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
	gp.seed = seed + 100;
	uint8_t puzzle[MAX_CELLS], full[MAX_CELLS];
	dlx_sudoku_gen_result gr;
	ck_assert_int_eq(dlx_sudoku_generate(plain, &gp, puzzle, full, &gr, NULL), DLX_OK);
	const size_t cells = dlx_sudoku_cells(plain);
	for (size_t cell = 0; cell < cells; cell++)
		parity[cell] = rnd(3) == 0 ? DLX_SUDOKU_PARITY_ANY
			: full[cell] % 2 ? DLX_SUDOKU_PARITY_ODD : DLX_SUDOKU_PARITY_EVEN;
	dlx_sudoku_free(plain);
}

START_TEST(test_generate_parity)
{
	/* Each puzzle: its board keeps the marks, it is unique with them (by brute force on 4x4) and minimal, seeds repeat. */
	static const unsigned shapes[][3] = { { 2, 2, 0 }, { 2, 3, 0 }, { 3, 3, 0 }, { 3, 3, DLX_SUDOKU_X } };
	rng_state = 7;
	for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
		dlx_sudoku_board b = { shapes[k][0], shapes[k][1], shapes[k][2], NULL };
		const unsigned side = b.box_rows * b.box_cols;
		const size_t cells = (size_t)side * side;
		for (uint64_t seed = 1; seed <= 3; seed++) {
			uint8_t parity[MAX_CELLS];
			parity_of_board(&b, seed, parity);
			dlx_sudoku_extras ex = { parity, NULL, NULL, 0 };
			dlx_sudoku *s;
			dlx_error_info err;
			ck_assert_int_eq(dlx_sudoku_new_extras(&b, &ex, &s, &err), DLX_OK);
			dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
			gp.seed = seed;
			gp.sequence = k;
			uint8_t puzzle[MAX_CELLS], sol[MAX_CELLS], again[MAX_CELLS], probe[MAX_CELLS];
			dlx_sudoku_gen_result gr;
			ck_assert_int_eq(dlx_sudoku_generate(s, &gp, puzzle, sol, &gr, &err), DLX_OK);
			ck_assert_int_eq(gr.minimal, 1);
			struct rules ru = { 0, b.flags, NULL, b.box_rows, b.box_cols };
			struct rules_extras x = { parity, NULL, NULL, 0 };
			ck_assert(rules_valid_extras(&ru, &x, puzzle, sol));
			dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
			sp.limit = 2;
			dlx_sudoku_result res;
			ck_assert_int_eq(dlx_sudoku_solve(s, puzzle, &sp, NULL, &res, &err), DLX_OK);
			ck_assert_uint_eq(res.stats.solutions, 1);
			if (side == 4)
				ck_assert_uint_eq(rules_brute_count_extras(&ru, &x, puzzle, 0), 1);
			for (size_t cell = 0; cell < cells; cell++) {
				if (!puzzle[cell])
					continue;
				memcpy(probe, puzzle, cells);
				probe[cell] = 0;
				ck_assert_int_eq(dlx_sudoku_solve(s, probe, &sp, NULL, &res, &err), DLX_OK);
				ck_assert_uint_eq(res.stats.solutions, 2);
			}
			ck_assert_int_eq(dlx_sudoku_generate(s, &gp, again, NULL, &gr, &err), DLX_OK);
			ck_assert_mem_eq(again, puzzle, cells);
			dlx_sudoku_free(s);
		}
	}
	/* Cages are still refused. */
	dlx_sudoku_board b = { 2, 2, 0, NULL };
	uint32_t cages[16] = { 1, 1 }, sums[1] = { 3 };
	dlx_sudoku_extras ex = { NULL, cages, sums, 1 };
	dlx_sudoku *s;
	dlx_error_info err;
	ck_assert_int_eq(dlx_sudoku_new_extras(&b, &ex, &s, &err), DLX_OK);
	uint8_t puzzle[16];
	dlx_sudoku_gen_result gr;
	ck_assert_int_eq(dlx_sudoku_generate(s, NULL, puzzle, NULL, &gr, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "cannot generate puzzles of givens with cages");
	dlx_sudoku_free(s);
}
END_TEST

/* Every solution's digits, cell by cell, into a union of marks: what --candidates may never remove. */
struct union_marks {
	unsigned side;
	size_t cells;
	uint8_t *marks;
	uint64_t seen;
};

static int mark_each(void *ctx, const uint8_t *sol)
{
	struct union_marks *u = ctx;
	for (size_t cell = 0; cell < u->cells; cell++)
		u->marks[cell * u->side + sol[cell] - 1] = 1;
	u->seen++;
	return 0;
}

START_TEST(test_candidates_cages)
{
	/*
	 * dlx_sudoku_candidates() with cages: it keeps every digit some solution
	 * puts in a cell (brute force: the union of all solutions), says "no
	 * solution" only for instances without one, and the cages remove marks
	 * that the units alone leave.
	 */
	rng_state = 5;
	uint64_t pruned = 0, unique_solved = 0;
	for (unsigned t = 0; t < 200; t++) {
		struct instance in;
		init(&in, 2, t % 2 ? 3 : 2, 0);
		cut(&in, true, t % 3 == 0, false);
		dlx_error_info err;
		dlx_sudoku *s = make(&in, &err);
		struct union_marks u = { in.side, in.cells, calloc(in.cells * in.side, 1), 0 };
		dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
		sp.on_solution = mark_each;
		sp.solution_ctx = &u;
		dlx_sudoku_result res;
		ck_assert_int_eq(dlx_sudoku_solve(s, in.givens, &sp, NULL, &res, &err), DLX_OK);
		ck_assert_uint_gt(u.seen, 0); /* the grid the cages were cut from */
		uint8_t *out = malloc(in.cells * in.side), *plain_out = malloc(in.cells * in.side);
		ck_assert_int_eq(dlx_sudoku_candidates(s, in.givens, NULL, out, &err), DLX_OK);
		size_t left = 0, plain_left = 0;
		for (size_t k = 0; k < in.cells * in.side; k++) {
			ck_assert_msg(!u.marks[k] || out[k], "trial %u: r%zuc%zu lost %zu, which a solution holds", t,
				k / in.side / in.side + 1, k / in.side % in.side + 1, k % in.side + 1);
			left += out[k];
		}
		/* The same board without cages (parity kept). */
		dlx_sudoku_board b = { in.R, in.C, 0, NULL };
		dlx_sudoku_extras px = { in.parity, NULL, NULL, 0 };
		dlx_sudoku *plain;
		ck_assert_int_eq(dlx_sudoku_new_extras(&b, &px, &plain, &err), DLX_OK);
		ck_assert_int_eq(dlx_sudoku_candidates(plain, in.givens, NULL, plain_out, &err), DLX_OK);
		for (size_t k = 0; k < in.cells * in.side; k++) {
			ck_assert(!out[k] || plain_out[k]);
			plain_left += plain_out[k];
		}
		pruned += left < plain_left;
		unique_solved += u.seen == 1 && left == in.cells;
		dlx_sudoku_free(plain);
		dlx_sudoku_free(s);
		free(u.marks);
		free(out);
		free(plain_out);
	}
	ck_assert_uint_gt(pruned, 100);
	ck_assert_uint_gt(unique_solved, 5);
}
END_TEST

static Suite *killer_suite(void)
{
	Suite *s = suite_create("sudoku-killer");
	TCase *tc = tcase_create("killer");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_brute_4x4);
	tcase_add_test(tc, test_brute_6x6);
	tcase_add_test(tc, test_killer_9x9);
	tcase_add_test(tc, test_single_cell_cages_are_givens);
	tcase_add_test(tc, test_parity_matrix);
	tcase_add_test(tc, test_refused);
	tcase_add_test(tc, test_generate_killer);
	tcase_add_test(tc, test_generate_parity);
	tcase_add_test(tc, test_candidates_cages);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(killer_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
