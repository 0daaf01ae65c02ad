/*
 * The sudoku reader: one puzzle at a time from a stream, in any of the
 * formats of sudoku-read.h, with format, size and alphabet detection.
 *
 * Every cell is first collected "raw" (the symbol's byte, or RAW_NUMBER + n
 * for a number in a grid) and decoded once the whole puzzle is known, so the
 * alphabet can be guessed from the puzzle as a whole and a bad symbol is
 * reported at the line it came from.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-sudoku.h"
#include "sudoku-read.h"

/* Symbols are bytes; numbers from grid rows are stored above them. */
#define RAW_NUMBER 256u
/* Bigger numbers are out of range for any board, and keep raw in 16 bits. */
#define NUMBER_MAX 9999u

#define MAX_SIDE (DLX_SUDOKU_MAX_BOX * DLX_SUDOKU_MAX_BOX)
#define MAX_CELLS (MAX_SIDE * MAX_SIDE)
/* Symbol formats stop where the alphabets do. */
#define SYMBOL_MAX_BOX 8u

struct line {
	char *text;     /* SUDOKU_LINE_MAX + 1 bytes */
	size_t len;
	size_t lineno;
};

struct sudoku_reader {
	FILE *in;
	enum sudoku_format fmt;  /* AUTO until the first puzzle decides */
	bool fixed_size;         /* the first puzzle's size binds the rest (AUTO format) */
	unsigned box, side;      /* that size, once known */
	enum sudoku_alphabet alpha_opt;
	enum sudoku_alphabet alpha[MAX_SIDE + 1]; /* per side, once detected */
	struct line cur;         /* the last line read */
	struct line held[2];     /* lines pushed back, held[n_held-1] comes next */
	unsigned n_held;
	size_t lineno;
	bool at_start, eof, ended, blank_seen;
	bool counting;           /* count format: count_left puzzles remain */
	uint64_t count_left;
	uint16_t *raw;           /* MAX_CELLS + MAX_SIDE: room for one overlong row */
	size_t row_line[MAX_SIDE];
	uint8_t *cells;
	bool want_regions;       /* each puzzle is followed by its region map */
	uint8_t *puzzle_cells;   /* then the puzzle's cells, while cells takes the map */
	/* The decode table for (table_alpha, table_side, table_drawn): -1 not a symbol, 0 blank. */
	int16_t table[256];
	enum sudoku_alphabet table_alpha;
	unsigned table_side;
	bool table_drawn;
};

bool sudoku_format_parse(const char *name, enum sudoku_format *out)
{
	static const struct { const char *name; enum sudoku_format f; } names[] = {
		{ "auto", SUDOKU_FORMAT_AUTO }, { "line", SUDOKU_FORMAT_LINE },
		{ "grid", SUDOKU_FORMAT_GRID }, { "compact", SUDOKU_FORMAT_COMPACT },
		{ "drawn", SUDOKU_FORMAT_DRAWN }, { "pretty", SUDOKU_FORMAT_DRAWN },
		{ "count", SUDOKU_FORMAT_COUNT }, { "spoj", SUDOKU_FORMAT_COUNT },
		{ "poj", SUDOKU_FORMAT_COUNT },
	};
	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
		if (strcmp(name, names[k].name) == 0) {
			*out = names[k].f;
			return true;
		}
	}
	return false;
}

const char *sudoku_format_name(enum sudoku_format f)
{
	switch (f) {
	case SUDOKU_FORMAT_LINE: return "line";
	case SUDOKU_FORMAT_GRID: return "grid";
	case SUDOKU_FORMAT_COMPACT: return "compact";
	case SUDOKU_FORMAT_DRAWN: return "drawn";
	case SUDOKU_FORMAT_COUNT: return "count";
	default: return "auto";
	}
}

struct sudoku_reader *sudoku_reader_new(FILE *in, enum sudoku_format fmt, enum sudoku_alphabet alpha)
{
	struct sudoku_reader *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->in = in;
	r->fmt = fmt;
	r->fixed_size = fmt == SUDOKU_FORMAT_AUTO;
	r->alpha_opt = alpha;
	r->at_start = true;
	r->cur.text = malloc(SUDOKU_LINE_MAX + 1);
	r->held[0].text = malloc(SUDOKU_LINE_MAX + 1);
	r->held[1].text = malloc(SUDOKU_LINE_MAX + 1);
	r->raw = malloc((MAX_CELLS + MAX_SIDE + 1) * sizeof *r->raw);
	r->cells = malloc(MAX_CELLS);
	if (!r->cur.text || !r->held[0].text || !r->held[1].text || !r->raw || !r->cells) {
		sudoku_reader_free(r);
		return NULL;
	}
	return r;
}

void sudoku_reader_free(struct sudoku_reader *r)
{
	if (!r)
		return;
	free(r->cur.text);
	free(r->held[0].text);
	free(r->held[1].text);
	free(r->raw);
	free(r->cells);
	free(r->puzzle_cells);
	free(r);
}

static int fail(struct sudoku_read_error *err, size_t line, int code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int fail(struct sudoku_read_error *err, size_t line, int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	err->line = line;
	vsnprintf(err->message, sizeof err->message, fmt, ap);
	va_end(ap);
	return code;
}

static void copy_line(struct line *dst, const struct line *src)
{
	memcpy(dst->text, src->text, src->len + 1);
	dst->len = src->len;
	dst->lineno = src->lineno;
}

/* Makes the current line the next one read again. */
static void unread(struct sudoku_reader *r)
{
	copy_line(&r->held[r->n_held++], &r->cur);
}

static bool is_space(int ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r';
}

/*
 * Reads one line into r->cur, trimmed of surrounding blanks.  Returns 1, 0
 * at the end of input, or an error for binary data, an overlong line or a
 * read error.
 */
static int read_line(struct sudoku_reader *r, struct sudoku_read_error *err)
{
	if (r->n_held) {
		copy_line(&r->cur, &r->held[--r->n_held]);
		return 1;
	}
	if (r->eof)
		return 0;
	FILE *in = r->in;
	char *t = r->cur.text;
	size_t n = 0;
	int ch;
	if (r->at_start) {
		r->at_start = false;
		/* A UTF-8 byte order mark, as some editors write it. */
		ch = getc_unlocked(in);
		if (ch == 0xEF) {
			int b2 = getc_unlocked(in), b3 = getc_unlocked(in);
			if (b2 != 0xBB || b3 != 0xBF)
				return fail(err, 1, DLX_ERR_SYNTAX, "binary data (byte 0xEF)");
		} else if (ch != EOF) {
			ungetc(ch, in);
		}
	}
	r->lineno++;
	int first = 0; /* the line's first non-blank byte */
	while ((ch = getc_unlocked(in)) != EOF && ch != '\n') {
		if (!first && !is_space(ch))
			first = ch;
		/* Comments may hold any text, e.g. an author's name in UTF-8, as in dlx's format. */
		if (((ch < 0x20 && ch != '\t' && ch != '\r') || ch >= 0x7F) && first != '#')
			return fail(err, r->lineno, DLX_ERR_SYNTAX, "binary data (byte 0x%02X)", (unsigned)ch);
		if (n == SUDOKU_LINE_MAX)
			return fail(err, r->lineno, DLX_ERR_SYNTAX, "line too long (more than %u characters)",
				SUDOKU_LINE_MAX);
		t[n++] = (char)ch;
	}
	if (ch == EOF) {
		if (ferror(in))
			return fail(err, r->lineno, DLX_ERR_IO, "read error");
		r->eof = true;
		if (n == 0) {
			r->lineno--;
			return 0;
		}
	}
	size_t a = 0;
	while (a < n && is_space((unsigned char)t[a]))
		a++;
	while (n > a && is_space((unsigned char)t[n - 1]))
		n--;
	if (a)
		memmove(t, t + a, n - a);
	t[n - a] = '\0';
	r->cur.len = n - a;
	r->cur.lineno = r->lineno;
	return 1;
}

enum line_kind { LINE_BLANK, LINE_COMMENT, LINE_END, LINE_TEXT };

static enum line_kind kind_of(const struct line *l)
{
	if (l->len == 0)
		return LINE_BLANK;
	if (l->text[0] == '#')
		return LINE_COMMENT;
	if (l->len == 3 && memcmp(l->text, "end", 3) == 0)
		return LINE_END;
	return LINE_TEXT;
}

/* Reads up to the next line with text: 1, or 0 at the end (end of file or "end"). */
static int next_text_line(struct sudoku_reader *r, struct sudoku_read_error *err)
{
	for (;;) {
		int rc = read_line(r, err);
		if (rc <= 0)
			return rc;
		switch (kind_of(&r->cur)) {
		case LINE_BLANK: r->blank_seen = true; break;
		case LINE_COMMENT: break;
		case LINE_END: return 0;
		case LINE_TEXT: return 1;
		}
	}
}

/* The box size whose side is s (s = n², MIN_BOX <= n <= max_box), or 0. */
static unsigned box_of_side(size_t s, unsigned max_box)
{
	for (unsigned n = DLX_SUDOKU_MIN_BOX; n <= max_box; n++)
		if ((size_t)n * n == s)
			return n;
	return 0;
}

/* The box size of a puzzle line of len symbols, or 0. */
static unsigned box_of_line(size_t len)
{
	for (unsigned n = DLX_SUDOKU_MIN_BOX; n <= SYMBOL_MAX_BOX; n++)
		if ((size_t)n * n * n * n == len)
			return n;
	return 0;
}

static bool has_any(const struct line *l, const char *set)
{
	return strpbrk(l->text, set) != NULL;
}

static bool is_separator(const struct line *l)
{
	return l->len > 0 && strspn(l->text, "-+|= \t\r") == l->len;
}

/*
 * Splits a grid row into raw cells at raw[0..max].  Rows with '|' (or any row
 * of a drawn grid) are symbols with blanks and bars ignored; otherwise one
 * word is a row of symbols, several words are numbers or one-symbol cells.
 * Returns the number of cells (max + 1 means "too many"), or an error.
 */
static long split_row(const struct line *l, bool drawn, uint16_t *raw, size_t max,
	struct sudoku_read_error *err)
{
	const char *t = l->text;
	size_t n = 0;
	if (drawn || strchr(t, '|')) {
		for (; *t; t++) {
			if (is_space((unsigned char)*t) || *t == '|')
				continue;
			if (n > max)
				break;
			raw[n++] = (unsigned char)*t;
		}
		return (long)n;
	}
	if (!strpbrk(t, " \t\r")) {
		for (; *t && n <= max; t++)
			raw[n++] = (unsigned char)*t;
		return (long)n;
	}
	while (*t && n <= max) {
		while (is_space((unsigned char)*t))
			t++;
		const char *w = t;
		while (*t && !is_space((unsigned char)*t))
			t++;
		size_t wl = (size_t)(t - w);
		if (wl == 0)
			break;
		if (strspn(w, "0123456789") >= wl) {
			unsigned v = 0;
			for (size_t k = 0; k < wl; k++) {
				v = v * 10 + (unsigned)(w[k] - '0');
				if (v > NUMBER_MAX)
					return fail(err, l->lineno, DLX_ERR_SYNTAX, "number %.*s%s is out of range",
						(int)(wl > 20 ? 20 : wl), w, wl > 20 ? "..." : "");
			}
			raw[n++] = (uint16_t)(RAW_NUMBER + v);
		} else if (wl == 1) {
			raw[n++] = (unsigned char)*w;
		} else {
			return fail(err, l->lineno, DLX_ERR_SYNTAX, "'%.*s' is neither a number nor a symbol",
				(int)(wl > 20 ? 20 : wl), w);
		}
	}
	return (long)n;
}

static void build_table(struct sudoku_reader *r, enum sudoku_alphabet a, unsigned side, bool drawn)
{
	int16_t *tb = r->table;
	for (int k = 0; k < 256; k++)
		tb[k] = -1;
	unsigned max = sudoku_alphabet_max_side(a);
	for (unsigned d = 1; d <= side && d <= max; d++) {
		unsigned char ch = (unsigned char)sudoku_alphabet_symbol(a, d);
		tb[ch] = (int16_t)d;
		/* Lower case is a synonym while the alphabet does not use it. */
		if (isupper(ch) && (a != SUDOKU_ALPHA_ALNUM || side <= 35))
			tb[tolower(ch)] = (int16_t)d;
	}
	tb['.'] = tb['_'] = 0;
	if (a != SUDOKU_ALPHA_HEX)
		tb['0'] = 0;
	if (!drawn)
		tb['-'] = 0;
	r->table_alpha = a;
	r->table_side = side;
	r->table_drawn = drawn;
}

static enum sudoku_alphabet guess_alphabet(const uint16_t *raw, size_t n, unsigned side)
{
	if (side <= 9)
		return SUDOKU_ALPHA_ALNUM;
	bool letters = false;
	for (size_t k = 0; k < n; k++) {
		if (raw[k] >= '1' && raw[k] <= '9')
			return SUDOKU_ALPHA_ALNUM;
		if (raw[k] < RAW_NUMBER && isalpha(raw[k]))
			letters = true;
	}
	return letters && side <= 26 ? SUDOKU_ALPHA_LETTERS : SUDOKU_ALPHA_ALNUM;
}

/* Decodes r->raw into r->cells; row_line[] gives each row's line for messages. */
static int decode(struct sudoku_reader *r, unsigned box, bool drawn, struct sudoku_puzzle *pz,
	struct sudoku_read_error *err)
{
	unsigned side = box * box;
	size_t cells = (size_t)side * side;
	enum sudoku_alphabet a = r->alpha_opt;
	if (a == SUDOKU_ALPHA_AUTO) {
		a = r->alpha[side];
		if (a == SUDOKU_ALPHA_AUTO)
			a = r->alpha[side] = guess_alphabet(r->raw, cells, side);
	}
	if (r->table_alpha != a || r->table_side != side || r->table_drawn != drawn)
		build_table(r, a, side, drawn);
	const int16_t *tb = r->table;
	for (size_t k = 0; k < cells; k++) {
		unsigned v = r->raw[k];
		int d;
		if (v >= RAW_NUMBER) {
			d = (int)(v - RAW_NUMBER); /* read_grid checked the range */
		} else {
			d = tb[v];
			if (d < 0) {
				char desc[80];
				const char *blanks = a == SUDOKU_ALPHA_HEX ? (drawn ? ". _" : ". - _")
					: (drawn ? ". 0 _" : ". 0 - _");
				return fail(err, r->row_line[k / side], DLX_ERR_SYNTAX,
					"'%c' is not a symbol of a %ux%u board (%s, blank %s)", (int)v, side, side,
					sudoku_alphabet_describe(a, side, desc, sizeof desc), blanks);
			}
		}
		r->cells[k] = (uint8_t)d;
	}
	pz->box = box;
	pz->side = side;
	pz->cells = r->cells;
	pz->alphabet = a;
	return 1;
}

static int check_size(struct sudoku_reader *r, unsigned box, size_t line, struct sudoku_read_error *err)
{
	if (!r->fixed_size)
		return 0;
	if (r->box == 0) {
		r->box = box;
		r->side = box * box;
		return 0;
	}
	if (box == r->box)
		return 0;
	unsigned s = box * box;
	return fail(err, line, DLX_ERR_SYNTAX,
		"a %ux%u puzzle among %ux%u ones (give --format to mix board sizes)", s, s, r->side, r->side);
}

/* The current line is one puzzle in line format. */
static int read_line_puzzle(struct sudoku_reader *r, struct sudoku_puzzle *pz, struct sudoku_read_error *err)
{
	const struct line *l = &r->cur;
	unsigned box = box_of_line(l->len);
	if (r->fixed_size && r->box && box != r->box) {
		size_t want = (size_t)r->side * r->side;
		if (box)
			return check_size(r, box, l->lineno, err);
		return fail(err, l->lineno, DLX_ERR_SYNTAX, "wrong length: %zu characters, a %ux%u puzzle has %zu",
			l->len, r->side, r->side, want);
	}
	if (!box)
		return fail(err, l->lineno, DLX_ERR_SYNTAX,
			"wrong length: %zu characters (a puzzle line has 16, 81, 256, 625, 1296, 2401 or 4096)",
			l->len);
	int rc = check_size(r, box, l->lineno, err);
	if (rc)
		return rc;
	for (size_t k = 0; k < l->len; k++)
		r->raw[k] = (unsigned char)l->text[k];
	unsigned side = box * box;
	for (unsigned k = 0; k < side; k++)
		r->row_line[k] = l->lineno;
	pz->line = l->lineno;
	return decode(r, box, false, pz, err);
}

/*
 * Reads one grid whose first row may already be the current line (have_first).
 * Returns 1, 0 at the end of input before any row, or an error.
 */
static int read_grid(struct sudoku_reader *r, bool drawn, bool have_first, struct sudoku_puzzle *pz,
	struct sudoku_read_error *err)
{
	unsigned side = 0, box = 0, rows = 0;
	size_t start = 0;
	for (;;) {
		if (!have_first) {
			int rc = read_line(r, err);
			if (rc < 0)
				return rc;
			enum line_kind k = rc ? kind_of(&r->cur) : LINE_END;
			if (k == LINE_COMMENT)
				continue;
			if (rows == 0 && k == LINE_BLANK) {
				r->blank_seen = true;
				continue;
			}
			if (rows == 0 && k == LINE_END) {
				if (rc)
					r->ended = true;
				return 0;
			}
			if (k != LINE_TEXT)
				return fail(err, start, DLX_ERR_SYNTAX, "truncated grid: %u of %u rows", rows, side);
		}
		have_first = false;
		const struct line *l = &r->cur;
		if (drawn && is_separator(l))
			continue;
		uint16_t *row = r->raw + (size_t)rows * side;
		size_t max = rows ? side : MAX_SIDE;
		long n = split_row(l, drawn, row, max, err);
		if (n < 0)
			return (int)n;
		if (rows == 0) {
			start = l->lineno;
			box = box_of_side((size_t)n, DLX_SUDOKU_MAX_BOX);
			if (!box)
				return fail(err, l->lineno, DLX_ERR_SYNTAX,
					"a grid row of %ld cells: a side must be 4, 9, 16, 25, ... or %u", n, MAX_SIDE);
			int rc = check_size(r, box, l->lineno, err);
			if (rc)
				return rc;
			side = box * box;
			pz->line = start;
			pz->blank_before = r->blank_seen;
			r->blank_seen = false;
		} else if ((size_t)n != side) {
			return fail(err, l->lineno, DLX_ERR_SYNTAX, "row %u has %s%ld cells, expected %u", rows + 1,
				(size_t)n > side ? "more than " : "", (size_t)n > side ? (long)side : n, side);
		}
		for (unsigned k = 0; k < side; k++) {
			if (row[k] >= RAW_NUMBER && row[k] - RAW_NUMBER > side)
				return fail(err, l->lineno, DLX_ERR_SYNTAX,
					"number %u is out of range for a %ux%u board (0-%u)", row[k] - RAW_NUMBER, side,
					side, side);
		}
		r->row_line[rows++] = l->lineno;
		if (rows == side)
			return decode(r, box, drawn, pz, err);
	}
}

/* Cells in a row as split_row() would count them, for format detection. */
static size_t cells_in(const struct line *l)
{
	size_t n = 0;
	if (strchr(l->text, '|')) {
		for (const char *t = l->text; *t; t++)
			n += !is_space((unsigned char)*t) && *t != '|';
		return n;
	}
	for (const char *t = l->text; *t;) {
		while (is_space((unsigned char)*t))
			t++;
		if (!*t)
			break;
		n++;
		while (*t && !is_space((unsigned char)*t))
			t++;
	}
	return n > 1 ? n : l->len;
}

/*
 * A first line of digits is the count of a count format when the next line
 * is a grid row of another length; otherwise it is a puzzle line or a row.
 */
static int looks_like_count(struct sudoku_reader *r, bool *is_count, struct sudoku_read_error *err)
{
	struct line first;
	char buf[20];
	first.text = buf;
	copy_line(&first, &r->cur);
	bool blank = r->blank_seen;
	int rc = next_text_line(r, err);
	if (rc < 0)
		return rc;
	size_t next_cells = rc ? cells_in(&r->cur) : 0;
	*is_count = next_cells != first.len && box_of_side(next_cells, DLX_SUDOKU_MAX_BOX);
	/* An "end" looked at must still end the input after the first line. */
	if (rc || kind_of(&r->cur) == LINE_END)
		unread(r);
	copy_line(&r->cur, &first);
	r->blank_seen = blank;
	return 0;
}

/* Decides the format from the first line with text (the current line), keeping it to be read again. */
static int detect_format(struct sudoku_reader *r, struct sudoku_read_error *err)
{
	const struct line *l = &r->cur;
	bool is_count = false;
	if (strspn(l->text, "0123456789") == l->len && l->len <= 18) {
		int rc = looks_like_count(r, &is_count, err);
		if (rc)
			return rc;
	}
	if (is_count) {
		r->fmt = SUDOKU_FORMAT_COUNT;
	} else if (has_any(l, "|+")) {
		r->fmt = SUDOKU_FORMAT_DRAWN;
	} else if (has_any(l, " \t\r")) {
		r->fmt = SUDOKU_FORMAT_GRID;
	} else if (l->len == 16) {
		/* 4x4 line or 16x16 row: only a 4x4 line is limited to 1-4 and blanks. */
		r->fmt = strspn(l->text, "1234.0-_") == 16 ? SUDOKU_FORMAT_LINE : SUDOKU_FORMAT_COMPACT;
	} else if (box_of_line(l->len)) {
		r->fmt = SUDOKU_FORMAT_LINE;
	} else if (box_of_side(l->len, SYMBOL_MAX_BOX)) {
		r->fmt = SUDOKU_FORMAT_COMPACT;
	} else {
		return fail(err, l->lineno, DLX_ERR_SYNTAX,
			"wrong length: %zu characters (a puzzle line has 16, 81, 256, 625, 1296, 2401 or 4096)",
			l->len);
	}
	unread(r);
	return 0;
}

static int read_count(struct sudoku_reader *r, struct sudoku_read_error *err)
{
	int rc = next_text_line(r, err);
	if (rc <= 0)
		return rc ? rc : fail(err, r->lineno, DLX_ERR_SYNTAX, "missing the number of puzzles");
	const struct line *l = &r->cur;
	uint64_t t = 0;
	for (size_t k = 0; k < l->len; k++) {
		char ch = l->text[k];
		if (ch < '0' || ch > '9' || t > UINT64_MAX / 10 - 1)
			return fail(err, l->lineno, DLX_ERR_SYNTAX, "expected the number of puzzles, not '%.20s'",
				l->text);
		t = t * 10 + (uint64_t)(ch - '0');
	}
	r->counting = true;
	r->count_left = t;
	r->blank_seen = false;
	return 1;
}

/* The next puzzle, or the next map, as read in the input's format. */
static int next_board(struct sudoku_reader *r, struct sudoku_puzzle *pz, struct sudoku_read_error *err)
{
	if (r->ended)
		return 0;
	int rc;
	if (r->fmt == SUDOKU_FORMAT_AUTO) {
		rc = next_text_line(r, err);
		if (rc <= 0) {
			r->ended = true;
			return rc;
		}
		rc = detect_format(r, err);
		if (rc)
			return rc;
	}
	if (r->fmt == SUDOKU_FORMAT_COUNT && !r->counting) {
		rc = read_count(r, err);
		if (rc <= 0)
			return rc;
	}
	pz->format = r->fmt;
	switch (r->fmt) {
	case SUDOKU_FORMAT_LINE:
		rc = next_text_line(r, err);
		if (rc <= 0)
			break;
		pz->blank_before = r->blank_seen;
		r->blank_seen = false;
		return read_line_puzzle(r, pz, err);
	case SUDOKU_FORMAT_COUNT:
		if (r->count_left == 0) {
			rc = 0;
			break;
		}
		rc = read_grid(r, false, false, pz, err);
		if (rc == 0)
			return fail(err, r->lineno, DLX_ERR_SYNTAX, "truncated input: %llu more puzzle%s expected",
				(unsigned long long)r->count_left, r->count_left == 1 ? "" : "s");
		if (rc > 0)
			r->count_left--;
		return rc;
	default:
		rc = read_grid(r, r->fmt == SUDOKU_FORMAT_DRAWN, false, pz, err);
		if (rc > 0)
			return rc;
		break;
	}
	if (rc == 0)
		r->ended = true;
	return rc;
}

void sudoku_reader_expect_regions(struct sudoku_reader *r)
{
	r->want_regions = true;
}

/* One board (puzzle or map), the format being known and any count read. */
static int read_board(struct sudoku_reader *r, struct sudoku_puzzle *pz, struct sudoku_read_error *err)
{
	if (r->fmt == SUDOKU_FORMAT_LINE) {
		int rc = next_text_line(r, err);
		if (rc <= 0)
			return rc;
		pz->blank_before = r->blank_seen;
		r->blank_seen = false;
		return read_line_puzzle(r, pz, err);
	}
	return read_grid(r, r->fmt == SUDOKU_FORMAT_DRAWN, false, pz, err);
}

/* The map just decoded into r->cells: no blanks, N regions of N cells. */
static int check_map(struct sudoku_reader *r, const struct sudoku_puzzle *map, struct sudoku_read_error *err)
{
	size_t cells = (size_t)map->side * map->side;
	for (size_t k = 0; k < cells; k++) {
		if (r->cells[k] == 0)
			return fail(err, r->row_line[k / map->side], DLX_ERR_SYNTAX,
				"region map: r%zuc%zu is blank (regions are numbered 1-%u)", k / map->side + 1,
				k % map->side + 1, map->side);
	}
	dlx_error_info why;
	if (dlx_sudoku_check_regions(map->side, r->cells, &why) != DLX_OK)
		return fail(err, map->line, DLX_ERR_SYNTAX, "region map: %s", why.message);
	return 0;
}

/* Reads the map that follows the puzzle *pz, which moves to puzzle_cells. */
static int read_puzzle_map(struct sudoku_reader *r, struct sudoku_puzzle *pz, struct sudoku_read_error *err)
{
	size_t cells = (size_t)pz->side * pz->side;
	if (!r->puzzle_cells) {
		r->puzzle_cells = malloc(MAX_CELLS);
		if (!r->puzzle_cells)
			return fail(err, pz->line, DLX_ERR_NOMEM, "out of memory");
	}
	memcpy(r->puzzle_cells, r->cells, cells);
	pz->cells = r->puzzle_cells;
	struct sudoku_puzzle map;
	int rc = read_board(r, &map, err);
	if (rc < 0)
		return rc;
	/* An empty line between a puzzle and its map does not separate puzzles. */
	r->blank_seen = false;
	if (rc == 0)
		return fail(err, r->lineno, DLX_ERR_SYNTAX, "missing the region map of the puzzle at line %zu",
			pz->line);
	if (map.box != pz->box)
		return fail(err, map.line, DLX_ERR_SYNTAX, "region map: %ux%u, but its puzzle is %ux%u", map.side,
			map.side, pz->side, pz->side);
	rc = check_map(r, &map, err);
	if (rc)
		return rc;
	pz->regions = r->cells;
	pz->regions_line = map.line;
	return 1;
}

int sudoku_reader_next(struct sudoku_reader *r, struct sudoku_puzzle *pz, struct sudoku_read_error *err)
{
	err->line = 0;
	err->message[0] = '\0';
	pz->regions = NULL;
	pz->regions_line = 0;
	int rc = next_board(r, pz, err);
	if (rc == 1 && r->want_regions)
		rc = read_puzzle_map(r, pz, err);
	return rc;
}

int sudoku_read_region_map(FILE *in, enum sudoku_alphabet alpha, uint8_t *map, unsigned *box,
	struct sudoku_read_error *err)
{
	err->line = 0;
	err->message[0] = '\0';
	struct sudoku_reader *r = sudoku_reader_new(in, SUDOKU_FORMAT_AUTO, alpha);
	if (!r)
		return fail(err, 0, DLX_ERR_NOMEM, "out of memory");
	struct sudoku_puzzle pz;
	int rc = next_board(r, &pz, err);
	if (rc == 0)
		rc = fail(err, 0, DLX_ERR_SYNTAX, "no region map in the file");
	if (rc == 1)
		rc = check_map(r, &pz, err);
	if (rc == 0) {
		memcpy(map, r->cells, (size_t)pz.side * pz.side);
		*box = pz.box;
		size_t line = pz.line;
		rc = next_board(r, &pz, err);
		if (rc == 1)
			rc = fail(err, pz.line, DLX_ERR_SYNTAX, "a second board after the region map at line %zu", line);
	}
	sudoku_reader_free(r);
	return rc;
}
