/*
 * The "sudoku" suite: the sudoku library (include/dlx-sudoku.h).
 *
 * Every solution the library produces is checked by rules_valid()
 * (sudoku-rules.c), written from the rules and sharing nothing with the
 * solver; the
 * counts in $DLX_TEST_DATA/sudoku/counts.txt were checked by an independent
 * brute-force counter when the file was made.
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-internal.h"
#include "dlx-sudoku.h"
#include "sudoku-rules.h"
#include "test-trials.h"

/* True if sol is a complete valid board of box size n that keeps every given (the independent checker). */
static bool valid_solution(unsigned n, const uint8_t *givens, const uint8_t *sol)
{
	const struct rules ru = { n, 0, NULL, 0, 0 };
	return rules_valid(&ru, givens, sol);
}

/* A valid board by formula: row r is the first row shifted by n·(r mod n) + r div n. */
static void pattern_board(unsigned n, uint8_t *b)
{
	unsigned side = n * n;
	for (unsigned r = 0; r < side; r++)
		for (unsigned c = 0; c < side; c++)
			b[r * side + c] = (uint8_t)((n * (r % n) + r / n + c) % side + 1);
}

struct collect {
	unsigned n;
	const uint8_t *givens;
	uint64_t seen, bad;
	int64_t best;
};

static int check_each(void *ctx, const uint8_t *sol)
{
	struct collect *c = ctx;
	c->seen++;
	if (!valid_solution(c->n, c->givens, sol))
		c->bad++;
	int64_t s = dlx_sudoku_target_score(c->n * c->n, sol);
	if (s > c->best)
		c->best = s;
	return 0;
}

/* Counts with the library, checking every solution independently. */
static uint64_t count_checked(dlx_sudoku *s, const uint8_t *givens, int64_t *best)
{
	struct collect c = { dlx_sudoku_box(s), givens, 0, 0, -1 };
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.on_solution = check_each;
	sp.solution_ctx = &c;
	dlx_sudoku_result res;
	int rc = dlx_sudoku_solve(s, givens, &sp, NULL, &res, NULL);
	ck_assert_int_eq(rc, DLX_OK);
	ck_assert_int_eq(res.stats.stop, DLX_STOP_COMPLETE);
	ck_assert_uint_eq(c.seen, res.stats.solutions);
	ck_assert_uint_eq(c.bad, 0);
	if (best)
		*best = c.best;
	return res.stats.solutions;
}

START_TEST(test_new_sizes)
{
	for (unsigned n = DLX_SUDOKU_MIN_BOX; n <= 8; n++) {
		dlx_sudoku *s;
		ck_assert_int_eq(dlx_sudoku_new(n, &s), DLX_OK);
		size_t side = n * n;
		ck_assert_uint_eq(dlx_sudoku_box(s), n);
		ck_assert_uint_eq(dlx_sudoku_side(s), side);
		ck_assert_uint_eq(dlx_sudoku_cells(s), side * side);
		const dlx_problem *p = dlx_sudoku_problem(s);
		ck_assert_uint_eq(dlx_primary_count(p), 4 * side * side);
		ck_assert_uint_eq(dlx_option_count(p), side * side * side);
		/* Option (r,c,d) covers cell, row-digit, column-digit, box-digit. */
		size_t r = side - 1, c = side / 2, d = 1, opt = (r * side + c) * side + d;
		size_t b = (r / n) * n + c / n, cells = side * side;
		ck_assert_uint_eq(dlx_option_size(p, opt), 4);
		ck_assert_uint_eq(dlx_option_item(p, opt, 0), r * side + c);
		ck_assert_uint_eq(dlx_option_item(p, opt, 1), cells + r * side + d);
		ck_assert_uint_eq(dlx_option_item(p, opt, 2), 2 * cells + c * side + d);
		ck_assert_uint_eq(dlx_option_item(p, opt, 3), 3 * cells + b * side + d);
		dlx_sudoku_free(s);
	}
}
END_TEST

START_TEST(test_new_refused)
{
	dlx_sudoku *s = (dlx_sudoku *)1;
	ck_assert_int_eq(dlx_sudoku_new(1, &s), DLX_ERR_INVALID);
	ck_assert_ptr_null(s);
	ck_assert_int_eq(dlx_sudoku_new(0, &s), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_sudoku_new(DLX_SUDOKU_MAX_BOX + 1, &s), DLX_ERR_TOO_BIG);
	ck_assert_ptr_null(s);
	ck_assert_int_eq(dlx_sudoku_new(1000000, &s), DLX_ERR_TOO_BIG);
	ck_assert_int_eq(dlx_sudoku_new(3, NULL), DLX_ERR_INVALID);
	dlx_sudoku_free(NULL);
}
END_TEST

START_TEST(test_empty_4x4)
{
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new(2, &s), DLX_OK);
	uint8_t empty[16] = { 0 };
	ck_assert_uint_eq(count_checked(s, empty, NULL), 288);
	dlx_sudoku_free(s);
}
END_TEST

/* Every line of counts.txt: puzzle:count, on the solver of its size, one solver per size for the file. */
START_TEST(test_counts_file)
{
	const char *dir = getenv("DLX_TEST_DATA");
	ck_assert_msg(dir != NULL, "DLX_TEST_DATA is not set");
	char path[4096];
	snprintf(path, sizeof path, "%s/sudoku/counts.txt", dir);
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	dlx_sudoku *solver[4] = { NULL };
	char line[512];
	int cases = 0;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char *colon = strchr(line, ':');
		ck_assert_ptr_nonnull(colon);
		size_t len = (size_t)(colon - line);
		unsigned n = len == 16 ? 2 : 3;
		ck_assert_uint_eq(len, n * n * n * n);
		if (!solver[n])
			ck_assert_int_eq(dlx_sudoku_new(n, &solver[n]), DLX_OK);
		uint8_t g[81];
		rules_parse(line, g, len);
		uint64_t want = strtoull(colon + 1, NULL, 10);
		ck_assert_msg(count_checked(solver[n], g, NULL) == want, "line %d: count", cases + 1);
		/* A limit counts up to it and says so. */
		dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
		sp.limit = 2;
		dlx_sudoku_result res;
		uint8_t sol[81];
		ck_assert_int_eq(dlx_sudoku_solve(solver[n], g, &sp, sol, &res, NULL), DLX_OK);
		ck_assert_uint_eq(res.stats.solutions, want < 2 ? want : 2);
		ck_assert_int_eq(res.stats.stop, want >= 2 ? DLX_STOP_LIMIT : DLX_STOP_COMPLETE);
		if (want)
			ck_assert(valid_solution(n, g, sol));
		cases++;
	}
	fclose(f);
	ck_assert_int_ge(cases, 12);
	for (int k = 0; k < 4; k++)
		dlx_sudoku_free(solver[k]);
}
END_TEST

START_TEST(test_luogu_1784)
{
	/* luogu P1784 sample: published answer below. */
	static const char puzzle[] =
		"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
	static const char answer[] =
		"812753649943682175675491283154237896369845721287169534521974368438526917796318452";
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new(3, &s), DLX_OK);
	uint8_t g[81], want[81], sol[81];
	rules_parse(puzzle, g, 81);
	rules_parse(answer, want, 81);
	ck_assert(valid_solution(3, g, want));
	dlx_sudoku_result res;
	ck_assert_int_eq(dlx_sudoku_solve(s, g, NULL, sol, &res, NULL), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 1);
	ck_assert_mem_eq(sol, want, 81);
	ck_assert_uint_eq(dlx_forced_count(dlx_sudoku_problem(s)), 0);
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_poj_3074)
{
	static const char *const puzzles[][2] = {
		{ ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.",
		  "527389416819426735436751829375692184194538267268174593643217958951843672782965341" },
		{ "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.",
		  "416837529982465371735129468571298643293746185864351297647913852359682714128574936" },
	};
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new(3, &s), DLX_OK);
	for (int k = 0; k < 2; k++) {
		uint8_t g[81], want[81], sol[81];
		rules_parse(puzzles[k][0], g, 81);
		rules_parse(puzzles[k][1], want, 81);
		dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
		sp.limit = 2;
		dlx_sudoku_result res;
		ck_assert_int_eq(dlx_sudoku_solve(s, g, &sp, sol, &res, NULL), DLX_OK);
		ck_assert_uint_eq(res.stats.solutions, 1);
		ck_assert(valid_solution(3, g, sol));
		ck_assert_mem_eq(sol, want, 81);
	}
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_spoj_1110)
{
	static const char *const rows[16] = {
		"--A----C-----O-I", "-J--A-B-P-CGF-H-", "--D--F-I-E----P-", "-G-EL-H----M-J--",
		"----E----C--G---", "-I--K-GA-B---E-J", "D-GP--J-F----A--", "-E---C-B--DP--O-",
		"E--F-M--D--L-K-A", "-C--------O-I-L-", "H-P-C--F-A--B---", "---G-OD---J----H",
		"K---J----H-A-P-L", "--B--P--E--K--A-", "-H--B--K--FI-C--", "--F---C--D--H-N-",
	};
	static const char *const answer[16] = {
		"FPAHMJECNLBDKOGI", "OJMIANBDPKCGFLHE", "LNDKGFOIJEAHMBPC", "BGCELKHPOFIMAJDN",
		"MFHBELPOACKJGNID", "CILNKDGAHBMOPEFJ", "DOGPIHJMFNLECAKB", "JEKAFCNBGIDPLHOM",
		"EBOFPMIJDGHLNKCA", "NCJDHBAEKMOFIGLP", "HMPLCGKFIAENBDJO", "AKIGNODLBPJCEFMH",
		"KDEMJIFNCHGAOPBL", "GLBCDPMHEONKJIAF", "PHNOBALKMJFIDCEG", "IAFJOECGLDPBHMNK",
	};
	uint8_t g[256], want[256], sol[256];
	for (int r = 0; r < 16; r++) {
		for (int c = 0; c < 16; c++) {
			g[r * 16 + c] = rows[r][c] == '-' ? 0 : (uint8_t)(rows[r][c] - 'A' + 1);
			want[r * 16 + c] = (uint8_t)(answer[r][c] - 'A' + 1);
		}
	}
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new(4, &s), DLX_OK);
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = 2;
	dlx_sudoku_result res;
	ck_assert_int_eq(dlx_sudoku_solve(s, g, &sp, sol, &res, NULL), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 1);
	ck_assert(valid_solution(4, g, sol));
	ck_assert_mem_eq(sol, want, 256);
	dlx_sudoku_free(s);
}
END_TEST

/* Boards of box size 4..6 made by blanking cells of a pattern board. */
START_TEST(test_big_boards)
{
	unsigned n = (unsigned)_i;
	unsigned side = n * n;
	size_t cells = (size_t)side * side;
	uint8_t *full = malloc(cells), *g = malloc(cells), *sol = malloc(cells);
	ck_assert(full && g && sol);
	pattern_board(n, full);
	ck_assert(valid_solution(n, NULL, full));
	/* The checker refuses what it must: two cells of a row swapped (their columns break), a blank, a bad given. */
	memcpy(sol, full, cells);
	sol[0] = full[1], sol[1] = full[0];
	ck_assert(!valid_solution(n, NULL, sol));
	memcpy(sol, full, cells);
	sol[cells - 1] = 0;
	ck_assert(!valid_solution(n, NULL, sol));
	memcpy(g, full, cells);
	memset(g + 1, 0, cells - 1);
	g[0] = (uint8_t)(full[0] % side + 1);
	ck_assert(!valid_solution(n, g, full));
	memcpy(g, full, cells);
	/* Blank about 40% of the cells, spread by a multiplicative hash. */
	size_t blanks = 0;
	for (size_t k = 0; k < cells; k++) {
		if ((k * 2654435761u >> 7) % 5 < 2) {
			g[k] = 0;
			blanks++;
		}
	}
	ck_assert_uint_gt(blanks, cells / 4);
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new(n, &s), DLX_OK);
	dlx_sudoku_result res;
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = 1;
	ck_assert_int_eq(dlx_sudoku_solve(s, g, &sp, sol, &res, NULL), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 1);
	ck_assert(valid_solution(n, g, sol));
	/* The full board is its own only solution. */
	sp.limit = 2;
	ck_assert_int_eq(dlx_sudoku_solve(s, full, &sp, sol, &res, NULL), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 1);
	ck_assert_mem_eq(sol, full, cells);
	dlx_sudoku_free(s);
	free(full);
	free(g);
	free(sol);
}
END_TEST

START_TEST(test_conflicts)
{
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new(3, &s), DLX_OK);
	uint8_t g[81] = { 0 };
	dlx_sudoku_result res;
	dlx_error_info err;
	/* Row. */
	g[0] = 3;
	g[4] = 3;
	ck_assert_int_eq(dlx_sudoku_solve(s, g, NULL, NULL, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r1c1 and r1c5 both hold 3");
	ck_assert_uint_eq(err.line, 0);
	ck_assert_uint_eq(res.conflict.row1, 0);
	ck_assert_uint_eq(res.conflict.col1, 0);
	ck_assert_uint_eq(res.conflict.row2, 0);
	ck_assert_uint_eq(res.conflict.col2, 4);
	ck_assert_uint_eq(res.conflict.digit, 3);
	ck_assert_uint_eq(res.stats.solutions, 0);
	/* Column. */
	memset(g, 0, sizeof g);
	g[2] = 9;
	g[8 * 9 + 2] = 9;
	ck_assert_int_eq(dlx_sudoku_check(s, g, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r1c3 and r9c3 both hold 9");
	/* Box only. */
	memset(g, 0, sizeof g);
	g[4 * 9 + 3] = 5;
	g[5 * 9 + 5] = 5;
	ck_assert_int_eq(dlx_sudoku_check(s, g, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r5c4 and r6c6 both hold 5");
	/* The details are optional; the conflict is still reported. */
	ck_assert_int_eq(dlx_sudoku_check(s, g, &res, NULL), DLX_ERR_CONFLICT);
	ck_assert_uint_eq(res.conflict.digit, 5);
	/* Out of range. */
	memset(g, 0, sizeof g);
	g[80] = 10;
	ck_assert_int_eq(dlx_sudoku_solve(s, g, NULL, NULL, &res, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "r9c9 holds 10, more than 9");
	/* The solver is intact: a real puzzle still solves. */
	rules_parse(".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.", g, 81);
	err.line = 7;
	ck_assert_int_eq(dlx_sudoku_check(s, g, &res, &err), DLX_OK);
	ck_assert_str_eq(err.message, "");
	ck_assert_uint_eq(err.line, 0);
	ck_assert_uint_eq(count_checked(s, g, NULL), 1);
	ck_assert_uint_eq(dlx_forced_count(dlx_sudoku_problem(s)), 0);
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_reuse)
{
	/* The same puzzle twice on one solver: same result, same work. */
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new(3, &s), DLX_OK);
	uint8_t g[81], a[81], b[81];
	rules_parse("......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.", g, 81);
	dlx_sudoku_result r1, r2;
	ck_assert_int_eq(dlx_sudoku_solve(s, g, NULL, a, &r1, NULL), DLX_OK);
	uint8_t empty[81] = { 0 };
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = 5;
	ck_assert_int_eq(dlx_sudoku_solve(s, empty, &sp, b, &r2, NULL), DLX_OK);
	ck_assert_uint_eq(r2.stats.solutions, 5);
	ck_assert(valid_solution(3, NULL, b));
	ck_assert_int_eq(dlx_sudoku_solve(s, g, NULL, b, &r2, NULL), DLX_OK);
	ck_assert_mem_eq(a, b, 81);
	ck_assert_uint_eq(r1.stats.nodes, r2.stats.nodes);
	ck_assert_uint_eq(r1.stats.updates, r2.stats.updates);
	dlx_sudoku_free(s);
}
END_TEST

/* The solutions of a loaded puzzle: option numbers decoded into boards and checked independently. */
struct loaded_sols {
	const uint8_t *givens;
	uint64_t seen, bad;
	uint64_t digest; /* a sum of the boards' hashes: the same set in any order, whatever the stops */
};

static int check_loaded(void *ctx, const size_t *options, size_t n)
{
	struct loaded_sols *ls = ctx;
	uint8_t board[81] = { 0 };
	for (size_t k = 0; k < n; k++) {
		/* Option (r·9 + c)·9 + d − 1 puts d in cell r·9 + c (dlx_sudoku_problem()). */
		ck_assert_uint_lt(options[k], 729);
		if (board[options[k] / 9])
			ls->bad++;
		board[options[k] / 9] = (uint8_t)(options[k] % 9 + 1);
	}
	ls->seen++;
	if (n != 81 || !valid_solution(3, ls->givens, board))
		ls->bad++;
	uint64_t h = 1469598103934665603u;
	for (size_t k = 0; k < 81; k++)
		h = (h ^ board[k]) * 1099511628211u;
	ls->digest += h;
	return 0;
}

START_TEST(test_load_resume)
{
	/*
	 * A loaded puzzle is the core's problem: a count stopped every few
	 * thousand nodes, saved, unloaded, loaded again and resumed ends with
	 * the totals of one uninterrupted search and of dlx_sudoku_solve(),
	 * every solution met once.  16 clues: 31,614 solutions.
	 */
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new(3, &s), DLX_OK);
	uint8_t g[81], other[81];
	rules_parse(".......2..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.", g, 81);
	rules_parse("......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.", other, 81);
	bool cut = test_trials(8) < 8;
	if (cut) {
		/* valgrind's cut (tests/test-trials.h): two more givens of a solution, far fewer solutions. */
		uint8_t sol[81];
		dlx_sudoku_result r0;
		ck_assert_int_eq(dlx_sudoku_solve(s, g, NULL, sol, &r0, NULL), DLX_OK);
		for (int k = 0, added = 0; k < 81 && added < 2; k++)
			if (!g[k]) {
				g[k] = sol[k];
				added++;
			}
	}
	uint64_t want = count_checked(s, g, NULL);
	if (!cut)
		ck_assert_uint_eq(want, 31614);
	fprintf(stderr, "load_resume: %llu solutions\n", (unsigned long long)want);

	dlx_problem *p;
	dlx_sudoku_result res;
	ck_assert_int_eq(dlx_sudoku_load(s, g, &p, &res, NULL), DLX_OK);
	ck_assert_ptr_nonnull(p);
	ck_assert_uint_eq(dlx_forced_count(p), cut ? 18 : 16);
	struct loaded_sols whole = { g, 0, 0, 0 };
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.on_solution = check_loaded;
	sp.solution_ctx = &whole;
	dlx_stats all;
	ck_assert_int_eq(dlx_search_resume(p, &sp, NULL, 0, &all, NULL), DLX_OK);
	ck_assert_uint_eq(all.solutions, want);
	ck_assert_uint_eq(whole.seen, want);
	ck_assert_uint_eq(whole.bad, 0);
	/* Loaded: no other puzzle meanwhile. */
	dlx_problem *q = p;
	ck_assert_int_eq(dlx_sudoku_load(s, other, &q, NULL, NULL), DLX_ERR_STATE);
	ck_assert_ptr_null(q);
	ck_assert_int_eq(dlx_sudoku_solve(s, other, NULL, NULL, &res, NULL), DLX_ERR_STATE);

	struct loaded_sols parts = { g, 0, 0, 0 };
	sp.solution_ctx = &parts;
	void *ck = NULL;
	size_t len = 0;
	dlx_stats st;
	unsigned stops = 0;
	uint64_t step = cut ? all.nodes / 48 + 1 : 7919;
	for (uint64_t limit = step;; limit += step) {
		sp.node_limit = limit;
		dlx_error_info err;
		ck_assert_int_eq(dlx_search_resume(p, &sp, ck, len, &st, &err), DLX_OK);
		free(ck);
		ck = NULL;
		if (st.stop == DLX_STOP_COMPLETE)
			break;
		ck_assert_int_eq(st.stop, DLX_STOP_NODE_LIMIT);
		ck_assert_int_eq(dlx_checkpoint_save(p, 0, &ck, &len), DLX_OK);
		stops++;
		/* Another process would load the puzzle afresh: so does this. */
		dlx_sudoku_unload(s);
		if (stops == 3) {
			/* Another puzzle's problem refuses the checkpoint, and stays usable. */
			ck_assert_int_eq(dlx_sudoku_load(s, other, &q, NULL, NULL), DLX_OK);
			dlx_stats none;
			ck_assert_int_eq(dlx_search_resume(q, NULL, ck, len, &none, &err), DLX_ERR_SYNTAX);
			ck_assert_ptr_nonnull(strstr(err.message, "another problem"));
			dlx_sudoku_unload(s);
		}
		ck_assert_int_eq(dlx_sudoku_load(s, g, &p, NULL, NULL), DLX_OK);
	}
	ck_assert_uint_gt(stops, 40);
	ck_assert_uint_eq(st.solutions, all.solutions);
	ck_assert_uint_eq(st.nodes, all.nodes);
	ck_assert_uint_eq(st.updates, all.updates);
	ck_assert_uint_eq(st.branches, all.branches);
	ck_assert_uint_eq(parts.seen, want);
	ck_assert_uint_eq(parts.bad, 0);
	ck_assert_uint_eq(parts.digest, whole.digest);
	dlx_sudoku_unload(s);
	dlx_sudoku_unload(s); /* nothing loaded: nothing to do */

	/* Refused givens load nothing; unloaded, the solver solves as before. */
	uint8_t clash[81];
	memcpy(clash, g, 81);
	clash[0] = 2; /* r1c8 holds 2 too */
	ck_assert_int_eq(dlx_sudoku_load(s, clash, &q, &res, NULL), DLX_ERR_CONFLICT);
	ck_assert_ptr_null(q);
	ck_assert_int_eq(dlx_sudoku_load(NULL, g, &q, NULL, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_sudoku_load(s, g, NULL, NULL, NULL), DLX_ERR_INVALID);
	ck_assert_uint_eq(count_checked(s, g, NULL), want);
	dlx_sudoku_unload(NULL);
	dlx_sudoku_free(s);
}
END_TEST

/*
 * The core chooses items by a bitset of nearly-covered items on sudoku-sized
 * matrices and by a scan on small ones; forced one way or the other it must
 * walk the same tree, and the snapshot that releases the givens must give
 * back the same matrix every time.
 */
START_TEST(test_tracking_modes)
{
	const char *data = getenv("DLX_DATA");
	ck_assert_msg(data != NULL, "DLX_DATA is not set");
	char path[4096];
	snprintf(path, sizeof path, "%s/sudoku17-sample.txt", data);
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new(3, &s), DLX_OK);
	dlx_problem *p = (dlx_problem *)dlx_sudoku_problem(s);
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = 2;
	char line[128];
	for (int k = 0; k < 200 && fgets(line, sizeof line, f); k++) {
		uint8_t g[81], a[81], b[81];
		rules_parse(line, g, 81);
		dlx_sudoku_result r[2];
		for (int mode = 0; mode <= 1; mode++) {
			dlx__set_tracking(p, mode);
			ck_assert_int_eq(dlx_sudoku_solve(s, g, &sp, mode ? b : a, &r[mode], NULL), DLX_OK);
			const char *what;
			ck_assert_msg(dlx__check(p, &what) == 0, "puzzle %d: %s", k + 1, what);
		}
		ck_assert_uint_eq(r[0].stats.solutions, 1);
		ck_assert_uint_eq(r[1].stats.solutions, 1);
		ck_assert_uint_eq(r[0].stats.nodes, r[1].stats.nodes);
		ck_assert_uint_eq(r[0].stats.updates, r[1].stats.updates);
		ck_assert_mem_eq(a, b, 81);
		ck_assert(valid_solution(3, g, a));
	}
	fclose(f);
	dlx_sudoku_free(s);
}
END_TEST

/*
 * Locked candidates (dlx_sudoku_set_propagation()): the same answers as the
 * plain search, from a tree no larger here, the same tree whether the
 * passes skip the items seen unchanged above or look at every item, and
 * the links intact after.  Every other puzzle is replaced by its solution
 * with 50 cells blanked, which has several solutions: counts must agree too.
 */
START_TEST(test_propagation)
{
	const char *data = getenv("DLX_DATA");
	ck_assert_msg(data != NULL, "DLX_DATA is not set");
	char path[4096];
	snprintf(path, sizeof path, "%s/sudoku17-sample.txt", data);
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new(3, &s), DLX_OK);
	ck_assert_int_eq(dlx_sudoku_set_propagation(NULL, DLX_PROPAGATE_SUBSUME), DLX_ERR_INVALID);
	dlx_problem *p = (dlx_problem *)dlx_sudoku_problem(s);
	char line[128];
	uint64_t plain_nodes = 0, prop_nodes = 0, many = 0;
	for (int k = 0; k < 100 && fgets(line, sizeof line, f); k++) {
		uint8_t g[81], a[81], b[81], c[81];
		rules_parse(line, g, 81);
		dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
		sp.limit = 2;
		dlx_sudoku_result plain, prop, full;
		if (k % 2) {
			ck_assert_int_eq(dlx_sudoku_set_propagation(s, DLX_PROPAGATE_NONE), DLX_OK);
			ck_assert_int_eq(dlx_sudoku_solve(s, g, &sp, g, &plain, NULL), DLX_OK);
			for (int cell = 0, gone = 0; gone < 50; cell = (cell + 31) % 81)
				if (g[cell]) {
					g[cell] = 0;
					gone++;
				}
			sp.limit = 0;
		}
		ck_assert_int_eq(dlx_sudoku_set_propagation(s, DLX_PROPAGATE_NONE), DLX_OK);
		ck_assert_int_eq(dlx_sudoku_solve(s, g, &sp, a, &plain, NULL), DLX_OK);
		ck_assert_int_eq(dlx_sudoku_set_propagation(s, DLX_PROPAGATE_SUBSUME), DLX_OK);
		ck_assert_int_eq(dlx_sudoku_solve(s, g, &sp, b, &prop, NULL), DLX_OK);
		dlx__set_full_passes(p, true);
		ck_assert_int_eq(dlx_sudoku_solve(s, g, &sp, c, &full, NULL), DLX_OK);
		dlx__set_full_passes(p, false);
		const char *what;
		ck_assert_msg(dlx__check(p, &what) == 0, "puzzle %d: %s", k + 1, what);
		ck_assert_uint_eq(prop.stats.solutions, plain.stats.solutions);
		ck_assert_uint_ge(plain.stats.solutions, 1);
		ck_assert_uint_eq(full.stats.nodes, prop.stats.nodes);
		ck_assert_uint_eq(full.stats.updates, prop.stats.updates);
		ck_assert_mem_eq(b, c, 81);
		ck_assert(valid_solution(3, g, a));
		ck_assert(valid_solution(3, g, b));
		if (plain.stats.solutions == 1)
			ck_assert_mem_eq(a, b, 81);
		plain_nodes += plain.stats.nodes;
		prop_nodes += prop.stats.nodes;
		many += plain.stats.solutions > 1;
	}
	/* Guards the comparison: the rule fires on these puzzles, and counts of several are compared. */
	ck_assert_uint_lt(prop_nodes, plain_nodes);
	ck_assert_uint_gt(many, 25);
	fclose(f);
	dlx_sudoku_free(s);
}
END_TEST

static int stop_at_first(void *ctx, const uint8_t *sol)
{
	(void)sol;
	++*(int *)ctx;
	return 1;
}

START_TEST(test_limits)
{
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new(3, &s), DLX_OK);
	uint8_t empty[81] = { 0 };
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.node_limit = 50;
	dlx_sudoku_result res;
	ck_assert_int_eq(dlx_sudoku_solve(s, empty, &sp, NULL, &res, NULL), DLX_OK);
	ck_assert_int_eq(res.stats.stop, DLX_STOP_NODE_LIMIT);
	int calls = 0;
	sp.node_limit = 0;
	sp.on_solution = stop_at_first;
	sp.solution_ctx = &calls;
	ck_assert_int_eq(dlx_sudoku_solve(s, empty, &sp, NULL, &res, NULL), DLX_OK);
	ck_assert_int_eq(res.stats.stop, DLX_STOP_CALLBACK);
	ck_assert_int_eq(calls, 1);
	ck_assert_uint_eq(dlx_forced_count(dlx_sudoku_problem(s)), 0);
	dlx_sudoku_free(s);
}
END_TEST

START_TEST(test_target_score)
{
	/* NOIP 2009 "target sudoku": the published answers of the two samples. */
	static const char *const samples[][2] = {
		{ "7..9....11....59.....2...8...5.2...3......648413........7..2.9.2.1.6.8.4.8.5.4.12", "2829" },
		{ "...7.24539....8...74...5.1.195.8.....7.....25.3.5791.8...6.1....6.9....1........6", "2852" },
	};
	dlx_sudoku *s;
	ck_assert_int_eq(dlx_sudoku_new(3, &s), DLX_OK);
	for (int k = 0; k < 2; k++) {
		uint8_t g[81];
		rules_parse(samples[k][0], g, 81);
		int64_t best;
		ck_assert_uint_gt(count_checked(s, g, &best), 0);
		ck_assert_int_eq(best, strtoll(samples[k][1], NULL, 10));
	}
	/* An impossible puzzle has no solution, so no score (the CLI prints -1). */
	uint8_t g[81];
	rules_parse("42738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.", g, 81);
	int64_t best;
	ck_assert_uint_eq(count_checked(s, g, &best), 0);
	ck_assert_int_eq(best, -1);
	/* Weights: all ones sum the weights, 6·32 + 7·24 + 8·16 + 9·8 + 10. */
	uint8_t ones[81];
	memset(ones, 1, sizeof ones);
	ck_assert_int_eq(dlx_sudoku_target_score(9, ones), 570);
	memset(ones, 0, sizeof ones);
	ones[40] = 9;
	ck_assert_int_eq(dlx_sudoku_target_score(9, ones), 90);
	ones[40] = 0;
	ones[0] = 9;
	ck_assert_int_eq(dlx_sudoku_target_score(9, ones), 54);
	dlx_sudoku_free(s);
}
END_TEST

static Suite *sudoku_suite(void)
{
	Suite *s = suite_create("sudoku");
	TCase *tc = tcase_create("encoding");
	tcase_add_test(tc, test_new_sizes);
	tcase_add_test(tc, test_new_refused);
	suite_add_tcase(s, tc);

	tc = tcase_create("count");
	tcase_add_test(tc, test_empty_4x4);
	tcase_add_test(tc, test_counts_file);
	tcase_add_test(tc, test_limits);
	suite_add_tcase(s, tc);

	tc = tcase_create("solve");
	tcase_add_test(tc, test_luogu_1784);
	tcase_add_test(tc, test_poj_3074);
	tcase_add_test(tc, test_spoj_1110);
	tcase_add_test(tc, test_reuse);
	tcase_add_test(tc, test_load_resume);
	tcase_add_test(tc, test_tracking_modes);
	tcase_add_test(tc, test_propagation);
	suite_add_tcase(s, tc);

	tc = tcase_create("big");
	tcase_add_loop_test(tc, test_big_boards, 4, 7);
	suite_add_tcase(s, tc);

	tc = tcase_create("givens");
	tcase_add_test(tc, test_conflicts);
	suite_add_tcase(s, tc);

	tc = tcase_create("score");
	tcase_add_test(tc, test_target_score);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(sudoku_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
