/*
 * Fuzz harness for the readers and writers of parity maps and killer cage
 * files (src/sudoku-text/sudoku-extras.c), of grid files and their puzzles
 * (src/sudoku-text/sudoku-grid.c), and the library's checks of them.
 *
 * Input layout: byte 0 picks what to read: 'G', a grid file, then after a
 * line "%%" puzzles on it; else even, a cage file; odd, a parity map.  The
 * rest is the text.
 *
 * Checked for every input (any violation aborts):
 * - the readers return 0 or DLX_ERR_SYNTAX (fmemopen cannot fail a read),
 *   an error with a message and a line no later than the text's last;
 * - a parity map has a side of 4-100 and marks 0-2, and
 *   dlx_sudoku_check_extras() accepts it;
 * - a cage file has a side of 4-100, cage numbers up to its count, each
 *   cage numbered by its first cell in row-major order; the map it is
 *   written as reads back the same, and so does the one-line form when
 *   the cages fit it;
 * - on boards of side 4 to 9 whose cages the library accepts, every
 *   solution found within a node limit keeps the cages' rules, checked
 *   here (distinct digits, sums);
 * - a grid file read has units of N cells (at most N for atmost), all
 *   cells, none twice; the library accepts it unless a cell is in too many
 *   units or it is too big, with a message; each puzzle read holds symbols
 *   in cells only, its text written back reads back the same, and every
 *   solution found within a node limit holds each unit's symbols once.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-sudoku-grid.h"
#include "dlx-sudoku.h"
#include "sudoku-extras.h"
#include "sudoku-grid.h"
#include "sudoku-read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NODE_LIMIT 3000

#define EXPECT(cond, ...)                                                              \
	do {                                                                           \
		if (!(cond)) {                                                         \
			fprintf(stderr, "fuzz-sudoku-extras: %s:%d: expected %s: ", __FILE__, __LINE__, #cond); \
			fprintf(stderr, __VA_ARGS__);                                  \
			fputc('\n', stderr);                                           \
			abort();                                                       \
		}                                                                      \
	} while (0)

static FILE *open_text(const uint8_t *d, size_t n)
{
	/* fmemopen refuses a size of 0 on some C libraries: an empty text reads as a lone newline, the same to the readers. */
	static const char empty[] = "\n";
	return n ? fmemopen((void *)d, n, "r") : fmemopen((void *)empty, 1, "r");
}

/* Lines end at LF, CR LF or a CR alone; the last one may lack its end. */
static size_t count_lines(const uint8_t *d, size_t n)
{
	size_t lines = n > 0;
	for (size_t i = 0; i + 1 < n; i++)
		lines += d[i] == '\n' || (d[i] == '\r' && d[i + 1] != '\n');
	return lines;
}

struct check {
	const struct sudoku_cages *c;
	bool bad;
};

static int check_solution(void *ctx, const uint8_t *sol)
{
	struct check *k = ctx;
	const struct sudoku_cages *c = k->c;
	const size_t cells = (size_t)c->side * c->side;
	for (uint32_t cage = 1; cage <= c->n_cages; cage++) {
		bool seen[256] = { false };
		unsigned long sum = 0;
		for (size_t cell = 0; cell < cells; cell++) {
			if (c->cage[cell] != cage)
				continue;
			k->bad |= seen[sol[cell]];
			seen[sol[cell]] = true;
			sum += sol[cell];
		}
		k->bad |= c->sum[cage - 1] && sum != c->sum[cage - 1];
	}
	return 0;
}

static void same_cages(const struct sudoku_cages *a, const struct sudoku_cages *b, const char *form)
{
	EXPECT(a->side == b->side && a->n_cages == b->n_cages, "%s form: side %u/%u, cages %u/%u", form, a->side,
		b->side, a->n_cages, b->n_cages);
	EXPECT(memcmp(a->cage, b->cage, (size_t)a->side * a->side * sizeof *a->cage) == 0, "%s form: other cells", form);
	EXPECT(memcmp(a->sum, b->sum, a->n_cages * sizeof *a->sum) == 0, "%s form: other sums", form);
}

/* Writes c with the writer, reads it back into *back; returns whether it was written. */
static bool round_trip(const struct sudoku_cages *c, bool line, struct sudoku_box box, struct sudoku_cages *back)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	EXPECT(out != NULL, "open_memstream");
	int rc = line ? sudoku_write_cages_line(out, c, box, c->diagonals) : sudoku_write_cages_map(out, c);
	fclose(out);
	if (rc) {
		EXPECT(line && rc == DLX_ERR_INVALID, "write: %d", rc);
		free(buf);
		return false;
	}
	FILE *in = open_text((const uint8_t *)buf, len);
	struct sudoku_read_error err;
	rc = sudoku_read_cages(in, back, &err);
	fclose(in);
	EXPECT(rc == 0, "reading back the %s form: %s\n%s", line ? "line" : "map", err.message, buf);
	free(buf);
	return true;
}

struct grid_check {
	const struct sudoku_grid_file *f;
	bool bad;
};

static int check_grid_solution(void *ctx, const uint8_t *sol)
{
	struct grid_check *k = ctx;
	const struct sudoku_grid_file *f = k->f;
	for (size_t u = 0; u < f->n_units; u++) {
		bool seen[DLX_SUDOKU_GRID_MAX_SYMBOLS + 1] = { false };
		for (uint32_t j = 0; j < f->units[u].n_cells; j++) {
			uint8_t v = sol[f->units[u].cells[j]];
			k->bad |= v == 0 || v > f->n_symbols || seen[v];
			seen[v] = true;
		}
	}
	return 0;
}

/* The puzzles after the grid file, read, written back, solved within a node limit and checked. */
static void grid_puzzles(const struct sudoku_grid_file *f, const uint8_t *text, size_t n)
{
	dlx_sudoku_grid_desc d = sudoku_grid_desc(f);
	dlx_sudoku_grid *g = NULL;
	dlx_error_info why;
	int rc = dlx_sudoku_grid_new(&d, &g, &why);
	EXPECT(rc == DLX_OK || ((rc == DLX_ERR_INVALID || rc == DLX_ERR_TOO_BIG) && why.message[0]), "grid: rc %d", rc);
	if (rc)
		return;
	EXPECT(dlx_sudoku_grid_cells(g) == f->n_cells, "cells %zu/%zu", dlx_sudoku_grid_cells(g), f->n_cells);
	size_t positions = (size_t)f->rows * f->cols;
	uint8_t *board = malloc(positions), *again = malloc(positions);
	char *out = malloc(sudoku_grid_write_size(f));
	EXPECT(board && again && out, "malloc");
	FILE *in = open_text(text, n);
	struct sudoku_grid_reader rd;
	sudoku_grid_reader_init(&rd, in, f);
	for (int k = 0; k < 8; k++) {
		bool line_form;
		size_t line;
		struct sudoku_read_error err;
		rc = sudoku_grid_read_puzzle(&rd, board, &line_form, &line, &err);
		if (rc <= 0) {
			EXPECT(rc == 0 || (rc == DLX_ERR_SYNTAX && err.message[0]), "puzzle: rc %d", rc);
			break;
		}
		for (size_t p = 0; p < positions; p++)
			EXPECT(board[p] <= f->n_symbols && (f->cells[p] || !board[p]), "value %u at %zu", board[p], p);
		size_t len = sudoku_grid_write(out, f, line_form, board);
		EXPECT(len <= sudoku_grid_write_size(f), "wrote %zu", len);
		FILE *back = open_text((const uint8_t *)out, len);
		struct sudoku_grid_reader rd2;
		sudoku_grid_reader_init(&rd2, back, f);
		bool lf2;
		EXPECT(sudoku_grid_read_puzzle(&rd2, again, &lf2, &line, &err) == 1, "read back: %s", err.message);
		EXPECT(memcmp(board, again, positions) == 0 && lf2 == line_form, "read back differs");
		sudoku_grid_reader_free(&rd2);
		fclose(back);
		struct grid_check gc = { f, false };
		dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
		sp.node_limit = NODE_LIMIT;
		sp.limit = 4;
		sp.on_solution = check_grid_solution;
		sp.solution_ctx = &gc;
		dlx_sudoku_result res;
		rc = dlx_sudoku_grid_solve(g, board, &sp, NULL, &res, &why);
		EXPECT(rc == DLX_OK || ((rc == DLX_ERR_CONFLICT || rc == DLX_ERR_INVALID) && why.message[0]), "solve %d", rc);
		EXPECT(!gc.bad, "a solution breaks a unit");
	}
	sudoku_grid_reader_free(&rd);
	fclose(in);
	free(board);
	free(again);
	free(out);
	dlx_sudoku_grid_free(g);
}

/* A grid file, then (after a line "%%") its puzzles. */
static void fuzz_grid(const uint8_t *text, size_t n)
{
	size_t split = n;
	for (size_t i = 0; i + 2 < n; i++)
		if ((i == 0 || text[i - 1] == '\n') && text[i] == '%' && text[i + 1] == '%' && text[i + 2] == '\n') {
			split = i;
			break;
		}
	const size_t lines = count_lines(text, split);
	FILE *in = open_text(text, split);
	EXPECT(in != NULL, "fmemopen");
	struct sudoku_grid_file *f = NULL;
	struct sudoku_read_error err;
	int rc = sudoku_grid_read(in, &f, &err);
	fclose(in);
	if (rc) {
		EXPECT(rc == DLX_ERR_SYNTAX && err.message[0] && err.line <= lines + 1, "grid rc %d line %zu: %s", rc,
			err.line, err.message);
		return;
	}
	size_t positions = (size_t)f->rows * f->cols, cells = 0;
	for (size_t p = 0; p < positions; p++)
		cells += f->cells[p] != 0;
	EXPECT(cells == f->n_cells && cells > 0, "cells %zu/%zu", cells, f->n_cells);
	for (size_t u = 0; u < f->n_units; u++) {
		const dlx_sudoku_grid_unit *un = &f->units[u];
		EXPECT(un->rule == DLX_SUDOKU_GRID_ONCE ? un->n_cells == f->n_symbols : un->n_cells <= f->n_symbols,
			"unit %zu: %u cells", u, un->n_cells);
		for (uint32_t j = 0; j < un->n_cells; j++) {
			EXPECT(un->cells[j] < positions && f->cells[un->cells[j]], "unit %zu: a hole", u);
			for (uint32_t i = 0; i < j; i++)
				EXPECT(un->cells[i] != un->cells[j], "unit %zu: a cell twice", u);
		}
	}
	if (split < n)
		grid_puzzles(f, text + split + 3, n - split - 3);
	sudoku_grid_file_free(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 0 && data[0] == 'G') {
		fuzz_grid(data + 1, size - 1);
		return 0;
	}
	const bool parity = size > 0 && (data[0] & 1);
	const uint8_t *text = size > 0 ? data + 1 : data;
	const size_t n = size > 0 ? size - 1 : 0;
	const size_t lines = count_lines(text, n);
	struct sudoku_read_error err;
	FILE *in = open_text(text, n);
	EXPECT(in != NULL, "fmemopen");
	if (parity) {
		static uint8_t marks[SUDOKU_EXTRAS_MAX_CELLS];
		unsigned side = 0;
		int rc = sudoku_read_parity(in, marks, &side, &err);
		fclose(in);
		if (rc) {
			EXPECT(rc == DLX_ERR_SYNTAX && err.message[0] && err.line <= lines, "rc %d line %zu: %s", rc, err.line,
				err.message);
			return 0;
		}
		EXPECT(side >= 4 && side <= DLX_SUDOKU_MAX_SIDE, "side %u", side);
		for (size_t cell = 0; cell < (size_t)side * side; cell++)
			EXPECT(marks[cell] <= DLX_SUDOKU_PARITY_EVEN, "mark %u", marks[cell]);
		dlx_sudoku_extras x = { marks, NULL, NULL, 0 };
		dlx_error_info why;
		EXPECT(dlx_sudoku_check_extras(side, &x, &why) == DLX_OK, "%s", why.message);
		return 0;
	}
	static struct sudoku_cages c, back;
	int rc = sudoku_read_cages(in, &c, &err);
	fclose(in);
	if (rc) {
		EXPECT(rc == DLX_ERR_SYNTAX && err.message[0] && err.line <= lines, "rc %d line %zu: %s", rc, err.line,
			err.message);
		return 0;
	}
	const size_t cells = (size_t)c.side * c.side;
	EXPECT(c.side >= 4 && c.side <= DLX_SUDOKU_MAX_SIDE, "side %u", c.side);
	uint32_t next = 1;
	for (size_t cell = 0; cell < cells; cell++) {
		EXPECT(c.cage[cell] <= c.n_cages && c.cage[cell] <= next, "r%zuc%zu in cage %u of %u", cell / c.side + 1,
			cell % c.side + 1, c.cage[cell], c.n_cages);
		next += c.cage[cell] == next;
	}
	EXPECT(next == c.n_cages + 1, "%u cages named, %u counted", next - 1, c.n_cages);
	EXPECT(round_trip(&c, false, c.box, &back), "the map form always holds the cages");
	same_cages(&c, &back, "map");
	struct sudoku_box box;
	if (sudoku_box_of_side(c.side, c.box.rows ? &c.box : NULL, &box) && round_trip(&c, true, box, &back))
		same_cages(&c, &back, "line");
	dlx_sudoku_extras x = { NULL, c.cage, c.sum, c.n_cages };
	dlx_error_info why;
	rc = dlx_sudoku_check_extras(c.side, &x, &why);
	EXPECT(rc == DLX_OK || ((rc == DLX_ERR_INVALID || rc == DLX_ERR_TOO_BIG) && why.message[0]), "rc %d", rc);
	if (rc || c.side > 9 || !sudoku_box_of_side(c.side, c.box.rows ? &c.box : NULL, &box))
		return 0;
	dlx_sudoku_board b = { box.rows, box.cols, c.diagonals ? DLX_SUDOKU_X : 0u, NULL };
	dlx_sudoku *s;
	EXPECT(dlx_sudoku_new_extras(&b, &x, &s, &why) == DLX_OK, "%s", why.message);
	struct check k = { &c, false };
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.node_limit = NODE_LIMIT;
	sp.limit = 4;
	sp.on_solution = check_solution;
	sp.solution_ctx = &k;
	static uint8_t givens[81];
	dlx_sudoku_result res;
	EXPECT(dlx_sudoku_solve(s, givens, &sp, NULL, &res, NULL) == DLX_OK, "solve");
	EXPECT(!k.bad, "a solution breaks a cage's rules");
	dlx_sudoku_free(s);
	return 0;
}
