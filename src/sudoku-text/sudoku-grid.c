/*
 * Grid description files and puzzles on them (sudoku-grid.h).  The file's
 * units are checked here as they are read, so that what is wrong with one
 * is told with its line; dlx_sudoku_grid_new() checks them again for its
 * other callers.
 */
#define _POSIX_C_SOURCE 200809L
#include "sudoku-grid.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "sudoku-lines.h"

/* What the reader of a file holds while it reads. */
struct grid_parse {
	FILE *in;
	size_t lineno;
	char *buf;
	size_t cap;
	struct sudoku_grid_file *f;
	bool have_map;
	size_t cells_cap, units_cap, cells_used;
	uint32_t *stamp;   /* per position: the unit that last took it, + 1 */
	uint32_t *scratch; /* one unit's positions, rows·cols room */
	size_t n_scratch;
};

/*
 * Reads a line into r's buffer without its end: LF, CR LF or a CR alone (as
 * the puzzles' reader takes them), a UTF-8 byte order mark skipped at the
 * start of the file.  Returns 1, 0 at the end, or an error: NUL bytes, a
 * line too long, a read error.
 */
static int read_line(FILE *in, char **buf, size_t *cap, size_t *lineno, size_t *len, struct sudoku_read_error *err)
{
	errno = 0;
	size_t n = 0;
	int ch;
	bool nul = false, any = false;
	while ((ch = getc(in)) != EOF) {
		any = true;
		if (ch == '\n')
			break;
		if (ch == '\r') {
			int next = getc(in);
			if (next != '\n' && next != EOF)
				ungetc(next, in);
			break;
		}
		nul |= ch == 0;
		if (n > SUDOKU_GRID_LINE_MAX) {
			/* Counted to the end for the message, not kept. */
			n++;
			continue;
		}
		if (n + 2 > *cap) {
			size_t c = *cap ? 2 * *cap : 256;
			char *b = realloc(*buf, c);
			if (!b)
				return text_fail(err, *lineno + 1, DLX_ERR_NOMEM, "out of memory");
			*buf = b;
			*cap = c;
		}
		(*buf)[n++] = (char)ch;
	}
	if (ch == EOF && ferror(in))
		return text_fail(err, *lineno + 1, DLX_ERR_IO, "read error: %s", strerror(errno ? errno : EIO));
	if (!any)
		return 0;
	if (!*buf) {
		*buf = malloc(1);
		if (!*buf)
			return text_fail(err, *lineno + 1, DLX_ERR_NOMEM, "out of memory");
		*cap = 1;
	}
	if (n <= SUDOKU_GRID_LINE_MAX)
		(*buf)[n] = '\0';
	if (++*lineno == 1 && n >= 3 && memcmp(*buf, "\xEF\xBB\xBF", 3) == 0 && n <= SUDOKU_GRID_LINE_MAX) {
		memmove(*buf, *buf + 3, n - 2);
		n -= 3;
	}
	if (nul)
		return text_fail(err, *lineno, DLX_ERR_SYNTAX, "binary data (a NUL byte)");
	if (n > SUDOKU_GRID_LINE_MAX)
		return text_fail(err, *lineno, DLX_ERR_SYNTAX, "a line of %zu characters, more than %u", n,
			SUDOKU_GRID_LINE_MAX);
	*len = n;
	return 1;
}

static bool is_hole_char(int ch)
{
	return ch == ' ' || ch == '#' || ch == '*' || ch == '\t';
}

/* Parses a number of 1..max at *p, moving p past it. */
static bool parse_number(const char **p, unsigned max, unsigned *out)
{
	const char *s = *p;
	unsigned long v = 0;
	if (!isdigit((unsigned char)*s))
		return false;
	while (isdigit((unsigned char)*s)) {
		v = v * 10 + (unsigned long)(*s - '0');
		if (v > max)
			return false;
		s++;
	}
	if (v == 0)
		return false;
	*out = (unsigned)v;
	*p = s;
	return true;
}

/* "RxC" with both 1..max. */
static bool parse_dims(const char *w, unsigned max, unsigned *r, unsigned *c)
{
	return parse_number(&w, max, r) && (*w == 'x' || *w == 'X') && (w++, parse_number(&w, max, c)) && *w == '\0';
}

/* A cell rRcC at *p within the box; 0-based into *r, *c. */
static bool parse_cell(const char **p, const struct sudoku_grid_file *f, unsigned *r, unsigned *c)
{
	const char *s = *p;
	if (*s != 'r' && *s != 'R')
		return false;
	s++;
	if (!parse_number(&s, f->rows, r) || (*s != 'c' && *s != 'C'))
		return false;
	s++;
	if (!parse_number(&s, f->cols, c))
		return false;
	--*r;
	--*c;
	*p = s;
	return true;
}

/* A cell or a rectangle: 0-based corners.  Fails with a message. */
static int parse_rect(struct grid_parse *gp, const char *w, unsigned rc[4], struct sudoku_read_error *err)
{
	const char *p = w;
	if (!parse_cell(&p, gp->f, &rc[0], &rc[1]))
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX,
			"'%.40s' is no cell rRcC of the %ux%u box, nor a rectangle rAcB-rCcD", w, gp->f->rows, gp->f->cols);
	rc[2] = rc[0];
	rc[3] = rc[1];
	if (*p == '-') {
		p++;
		if (!parse_cell(&p, gp->f, &rc[2], &rc[3]))
			return text_fail(err, gp->lineno, DLX_ERR_SYNTAX,
				"'%.40s' is no rectangle rAcB-rCcD of the %ux%u box", w, gp->f->rows, gp->f->cols);
		if (rc[2] < rc[0] || rc[3] < rc[1])
			return text_fail(err, gp->lineno, DLX_ERR_SYNTAX,
				"'%.40s': a rectangle goes from its top-left cell to its bottom-right one", w);
	}
	if (*p)
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "'%.40s' is no cell rRcC nor a rectangle rAcB-rCcD", w);
	return 0;
}

/* Adds position pos to the unit being built, refusing holes of the map and repeats. */
static int unit_add(struct grid_parse *gp, unsigned r, unsigned c, struct sudoku_read_error *err)
{
	struct sudoku_grid_file *f = gp->f;
	size_t pos = (size_t)r * f->cols + c;
	if (gp->have_map && !f->cells[pos])
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "r%uc%u is a hole of the cells' map", r + 1, c + 1);
	uint32_t mark = (uint32_t)f->n_units + 1;
	if (gp->stamp[pos] == mark)
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "r%uc%u is twice in one unit", r + 1, c + 1);
	gp->stamp[pos] = mark;
	gp->scratch[gp->n_scratch++] = (uint32_t)pos;
	return 0;
}

static int unit_add_rect(struct grid_parse *gp, const unsigned rc[4], struct sudoku_read_error *err)
{
	for (unsigned r = rc[0]; r <= rc[2]; r++)
		for (unsigned c = rc[1]; c <= rc[3]; c++) {
			int e = unit_add(gp, r, c, err);
			if (e)
				return e;
		}
	return 0;
}

/* Ends the unit being built: checks its size, stores it. */
static int unit_end(struct grid_parse *gp, unsigned rule, struct sudoku_read_error *err)
{
	struct sudoku_grid_file *f = gp->f;
	size_t n = gp->n_scratch, N = f->n_symbols;
	if (rule == DLX_SUDOKU_GRID_ONCE && n != N)
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX,
			"a unit of %zu cells, but each of the %zu symbols once needs %zu", n, N, N);
	if (rule == DLX_SUDOKU_GRID_AT_MOST && n > N)
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX,
			"an atmost unit of %zu cells, more than the %zu symbols", n, N);
	if (f->n_units == gp->units_cap) {
		size_t cap = gp->units_cap ? 2 * gp->units_cap : 64;
		dlx_sudoku_grid_unit *u = realloc(f->units, cap * sizeof *u);
		if (u)
			f->units = u;
		size_t *l = u ? realloc(f->unit_line, cap * sizeof *l) : NULL;
		if (l)
			f->unit_line = l;
		if (!u || !l)
			return text_fail(err, gp->lineno, DLX_ERR_NOMEM, "out of memory");
		gp->units_cap = cap;
	}
	size_t used = gp->cells_used;
	if (used + n > gp->cells_cap) {
		size_t cap = gp->cells_cap ? gp->cells_cap : 1024;
		while (cap < used + n)
			cap *= 2;
		uint32_t *c = realloc(f->unit_cells, cap * sizeof *c);
		if (!c)
			return text_fail(err, gp->lineno, DLX_ERR_NOMEM, "out of memory");
		f->unit_cells = c;
		gp->cells_cap = cap;
	}
	memcpy(f->unit_cells + used, gp->scratch, n * sizeof *gp->scratch);
	/* The pointers are set once the file is read: unit_cells may still move. */
	f->units[f->n_units].cells = NULL;
	f->units[f->n_units].n_cells = (uint32_t)n;
	f->units[f->n_units].rule = rule;
	f->unit_line[f->n_units] = gp->lineno;
	f->n_units++;
	gp->cells_used += n;
	gp->n_scratch = 0;
	return 0;
}

/* rows / columns RECT: each row (column) of the rectangle one unit. */
static int lines_of(struct grid_parse *gp, const unsigned rc[4], bool rows, struct sudoku_read_error *err)
{
	unsigned from = rows ? rc[0] : rc[1], to = rows ? rc[2] : rc[3];
	for (unsigned k = from; k <= to; k++) {
		unsigned one[4] = { rows ? k : rc[0], rows ? rc[1] : k, rows ? k : rc[2], rows ? rc[3] : k };
		int e = unit_add_rect(gp, one, err);
		if (!e)
			e = unit_end(gp, DLX_SUDOKU_GRID_ONCE, err);
		if (e)
			return e;
	}
	return 0;
}

static int boxes_of(struct grid_parse *gp, unsigned br, unsigned bc, const unsigned rc[4],
	struct sudoku_read_error *err)
{
	unsigned h = rc[2] - rc[0] + 1, w = rc[3] - rc[1] + 1;
	if (h % br || w % bc)
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "the %ux%u rectangle does not cut into %ux%u boxes",
			h, w, br, bc);
	for (unsigned r = rc[0]; r <= rc[2]; r += br)
		for (unsigned c = rc[1]; c <= rc[3]; c += bc) {
			unsigned box[4] = { r, c, r + br - 1, c + bc - 1 };
			int e = unit_add_rect(gp, box, err);
			if (!e)
				e = unit_end(gp, DLX_SUDOKU_GRID_ONCE, err);
			if (e)
				return e;
		}
	return 0;
}

static int diagonals_of(struct grid_parse *gp, const unsigned rc[4], struct sudoku_read_error *err)
{
	unsigned n = rc[2] - rc[0] + 1;
	if (n != rc[3] - rc[1] + 1)
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "diagonals need a square, not %ux%u",
			n, rc[3] - rc[1] + 1);
	for (int anti = 0; anti <= 1; anti++) {
		for (unsigned k = 0; k < n; k++) {
			int e = unit_add(gp, rc[0] + k, anti ? rc[3] - k : rc[1] + k, err);
			if (e)
				return e;
		}
		int e = unit_end(gp, DLX_SUDOKU_GRID_ONCE, err);
		if (e)
			return e;
	}
	return 0;
}

/* The words of a line, split in place at blanks. */
static size_t split_words(char *s, char **words, size_t max)
{
	size_t n = 0;
	for (;;) {
		while (*s == ' ' || *s == '\t')
			*s++ = '\0';
		if (!*s || n == max)
			return n;
		words[n++] = s;
		while (*s && *s != ' ' && *s != '\t')
			s++;
	}
}

static int take_size(struct grid_parse *gp, char **w, size_t n, struct sudoku_read_error *err)
{
	struct sudoku_grid_file *f = gp->f;
	if (f->rows)
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "a second size");
	if (n != 2 || !parse_dims(w[1], DLX_SUDOKU_GRID_MAX_SIDE, &f->rows, &f->cols))
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "size needs RxC, rows and columns 1-%u",
			DLX_SUDOKU_GRID_MAX_SIDE);
	size_t positions = (size_t)f->rows * f->cols;
	f->cells = calloc(positions, 1);
	gp->stamp = calloc(positions, sizeof *gp->stamp);
	gp->scratch = malloc(positions * sizeof *gp->scratch);
	if (!f->cells || !gp->stamp || !gp->scratch)
		return text_fail(err, gp->lineno, DLX_ERR_NOMEM, "out of memory");
	return 0;
}

static int take_symbols(struct grid_parse *gp, char **w, size_t n, struct sudoku_read_error *err)
{
	struct sudoku_grid_file *f = gp->f;
	if (f->n_symbols)
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "a second symbols line");
	size_t len = n == 2 ? strlen(w[1]) : 0;
	if (len < 2 || len > DLX_SUDOKU_GRID_MAX_SYMBOLS)
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "symbols needs one word of 2-%u characters, the symbols",
			DLX_SUDOKU_GRID_MAX_SYMBOLS);
	for (size_t k = 0; k < len; k++) {
		unsigned char ch = (unsigned char)w[1][k];
		if (ch <= ' ' || ch >= 127 || ch == '.' || is_hole_char(ch))
			return text_fail(err, gp->lineno, DLX_ERR_SYNTAX,
				"'%c' cannot be a symbol: printable ASCII but '.', '#' and '*'", isprint(ch) ? ch : '?');
		if (memchr(w[1], ch, k))
			return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "symbol '%c' is listed twice", ch);
	}
	memcpy(f->symbols, w[1], len + 1);
	f->n_symbols = (unsigned)len;
	return 0;
}

static int take_map(struct grid_parse *gp, size_t n, struct sudoku_read_error *err)
{
	struct sudoku_grid_file *f = gp->f;
	if (n != 1)
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "cells takes no words: the map follows on %u lines",
			f->rows);
	if (gp->have_map || f->n_units)
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "the cells' map comes once, before the units");
	for (unsigned r = 0; r < f->rows; r++) {
		size_t len;
		int rc = read_line(gp->in, &gp->buf, &gp->cap, &gp->lineno, &len, err);
		if (rc < 0)
			return rc;
		if (rc == 0)
			return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "the map ends after %u of its %u rows", r, f->rows);
		if (len > f->cols)
			return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "a map row of %zu characters in a box %u wide",
				len, f->cols);
		for (size_t c = 0; c < len; c++)
			f->cells[(size_t)r * f->cols + c] = !is_hole_char((unsigned char)gp->buf[c]);
	}
	gp->have_map = true;
	return 0;
}

/* A line of units. */
static int take_units(struct grid_parse *gp, char **w, size_t n, struct sudoku_read_error *err)
{
	const char *cmd = w[0];
	unsigned rc[4], br, bc;
	int e;
	if (strcmp(cmd, "unit") == 0 || strcmp(cmd, "atmost") == 0) {
		if (n < 2)
			return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "%s needs cells", cmd);
		for (size_t k = 1; k < n; k++)
			if ((e = parse_rect(gp, w[k], rc, err)) || (e = unit_add_rect(gp, rc, err)))
				return e;
		return unit_end(gp, cmd[0] == 'u' ? DLX_SUDOKU_GRID_ONCE : DLX_SUDOKU_GRID_AT_MOST, err);
	}
	if (strcmp(cmd, "rows") == 0 || strcmp(cmd, "columns") == 0 || strcmp(cmd, "diagonals") == 0) {
		if (n != 2)
			return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "%s needs one rectangle rAcB-rCcD", cmd);
		if ((e = parse_rect(gp, w[1], rc, err)))
			return e;
		return cmd[0] == 'd' ? diagonals_of(gp, rc, err) : lines_of(gp, rc, cmd[0] == 'r', err);
	}
	if (strcmp(cmd, "boxes") == 0) {
		if (n != 3 || !parse_dims(w[1], DLX_SUDOKU_GRID_MAX_SIDE, &br, &bc))
			return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "boxes needs RxC and a rectangle rAcB-rCcD");
		if ((e = parse_rect(gp, w[2], rc, err)))
			return e;
		return boxes_of(gp, br, bc, rc, err);
	}
	/* sudoku rAcB RxC */
	if (n != 3 || !parse_dims(w[2], DLX_SUDOKU_GRID_MAX_SIDE, &br, &bc))
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "sudoku needs its top-left cell rAcB and its boxes RxC");
	if ((e = parse_rect(gp, w[1], rc, err)))
		return e;
	unsigned side = br * bc;
	if (rc[2] != rc[0] || rc[3] != rc[1] || rc[0] + side > gp->f->rows || rc[1] + side > gp->f->cols)
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "the %ux%u sudoku at %s does not fit the %ux%u box",
			side, side, w[1], gp->f->rows, gp->f->cols);
	rc[2] = rc[0] + side - 1;
	rc[3] = rc[1] + side - 1;
	if ((e = lines_of(gp, rc, true, err)) || (e = lines_of(gp, rc, false, err)))
		return e;
	return boxes_of(gp, br, bc, rc, err);
}

static int take_line(struct grid_parse *gp, struct sudoku_read_error *err)
{
	char *w[64];
	size_t n = split_words(gp->buf, w, sizeof w / sizeof w[0]);
	if (n == sizeof w / sizeof w[0])
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "more than %zu words on a line",
			sizeof w / sizeof w[0] - 1);
	struct sudoku_grid_file *f = gp->f;
	if (strcmp(w[0], "size") == 0)
		return take_size(gp, w, n, err);
	if (strcmp(w[0], "symbols") == 0)
		return take_symbols(gp, w, n, err);
	static const char *const known[] = { "cells", "unit", "atmost", "rows", "columns", "diagonals", "boxes",
		"sudoku" };
	size_t k = 0;
	while (k < sizeof known / sizeof known[0] && strcmp(w[0], known[k]) != 0)
		k++;
	if (k == sizeof known / sizeof known[0])
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "unknown keyword '%.40s' (size, symbols, cells, sudoku, "
			"rows, columns, boxes, diagonals, unit, atmost)", w[0]);
	if (!f->rows || !f->n_symbols)
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "size and symbols come before %s", w[0]);
	return k == 0 ? take_map(gp, n, err) : take_units(gp, w, n, err);
}

/* After the last line: the cells (without a map, the units'), the units' pointers. */
static int finish(struct grid_parse *gp, struct sudoku_read_error *err)
{
	struct sudoku_grid_file *f = gp->f;
	if (!f->rows || !f->n_symbols)
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "a grid file needs a size and its symbols");
	if (f->n_units == 0)
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "the grid has no units");
	size_t at = 0;
	for (size_t k = 0; k < f->n_units; k++) {
		f->units[k].cells = f->unit_cells + at;
		for (uint32_t j = 0; j < f->units[k].n_cells; j++)
			f->cells[f->unit_cells[at + j]] = 1;
		at += f->units[k].n_cells;
	}
	size_t positions = (size_t)f->rows * f->cols;
	for (size_t pos = 0; pos < positions; pos++)
		f->n_cells += f->cells[pos];
	/* A board's first row starting with a hole reads as a comment line, hence the rule. */
	bool any = false;
	for (unsigned c = 0; c < f->cols; c++)
		any |= f->cells[c] != 0;
	if (!any)
		return text_fail(err, gp->lineno, DLX_ERR_SYNTAX, "row 1 has no cells: make the box fit the cells");
	return 0;
}

const char *sudoku_grid_builtin(const char *name)
{
	/* Kept equal to data/NAME.grid by the sudoku-grid suite; a comment line each, for messages' line numbers. */
	static const struct { const char *name, *text; } builtin[] = {
		{ "samurai", "# samurai: five 9x9 sudokus in a 21x21 box sharing corner boxes\n"
			"size 21x21\nsymbols 123456789\nsudoku r1c1 3x3\nsudoku r1c13 3x3\nsudoku r7c7 3x3\n"
			"sudoku r13c1 3x3\nsudoku r13c13 3x3\n" },
		{ "twin", "# twin: two 9x9 sudokus in a 15x15 box sharing a box\n"
			"size 15x15\nsymbols 123456789\nsudoku r1c1 3x3\nsudoku r7c7 3x3\n" },
		{ "butterfly", "# butterfly: four 9x9 sudokus at the corners of a 12x12 box\n"
			"size 12x12\nsymbols 123456789\nsudoku r1c1 3x3\nsudoku r1c4 3x3\nsudoku r4c1 3x3\n"
			"sudoku r4c4 3x3\n" },
	};
	for (size_t k = 0; k < sizeof builtin / sizeof builtin[0]; k++)
		if (strcmp(name, builtin[k].name) == 0)
			return builtin[k].text;
	return NULL;
}

int sudoku_grid_read(FILE *in, struct sudoku_grid_file **out, struct sudoku_read_error *err)
{
	*out = NULL;
	struct grid_parse gp = { 0 };
	gp.in = in;
	gp.f = calloc(1, sizeof *gp.f);
	if (!gp.f)
		return text_fail(err, 0, DLX_ERR_NOMEM, "out of memory");
	int rc;
	size_t len;
	while ((rc = read_line(in, &gp.buf, &gp.cap, &gp.lineno, &len, err)) == 1) {
		size_t skip = strspn(gp.buf, " \t");
		if (gp.buf[skip] == '\0' || gp.buf[skip] == '#')
			continue;
		if ((rc = take_line(&gp, err)) != 0)
			break;
	}
	if (rc == 0)
		rc = finish(&gp, err);
	free(gp.buf);
	free(gp.stamp);
	free(gp.scratch);
	if (rc) {
		sudoku_grid_file_free(gp.f);
		return rc;
	}
	*out = gp.f;
	return 0;
}

void sudoku_grid_file_free(struct sudoku_grid_file *f)
{
	if (!f)
		return;
	free(f->cells);
	free(f->units);
	free(f->unit_cells);
	free(f->unit_line);
	free(f);
}

dlx_sudoku_grid_desc sudoku_grid_desc(const struct sudoku_grid_file *f)
{
	dlx_sudoku_grid_desc d = { f->rows, f->cols, f->n_symbols, f->cells, f->units, f->n_units };
	return d;
}

void sudoku_grid_reader_init(struct sudoku_grid_reader *r, FILE *in, const struct sudoku_grid_file *f)
{
	memset(r, 0, sizeof *r);
	r->in = in;
	r->f = f;
}

void sudoku_grid_reader_free(struct sudoku_grid_reader *r)
{
	free(r->buf);
	r->buf = NULL;
}

/* The value of a cell's character: 1..N, 0 for a blank, -1 for neither. */
static int cell_value(const struct sudoku_grid_file *f, int ch)
{
	const char *s = ch ? strchr(f->symbols, ch) : NULL;
	if (s)
		return (int)(s - f->symbols) + 1;
	return ch == '.' || ch == '0' ? 0 : -1;
}

static int bad_char(struct sudoku_grid_reader *r, unsigned row, size_t col, int ch, struct sudoku_read_error *err)
{
	return text_fail(err, r->lineno, DLX_ERR_SYNTAX, "r%uc%zu: '%c' is no symbol of the grid (%s) nor '.'",
		row + 1, col + 1, isprint(ch) ? ch : '?', r->f->symbols);
}

/* The length of the line s of n characters without its trailing blanks and tabs. */
static size_t trimmed_len(const char *s, size_t n)
{
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return n;
}

/*
 * Whether the first n characters of s read as the board's first row: a
 * hole character or '.' where it has holes, a symbol or a blank where it
 * has cells, and no cell after them.
 */
static bool reads_as_first_row(const struct sudoku_grid_file *f, const char *s, size_t n)
{
	if (n > f->cols)
		return false;
	for (size_t c = 0; c < f->cols; c++) {
		int ch = c < n ? (unsigned char)s[c] : -1;
		if (f->cells[c] ? ch < 0 || cell_value(f, ch) < 0 : ch >= 0 && !is_hole_char(ch) && cell_value(f, ch) != 0)
			return false;
	}
	return true;
}

int sudoku_grid_read_puzzle(struct sudoku_grid_reader *r, uint8_t *board, bool *line_form, size_t *line,
	struct sudoku_read_error *err)
{
	const struct sudoku_grid_file *f = r->f;
	size_t len;
	int rc;
	/*
	 * Skip blank and comment lines to the puzzle's first line.  Where the
	 * board's first cell is a hole, its first row may start with '#' (a
	 * hole): such a line is that row when it reads as one, else a comment.
	 */
	for (;;) {
		rc = read_line(r->in, &r->buf, &r->cap, &r->lineno, &len, err);
		if (rc <= 0)
			return rc;
		if (r->buf[strspn(r->buf, " \t")] == '\0')
			continue;
		if (r->buf[0] != '#')
			break;
		size_t n = trimmed_len(r->buf, len);
		if (!f->cells[0] && reads_as_first_row(f, r->buf, n))
			break;
	}
	*line = r->lineno;
	memset(board, 0, (size_t)f->rows * f->cols);
	size_t trimmed = trimmed_len(r->buf, len);
	/* Rows are at most the box's width; a line of every cell is longer unless the box is one row. */
	if (trimmed == f->n_cells && (trimmed > f->cols || f->rows == 1)) {
		*line_form = true;
		size_t k = 0, positions = (size_t)f->rows * f->cols;
		for (size_t pos = 0; pos < positions; pos++) {
			if (!f->cells[pos])
				continue;
			int v = cell_value(f, (unsigned char)r->buf[k++]);
			if (v < 0)
				return bad_char(r, (unsigned)(pos / f->cols), pos % f->cols, (unsigned char)r->buf[k - 1], err);
			board[pos] = (uint8_t)v;
		}
		return 1;
	}
	*line_form = false;
	for (unsigned row = 0;; row++) {
		if (trimmed > f->cols)
			return text_fail(err, r->lineno, DLX_ERR_SYNTAX,
				"a row of %zu characters in a box %u wide (or a line of %zu cells, not %zu)", trimmed, f->cols,
				trimmed, f->n_cells);
		for (size_t c = 0; c < trimmed; c++) {
			size_t pos = (size_t)row * f->cols + c;
			int ch = (unsigned char)r->buf[c];
			if (!f->cells[pos]) {
				if (!is_hole_char(ch) && cell_value(f, ch) != 0)
					return text_fail(err, r->lineno, DLX_ERR_SYNTAX, "r%uc%zu is a hole, but holds '%c'", row + 1,
						c + 1, isprint(ch) ? ch : '?');
				continue;
			}
			int v = cell_value(f, ch);
			if (v < 0)
				return bad_char(r, row, c, ch, err);
			board[pos] = (uint8_t)v;
		}
		for (size_t c = trimmed; c < f->cols; c++)
			if (f->cells[(size_t)row * f->cols + c])
				return text_fail(err, r->lineno, DLX_ERR_SYNTAX, "row %u ends at column %zu, before its cell r%uc%zu",
					row + 1, trimmed, row + 1, c + 1);
		if (row + 1 == f->rows)
			return 1;
		rc = read_line(r->in, &r->buf, &r->cap, &r->lineno, &len, err);
		if (rc < 0)
			return rc;
		if (rc == 0)
			return text_fail(err, r->lineno, DLX_ERR_SYNTAX, "the input ends after %u of the puzzle's %u rows",
				row + 1, f->rows);
		trimmed = trimmed_len(r->buf, len);
	}
}

size_t sudoku_grid_write_size(const struct sudoku_grid_file *f)
{
	size_t box = ((size_t)f->cols + 1) * f->rows;
	return box > f->n_cells + 1 ? box : f->n_cells + 1;
}

size_t sudoku_grid_write(char *buf, const struct sudoku_grid_file *f, bool line_form, const uint8_t *board)
{
	size_t n = 0;
	for (unsigned r = 0; r < f->rows; r++) {
		size_t row_start = n, end = n;
		for (unsigned c = 0; c < f->cols; c++) {
			size_t pos = (size_t)r * f->cols + c;
			if (!f->cells[pos]) {
				if (!line_form)
					buf[n++] = ' ';
				continue;
			}
			buf[n++] = board[pos] ? f->symbols[board[pos] - 1] : '.';
			end = n;
		}
		if (!line_form) {
			n = end > row_start ? end : row_start;
			buf[n++] = '\n';
		}
	}
	if (line_form)
		buf[n++] = '\n';
	return n;
}
