/*
 * The "sudoku-grid" suite: general grids (dlx-sudoku-grid.h) and their
 * files (src/sudoku-text/sudoku-grid.h).
 *
 * Counts are compared with a brute force that knows nothing of exact
 * cover: every filling of small random grids (holes, exactly-once and
 * at-most-once units) tried against the units.  Every solution the library
 * hands back goes through a rules checker that reads the units as plain
 * sets of positions; the shipped samurai, twin and butterfly files are
 * also checked by one that knows their geometry as nine-by-nine sudokus at
 * fixed corners, and their puzzles must be unique and minimal.
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-sudoku-grid.h"
#include "sudoku-grid.h"

static uint64_t rng_state;

static unsigned rnd(unsigned n)
{
	rng_state = rng_state * 6364136223846793005u + 1442695040888963407u;
	return (unsigned)((rng_state >> 33) % n);
}

/* Reads a grid file from a string; fails the test on an error. */
static struct sudoku_grid_file *grid_from(const char *text)
{
	FILE *in = fmemopen((void *)text, strlen(text), "r");
	ck_assert_ptr_nonnull(in);
	struct sudoku_grid_file *f = NULL;
	struct sudoku_read_error err;
	int rc = sudoku_grid_read(in, &f, &err);
	fclose(in);
	ck_assert_msg(rc == 0, "line %zu: %s", err.line, err.message);
	return f;
}

static struct sudoku_grid_file *grid_from_file(const char *dir_env, const char *name)
{
	const char *dir = getenv(dir_env);
	ck_assert_msg(dir != NULL, "%s is not set", dir_env);
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *in = fopen(path, "r");
	ck_assert_msg(in != NULL, "cannot open %s", path);
	struct sudoku_grid_file *f = NULL;
	struct sudoku_read_error err;
	int rc = sudoku_grid_read(in, &f, &err);
	fclose(in);
	ck_assert_msg(rc == 0, "%s:%zu: %s", path, err.line, err.message);
	return f;
}

static dlx_sudoku_grid *solver_of(const struct sudoku_grid_file *f)
{
	dlx_sudoku_grid_desc d = sudoku_grid_desc(f);
	dlx_sudoku_grid *g = NULL;
	dlx_error_info err;
	int rc = dlx_sudoku_grid_new(&d, &g, &err);
	ck_assert_msg(rc == DLX_OK, "dlx_sudoku_grid_new: %d %s", rc, err.message);
	return g;
}

/*
 * The rules from the units as sets of positions: every cell filled with
 * 1..N, holes empty, no unit with a symbol twice, givens kept.  (An
 * exactly-once unit has N cells, so distinct symbols fill it.)
 */
static bool rules_ok(const struct sudoku_grid_file *f, const uint8_t *givens, const uint8_t *board)
{
	size_t positions = (size_t)f->rows * f->cols;
	for (size_t p = 0; p < positions; p++) {
		if (f->cells[p] ? board[p] < 1 || board[p] > f->n_symbols : board[p] != 0)
			return false;
		if (givens && givens[p] && givens[p] != board[p])
			return false;
	}
	for (size_t u = 0; u < f->n_units; u++) {
		bool seen[DLX_SUDOKU_GRID_MAX_SYMBOLS + 1] = { false };
		for (uint32_t k = 0; k < f->units[u].n_cells; k++) {
			uint8_t v = board[f->units[u].cells[k]];
			if (seen[v])
				return false;
			seen[v] = true;
		}
	}
	return true;
}

/* Whether the 9x9 at (r0, c0) of a board C wide is a sudoku: rows, columns and 3x3 boxes hold 1..9. */
static bool sudoku9_ok(const uint8_t *b, unsigned C, unsigned r0, unsigned c0)
{
	for (unsigned k = 0; k < 9; k++) {
		unsigned row = 0, col = 0, box = 0;
		for (unsigned j = 0; j < 9; j++) {
			row |= 1u << b[(r0 + k) * C + c0 + j];
			col |= 1u << b[(r0 + j) * C + c0 + k];
			box |= 1u << b[(r0 + k / 3 * 3 + j / 3) * C + c0 + k % 3 * 3 + j % 3];
		}
		if (row != 0x3FEu || col != 0x3FEu || box != 0x3FEu)
			return false;
	}
	return true;
}

struct collect {
	const struct sudoku_grid_file *f;
	const uint8_t *givens;
	uint8_t *seen;   /* the solutions so far, to see they differ */
	size_t n, cap;
	bool all_ok;
};

static int collect(void *ctx, const uint8_t *board)
{
	struct collect *c = ctx;
	size_t positions = (size_t)c->f->rows * c->f->cols;
	if (!rules_ok(c->f, c->givens, board))
		c->all_ok = false;
	if (c->n < c->cap) {
		for (size_t k = 0; k < c->n; k++)
			if (memcmp(c->seen + k * positions, board, positions) == 0)
				c->all_ok = false;
		memcpy(c->seen + c->n * positions, board, positions);
	}
	c->n++;
	return 0;
}

START_TEST(test_4x4_is_288)
{
	struct sudoku_grid_file *f = grid_from_file("DLX_TEST_DATA", "grid/sudoku4.grid");
	ck_assert_uint_eq(f->n_cells, 16);
	ck_assert_uint_eq(f->n_units, 12);
	dlx_sudoku_grid *g = solver_of(f);
	uint8_t givens[16] = { 0 };
	struct collect c = { f, givens, malloc(288 * 16), 0, 288, true };
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.on_solution = collect;
	sp.solution_ctx = &c;
	dlx_sudoku_result res;
	ck_assert_int_eq(dlx_sudoku_grid_solve(g, givens, &sp, NULL, &res, NULL), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 288);
	ck_assert_uint_eq(c.n, 288);
	ck_assert(c.all_ok);
	/* The same with two threads: a count split over them. */
	dlx_sudoku_params sp2 = DLX_SUDOKU_PARAMS_INIT;
	sp2.threads = 2;
	ck_assert_int_eq(dlx_sudoku_grid_solve(g, givens, &sp2, NULL, &res, NULL), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 288);
	free(c.seen);
	dlx_sudoku_grid_free(g);
	sudoku_grid_file_free(f);
}
END_TEST

/* A random small grid: holes, N symbols, exactly-once units of N cells and at-most-once units of fewer. */
struct small_grid {
	unsigned rows, cols, N;
	uint8_t cells[12];
	uint32_t unit_cells[16][4];
	dlx_sudoku_grid_unit units[16];
	size_t n_units;
};

static void random_grid(struct small_grid *s)
{
	memset(s, 0, sizeof *s);
	s->rows = 2 + rnd(2);
	s->cols = 2 + rnd(3);
	s->N = 2 + rnd(2);
	size_t positions = (size_t)s->rows * s->cols;
	size_t n = 0;
	for (size_t p = 0; p < positions; p++) {
		s->cells[p] = rnd(5) != 0;
		n += s->cells[p];
	}
	if (n < s->N)
		for (size_t p = 0; p < positions; p++)
			s->cells[p] = 1;
	unsigned want = rnd(7);
	for (unsigned u = 0; u < want; u++) {
		unsigned rule = rnd(3) == 0 ? DLX_SUDOKU_GRID_AT_MOST : DLX_SUDOKU_GRID_ONCE;
		unsigned size = rule == DLX_SUDOKU_GRID_ONCE ? s->N : 1 + rnd(s->N);
		/* Draw distinct cells. */
		uint32_t pick[4];
		unsigned k = 0, tries = 0;
		while (k < size && tries++ < 100) {
			uint32_t p = rnd((unsigned)positions);
			bool dup = !s->cells[p];
			for (unsigned j = 0; j < k; j++)
				dup |= pick[j] == p;
			if (!dup)
				pick[k++] = p;
		}
		if (k < size)
			continue;
		memcpy(s->unit_cells[s->n_units], pick, sizeof pick);
		s->units[s->n_units] = (dlx_sudoku_grid_unit){ s->unit_cells[s->n_units], size, rule };
		s->n_units++;
	}
}

/* The brute force: every filling of the cells with 1..N, kept when the givens and every unit allow it. */
static uint64_t brute_count(const struct small_grid *s, const uint8_t *givens)
{
	size_t positions = (size_t)s->rows * s->cols;
	uint8_t b[12] = { 0 };
	for (size_t p = 0; p < positions; p++)
		b[p] = s->cells[p] ? 1 : 0;
	uint64_t count = 0;
	for (;;) {
		bool ok = true;
		for (size_t u = 0; u < s->n_units && ok; u++)
			for (uint32_t i = 0; i < s->units[u].n_cells && ok; i++)
				for (uint32_t j = 0; j < i && ok; j++)
					ok = b[s->units[u].cells[i]] != b[s->units[u].cells[j]];
		for (size_t p = 0; p < positions && ok; p++)
			ok = !givens[p] || givens[p] == b[p];
		count += ok;
		/* The next filling: an odometer over the cells, digits 1..N. */
		size_t q = 0;
		for (; q < positions; q++) {
			if (!s->cells[q])
				continue;
			if (b[q] < s->N) {
				b[q]++;
				break;
			}
			b[q] = 1;
		}
		if (q == positions)
			return count;
	}
}

START_TEST(test_brute_force)
{
	rng_state = 18;
	unsigned none = 0, several = 0, with_atmost = 0;
	for (int trial = 0; trial < 400; trial++) {
		struct small_grid s;
		random_grid(&s);
		dlx_sudoku_grid_desc d = { s.rows, s.cols, s.N, s.cells, s.units, s.n_units };
		dlx_sudoku_grid *g = NULL;
		ck_assert_int_eq(dlx_sudoku_grid_new(&d, &g, NULL), DLX_OK);
		uint8_t givens[12] = { 0 };
		size_t positions = (size_t)s.rows * s.cols;
		if (rnd(2))
			for (size_t p = 0; p < positions; p++)
				if (s.cells[p] && rnd(4) == 0)
					givens[p] = (uint8_t)(1 + rnd(s.N));
		dlx_sudoku_result res;
		dlx_error_info err;
		int rc = dlx_sudoku_grid_solve(g, givens, NULL, NULL, &res, &err);
		uint64_t want = brute_count(&s, givens);
		none += want == 0;
		several += want > 1;
		for (size_t u = 0; u < s.n_units; u++)
			with_atmost += s.units[u].rule == DLX_SUDOKU_GRID_AT_MOST && want > 0;
		if (rc == DLX_ERR_CONFLICT)
			ck_assert_uint_eq(want, 0);
		else {
			ck_assert_int_eq(rc, DLX_OK);
			ck_assert_msg(res.stats.solutions == want, "trial %d: %llu solutions, brute force %llu", trial,
				(unsigned long long)res.stats.solutions, (unsigned long long)want);
		}
		dlx_sudoku_grid_free(g);
	}
	/* The trials cover the cases: no solution, many, and at-most-once units that matter. */
	ck_assert_uint_gt(none, 10);
	ck_assert_uint_gt(several, 100);
	ck_assert_uint_gt(with_atmost, 50);
}
END_TEST

/* A grid file that must be refused at a line, with a message that says why. */
struct bad_file {
	const char *text;
	size_t line;
	const char *says;
};

START_TEST(test_parse_errors)
{
	static const struct bad_file bad[] = {
		{ "size 4x4\nsymbols 1234\nsudoku r1c1 2x3\n", 3, "does not fit" },
		{ "symbols 1234\nsize 4x4\nfoo r1c1\n", 3, "unknown keyword 'foo'" },
		{ "size 4x4\nrows r1c1-r4c4\n", 2, "size and symbols come before rows" },
		{ "size 4x\n", 1, "size needs RxC" },
		{ "size 4x4\nsize 4x4\n", 2, "a second size" },
		{ "size 4x4\nsymbols 1\n", 2, "2-100 characters" },
		{ "size 4x4\nsymbols 1231\n", 2, "symbol '1' is listed twice" },
		{ "size 4x4\nsymbols 12.4\n", 2, "'.' cannot be a symbol" },
		{ "size 4x4\nsymbols 1234\nrows r1c1-r4c3\n", 3, "a unit of 3 cells" },
		{ "size 4x4\nsymbols 1234\nrows r1c1-r5c4\n", 3, "'r1c1-r5c4' is no rectangle" },
		{ "size 4x4\nsymbols 1234\nrows r2c1-r1c4\n", 3, "top-left cell to its bottom-right" },
		{ "size 4x4\nsymbols 1234\nunit r1c1 r1c2 r1c1 r1c4\n", 3, "r1c1 is twice in one unit" },
		{ "size 4x4\nsymbols 1234\natmost r1c1-r1c4 r2c1\n", 3, "an atmost unit of 5 cells" },
		{ "size 4x4\nsymbols 1234\nboxes 3x3 r1c1-r4c4\n", 3, "does not cut into 3x3 boxes" },
		{ "size 4x4\nsymbols 1234\ndiagonals r1c1-r4c3\n", 3, "diagonals need a square" },
		{ "size 2x2\nsymbols 12\ncells\n#.\n\nunit r2c1 r2c2\n", 6, "r2c1 is a hole of the cells' map" },
		{ "size 2x2\nsymbols 12\ncells\n..\n", 4, "the map ends after 1 of its 2 rows" },
		{ "size 2x2\nsymbols 12\ncells\n...\n", 4, "a map row of 3 characters" },
		{ "size 2x2\nsymbols 12\n", 2, "the grid has no units" },
		{ "size 2x2\nsymbols 12\nunit r2c1-r2c2\n", 3, "row 1 has no cells" },
		{ "# nothing\n", 1, "needs a size and its symbols" },
	};
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		FILE *in = fmemopen((void *)bad[k].text, strlen(bad[k].text), "r");
		struct sudoku_grid_file *f = NULL;
		struct sudoku_read_error err;
		int rc = sudoku_grid_read(in, &f, &err);
		fclose(in);
		ck_assert_msg(rc == DLX_ERR_SYNTAX, "case %zu: %d", k, rc);
		ck_assert_ptr_null(f);
		ck_assert_msg(err.line == bad[k].line, "case %zu: line %zu, not %zu (%s)", k, err.line, bad[k].line,
			err.message);
		ck_assert_msg(strstr(err.message, bad[k].says) != NULL, "case %zu: '%s' does not say '%s'", k,
			err.message, bad[k].says);
	}
	static const char binary[] = "size 2x2\nsymbols 12\nunit r1c1-r1c2\nx\0y\n";
	FILE *in = fmemopen((void *)binary, sizeof binary - 1, "r");
	struct sudoku_grid_file *f = NULL;
	struct sudoku_read_error err;
	ck_assert_int_eq(sudoku_grid_read(in, &f, &err), DLX_ERR_SYNTAX);
	fclose(in);
	ck_assert_uint_eq(err.line, 4);
	ck_assert_str_eq(err.message, "binary data (a NUL byte)");
}
END_TEST

/*
 * A 2x3 board with a hole, r2c2 a cell in no unit, and at-most-once pairs
 * that contradict the columns: r2c3 must differ from r2c1, so equal r1c1,
 * which the last unit forbids.
 */
static const char holes_grid[] =
	"# two rows of three, the middle of the top row a hole\n"
	"size 2x3\n"
	"symbols ab\n"
	"cells\n"
	"x#x\n"
	"xxx\n"
	"unit r1c1 r2c1\n"
	"unit r1c3 r2c3\n"
	"atmost r2c1 r2c3\n"
	"atmost r1c1 r2c3\n";

/* Forgets a file's last unit (its cells stay cells: the map made them). */
static void sudoku_grid_file_desc_drop_last(struct sudoku_grid_file *f)
{
	f->n_units--;
}

START_TEST(test_holes)
{
	struct sudoku_grid_file *f = grid_from(holes_grid);
	ck_assert_uint_eq(f->n_cells, 5);
	ck_assert_uint_eq(f->n_units, 4);
	ck_assert_uint_eq(f->units[2].rule, DLX_SUDOKU_GRID_AT_MOST);
	ck_assert_uint_eq(f->unit_line[3], 10);
	dlx_sudoku_grid *g = solver_of(f);
	ck_assert(!dlx_sudoku_grid_is_cell(g, 1));
	ck_assert(dlx_sudoku_grid_is_cell(g, 4));
	ck_assert_uint_eq(dlx_sudoku_grid_cells(g), 5);
	/* No solution; without the last unit, r1c1's 2 symbols times r2c2's 2. */
	uint8_t empty[6] = { 0 };
	dlx_sudoku_result res;
	ck_assert_int_eq(dlx_sudoku_grid_solve(g, empty, NULL, NULL, &res, NULL), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 0);
	dlx_sudoku_grid_free(g);
	sudoku_grid_file_desc_drop_last(f);
	g = solver_of(f);
	ck_assert_int_eq(dlx_sudoku_grid_solve(g, empty, NULL, NULL, &res, NULL), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 4);
	dlx_sudoku_grid_free(g);
	sudoku_grid_file_free(f);
}
END_TEST

/* Puzzles as text: rows with holes, one line of the cells, errors with their lines, written back. */
START_TEST(test_puzzle_text)
{
	struct sudoku_grid_file *f = grid_from("size 3x3\nsymbols 123\ncells\n##.\n...\n..\nrows r2c1-r2c3\n");
	ck_assert_uint_eq(f->n_cells, 6);
	static const char text[] =
		"# a comment\n"
		"  3\n"
		"1.2\n"
		"3.\n"
		"\n"
		"3123.1\n"
		"**1\n"
		"4..\n"
		"..\n";
	FILE *in = fmemopen((void *)text, sizeof text - 1, "r");
	struct sudoku_grid_reader rd;
	sudoku_grid_reader_init(&rd, in, f);
	uint8_t b[9];
	bool line_form;
	size_t line;
	struct sudoku_read_error err;
	ck_assert_int_eq(sudoku_grid_read_puzzle(&rd, b, &line_form, &line, &err), 1);
	ck_assert(!line_form);
	ck_assert_uint_eq(line, 2);
	static const uint8_t want1[9] = { 0, 0, 3, 1, 0, 2, 3, 0, 0 };
	ck_assert_mem_eq(b, want1, 9);
	char out[64];
	size_t n = sudoku_grid_write(out, f, false, b);
	ck_assert_uint_le(n, sudoku_grid_write_size(f));
	out[n] = '\0';
	ck_assert_str_eq(out, "  3\n1.2\n3.\n");
	ck_assert_int_eq(sudoku_grid_read_puzzle(&rd, b, &line_form, &line, &err), 1);
	ck_assert(line_form);
	ck_assert_uint_eq(line, 6);
	static const uint8_t want2[9] = { 0, 0, 3, 1, 2, 3, 0, 1, 0 };
	ck_assert_mem_eq(b, want2, 9);
	n = sudoku_grid_write(out, f, true, b);
	out[n] = '\0';
	ck_assert_str_eq(out, "3123.1\n");
	ck_assert_int_eq(sudoku_grid_read_puzzle(&rd, b, &line_form, &line, &err), DLX_ERR_SYNTAX);
	ck_assert_uint_eq(err.line, 8);
	ck_assert_str_eq(err.message, "r2c1: '4' is no symbol of the grid (123) nor '.'");
	sudoku_grid_reader_free(&rd);
	fclose(in);

	static const struct bad_file bad[] = {
		{ "1.3\n", 1, "r1c1 is a hole, but holds '1'" },
		{ "  3\n1.2\n", 2, "the input ends after 2 of the puzzle's 3 rows" },
		{ "  3\n1.2\n3.12\n", 3, "a row of 4 characters in a box 3 wide" },
		{ "  3\n1\n", 2, "row 2 ends at column 1, before its cell r2c2" },
		{ "312.1\n", 1, "a row of 5 characters" },
	};
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		in = fmemopen((void *)bad[k].text, strlen(bad[k].text), "r");
		sudoku_grid_reader_init(&rd, in, f);
		ck_assert_int_eq(sudoku_grid_read_puzzle(&rd, b, &line_form, &line, &err), DLX_ERR_SYNTAX);
		ck_assert_msg(err.line == bad[k].line, "case %zu: line %zu (%s)", k, err.line, err.message);
		ck_assert_msg(strstr(err.message, bad[k].says) != NULL, "case %zu: '%s'", k, err.message);
		sudoku_grid_reader_free(&rd);
		fclose(in);
	}
	sudoku_grid_file_free(f);
}
END_TEST

/* What the library refuses in a description and in givens, and how it says so. */
START_TEST(test_library_errors)
{
	uint32_t row[4] = { 0, 1, 2, 3 }, dup[4] = { 0, 1, 1, 3 }, three[3] = { 0, 1, 2 };
	uint8_t map[16] = { 1, 1, 1, 0 };
	dlx_sudoku_grid_unit u_row = { row, 4, DLX_SUDOKU_GRID_ONCE };
	dlx_sudoku_grid_unit u_dup = { dup, 4, DLX_SUDOKU_GRID_ONCE };
	dlx_sudoku_grid_unit u_three = { three, 3, DLX_SUDOKU_GRID_ONCE };
	dlx_sudoku_grid *g = NULL;
	dlx_error_info err;
	dlx_sudoku_grid_desc d = { 4, 4, 4, NULL, &u_dup, 1 };
	ck_assert_int_eq(dlx_sudoku_grid_new(&d, &g, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "unit 1 holds r1c2 twice");
	ck_assert_ptr_null(g);
	d.units = &u_three;
	ck_assert_int_eq(dlx_sudoku_grid_new(&d, &g, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "unit 1 has 3 cells, not 4");
	d.units = &u_row;
	d.cells = map;
	ck_assert_int_eq(dlx_sudoku_grid_new(&d, &g, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "unit 1 holds r1c4, a hole");
	d.cells = NULL;
	d.symbols = 1;
	ck_assert_int_eq(dlx_sudoku_grid_new(&d, &g, &err), DLX_ERR_INVALID);
	d.symbols = 4;
	d.rows = 256;
	ck_assert_int_eq(dlx_sudoku_grid_new(&d, &g, &err), DLX_ERR_INVALID);
	d.rows = 4;
	ck_assert_int_eq(dlx_sudoku_grid_new(&d, &g, &err), DLX_OK);
	ck_assert_uint_eq(dlx_sudoku_grid_cells(g), 4);
	uint8_t givens[16] = { 1, 0, 1 };
	dlx_sudoku_result res;
	ck_assert_int_eq(dlx_sudoku_grid_solve(g, givens, NULL, NULL, &res, &err), DLX_ERR_CONFLICT);
	ck_assert_str_eq(err.message, "r1c1 and r1c3 both hold 1 in r1c1-r1c4");
	ck_assert_uint_eq(res.conflict.col2, 2);
	givens[2] = 0;
	givens[5] = 2;
	ck_assert_int_eq(dlx_sudoku_grid_check(g, givens, &res, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "r2c2 is a hole, but holds 2");
	givens[5] = 0;
	givens[3] = 5;
	ck_assert_int_eq(dlx_sudoku_grid_check(g, givens, &res, &err), DLX_ERR_INVALID);
	ck_assert_str_eq(err.message, "r1c4 holds 5, more than 4");
	givens[3] = 0;
	/* One row of 4 with 1 given: 3! fillings, the holes left 0. */
	uint8_t sol[16];
	ck_assert_int_eq(dlx_sudoku_grid_solve(g, givens, NULL, sol, &res, &err), DLX_OK);
	ck_assert_uint_eq(res.stats.solutions, 6);
	ck_assert_uint_eq(sol[0], 1);
	for (size_t p = 4; p < 16; p++)
		ck_assert_uint_eq(sol[p], 0);
	dlx_sudoku_grid_free(g);
}
END_TEST

/* Generation: unique puzzles, minimal or stopped at --clues, the same for a seed; no board, no puzzle. */
START_TEST(test_generate)
{
	struct sudoku_grid_file *f = grid_from_file("DLX_DATA", "twin.grid");
	dlx_sudoku_grid *g = solver_of(f);
	size_t positions = (size_t)f->rows * f->cols;
	uint8_t *a = malloc(positions), *b = malloc(positions), *sol = malloc(positions), *probe = malloc(positions);
	for (uint64_t seed = 0; seed < 3; seed++) {
		dlx_stats st;
		ck_assert_int_eq(dlx_sudoku_grid_generate(g, seed, 0, NULL, a, sol, &st), DLX_OK);
		ck_assert(rules_ok(f, a, sol));
		ck_assert_uint_gt(st.nodes, 0);
		ck_assert_int_eq(dlx_sudoku_grid_generate(g, seed, 0, NULL, b, NULL, NULL), DLX_OK);
		ck_assert_mem_eq(a, b, positions);
		dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
		sp.limit = 2;
		dlx_sudoku_result res;
		ck_assert_int_eq(dlx_sudoku_grid_solve(g, a, &sp, NULL, &res, NULL), DLX_OK);
		ck_assert_uint_eq(res.stats.solutions, 1);
		size_t clues = 0;
		for (size_t p = 0; p < positions; p++) {
			clues += a[p] != 0;
			if (!a[p])
				continue;
			memcpy(probe, a, positions);
			probe[p] = 0;
			ck_assert_int_eq(dlx_sudoku_grid_solve(g, probe, &sp, NULL, &res, NULL), DLX_OK);
			ck_assert_uint_eq(res.stats.solutions, 2);
		}
		/* With a target of clues well above the minimum, it stops there. */
		ck_assert_int_eq(dlx_sudoku_grid_generate(g, seed, clues + 40, NULL, b, NULL, NULL), DLX_OK);
		size_t more = 0;
		for (size_t p = 0; p < positions; p++)
			more += b[p] != 0;
		ck_assert_uint_eq(more, clues + 40);
	}
	dlx_sudoku_grid_free(g);
	sudoku_grid_file_free(f);
	/* The hole grid has no full board. */
	f = grid_from(holes_grid);
	g = solver_of(f);
	ck_assert_int_eq(dlx_sudoku_grid_generate(g, 1, 0, NULL, a, NULL, NULL), DLX_ERR_CONFLICT);
	dlx_sudoku_grid_free(g);
	sudoku_grid_file_free(f);
	free(a);
	free(b);
	free(sol);
	free(probe);
}
END_TEST

/* Reads every puzzle of a data file; returns how many, each unique, its solution checked, the first minimal. */
static int check_puzzles(const char *grid, const char *puzzles, const unsigned (*nines)[2], size_t n_nines)
{
	struct sudoku_grid_file *f = grid_from_file("DLX_DATA", grid);
	dlx_sudoku_grid *g = solver_of(f);
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", getenv("DLX_DATA"), puzzles);
	FILE *in = fopen(path, "r");
	ck_assert_ptr_nonnull(in);
	struct sudoku_grid_reader rd;
	sudoku_grid_reader_init(&rd, in, f);
	size_t positions = (size_t)f->rows * f->cols;
	uint8_t *board = malloc(positions), *sol = malloc(positions), *probe = malloc(positions);
	int n = 0;
	for (;;) {
		bool line_form;
		size_t line;
		struct sudoku_read_error err;
		int rc = sudoku_grid_read_puzzle(&rd, board, &line_form, &line, &err);
		ck_assert_msg(rc >= 0, "%s:%zu: %s", puzzles, err.line, err.message);
		if (rc == 0)
			break;
		n++;
		dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
		sp.limit = 2;
		dlx_sudoku_result res;
		ck_assert_int_eq(dlx_sudoku_grid_solve(g, board, &sp, sol, &res, NULL), DLX_OK);
		ck_assert_uint_eq(res.stats.solutions, 1);
		ck_assert(rules_ok(f, board, sol));
		for (size_t k = 0; k < n_nines; k++)
			ck_assert(sudoku9_ok(sol, f->cols, nines[k][0], nines[k][1]));
		/* Minimal: without any one given there is a second solution (the first puzzle: samurai's are dear under valgrind). */
		for (size_t p = 0; p < positions && n == 1; p++) {
			if (!board[p])
				continue;
			memcpy(probe, board, positions);
			probe[p] = 0;
			ck_assert_int_eq(dlx_sudoku_grid_solve(g, probe, &sp, NULL, &res, NULL), DLX_OK);
			ck_assert_uint_eq(res.stats.solutions, 2);
		}
	}
	sudoku_grid_reader_free(&rd);
	fclose(in);
	free(board);
	free(sol);
	free(probe);
	dlx_sudoku_grid_free(g);
	sudoku_grid_file_free(f);
	return n;
}

START_TEST(test_data_files)
{
	/* The corners (0-based) of each file's 9x9 sudokus, known independently of the files. */
	static const unsigned samurai[][2] = { { 0, 0 }, { 0, 12 }, { 6, 6 }, { 12, 0 }, { 12, 12 } };
	static const unsigned twin[][2] = { { 0, 0 }, { 6, 6 } };
	static const unsigned butterfly[][2] = { { 0, 0 }, { 0, 3 }, { 3, 0 }, { 3, 3 } };
	ck_assert_int_ge(check_puzzles("samurai.grid", "samurai.txt", samurai, 5), 1);
	ck_assert_int_ge(check_puzzles("twin.grid", "twin.txt", twin, 2), 1);
	ck_assert_int_ge(check_puzzles("butterfly.grid", "butterfly.txt", butterfly, 4), 1);
}
END_TEST

/* The grids built in are those of data/: the same cells and units. */
START_TEST(test_builtins)
{
	static const char *const names[] = { "samurai", "twin", "butterfly" };
	for (size_t k = 0; k < 3; k++) {
		char file[32];
		snprintf(file, sizeof file, "%s.grid", names[k]);
		struct sudoku_grid_file *a = grid_from_file("DLX_DATA", file);
		const char *text = sudoku_grid_builtin(names[k]);
		ck_assert_ptr_nonnull(text);
		struct sudoku_grid_file *b = grid_from(text);
		ck_assert_uint_eq(a->rows, b->rows);
		ck_assert_uint_eq(a->cols, b->cols);
		ck_assert_str_eq(a->symbols, b->symbols);
		ck_assert_mem_eq(a->cells, b->cells, (size_t)a->rows * a->cols);
		ck_assert_uint_eq(a->n_units, b->n_units);
		for (size_t u = 0; u < a->n_units; u++) {
			ck_assert_uint_eq(a->units[u].n_cells, b->units[u].n_cells);
			ck_assert_uint_eq(a->units[u].rule, b->units[u].rule);
			ck_assert_mem_eq(a->units[u].cells, b->units[u].cells, a->units[u].n_cells * sizeof *a->units[u].cells);
		}
		sudoku_grid_file_free(a);
		sudoku_grid_file_free(b);
	}
	ck_assert_ptr_null(sudoku_grid_builtin("samurai.grid"));
	/* Samurai: 369 cells, five sudokus of 27 units each. */
	struct sudoku_grid_file *s = grid_from(sudoku_grid_builtin("samurai"));
	ck_assert_uint_eq(s->n_cells, 369);
	ck_assert_uint_eq(s->n_units, 135);
	sudoku_grid_file_free(s);
}
END_TEST

Suite *grid_suite(void);

Suite *grid_suite(void)
{
	Suite *s = suite_create("sudoku-grid");
	TCase *tc = tcase_create("grid");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_4x4_is_288);
	tcase_add_test(tc, test_brute_force);
	tcase_add_test(tc, test_data_files);
	tcase_add_test(tc, test_parse_errors);
	tcase_add_test(tc, test_holes);
	tcase_add_test(tc, test_puzzle_text);
	tcase_add_test(tc, test_library_errors);
	tcase_add_test(tc, test_generate);
	tcase_add_test(tc, test_builtins);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(grid_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
