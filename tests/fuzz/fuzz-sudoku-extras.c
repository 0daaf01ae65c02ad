/*
 * Fuzz harness for the readers and writers of parity maps and killer cage
 * files (src/sudoku-text/sudoku-extras.c) and the library's checks of them.
 *
 * Input layout: byte 0 picks what to read: even, a cage file; odd, a parity
 * map.  The rest is the text.
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
 *   here (distinct digits, sums).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-sudoku.h"
#include "sudoku-extras.h"
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

static size_t count_lines(const uint8_t *d, size_t n)
{
	size_t lines = n > 0;
	for (size_t i = 0; i + 1 < n; i++)
		lines += d[i] == '\n';
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
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
