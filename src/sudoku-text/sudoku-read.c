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
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-sudoku.h"
#include "sudoku-cells.h"
#include "sudoku-lines.h"
#include "sudoku-read.h"

/* sudoku_reader.map_side of a map read alone (--regions), whose side only its rows tell. */
#define MAP_SIDE_UNKNOWN UINT_MAX

struct sudoku_reader {
	struct line_source src;
	enum sudoku_format fmt;  /* AUTO until the first puzzle decides */
	bool fixed_size;         /* the first puzzle's size binds the rest (AUTO format) */
	unsigned side;           /* that size, once known */
	struct sudoku_box choice; /* --box, or { 0, 0 } */
	enum sudoku_alphabet alpha_opt;
	enum sudoku_alphabet alpha[MAX_SIDE + 1]; /* per side, once detected */
	size_t alpha_line[MAX_SIDE + 1];          /* the line of the puzzle it was detected on */
	bool ended, blank_seen;
	bool counting;           /* count format: count_left puzzles remain */
	uint64_t count_left;
	uint16_t *raw;           /* MAX_CELLS + MAX_SIDE: room for one overlong row */
	size_t row_line[MAX_SIDE];
	uint8_t *cells;
	bool want_regions;       /* each puzzle is followed by its region map */
	/*
	 * While a region map is read: its side when known (the puzzle's), else
	 * MAP_SIDE_UNKNOWN (--regions); 0 while a puzzle is read.
	 */
	unsigned map_side;
	uint8_t *puzzle_cells;   /* then the puzzle's cells, while cells takes the map */
	uint8_t *marks;          /* a line of candidates, once one is read */
	bool fmt_given;          /* the format was given, not detected */
	/* The decode table for (table_alpha, table_side, table_drawn): -1 not a symbol, 0 blank. */
	int16_t table[256];
	enum sudoku_alphabet table_alpha;
	unsigned table_side;
	bool table_drawn;
};

const char *sudoku_format_name(enum sudoku_format f)
{
	switch (f) {
	case SUDOKU_FORMAT_LINE: return "line";
	case SUDOKU_FORMAT_GRID: return "grid";
	case SUDOKU_FORMAT_COMPACT: return "compact";
	case SUDOKU_FORMAT_DRAWN: return "drawn";
	case SUDOKU_FORMAT_COUNT: return "count";
	case SUDOKU_FORMAT_MARKS: return "candidates";
	case SUDOKU_FORMAT_PENCIL: return "pencil";
	default: return "auto";
	}
}

struct sudoku_reader *sudoku_reader_new(FILE *in, enum sudoku_format fmt, enum sudoku_alphabet alpha)
{
	struct sudoku_reader *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->fmt = fmt;
	r->fixed_size = fmt == SUDOKU_FORMAT_AUTO;
	r->fmt_given = fmt != SUDOKU_FORMAT_AUTO;
	r->alpha_opt = alpha;
	bool lines_ok = lines_init(&r->src, in);
	r->raw = malloc((MAX_CELLS + MAX_SIDE + 1) * sizeof *r->raw);
	r->cells = malloc(MAX_CELLS);
	if (!lines_ok || !r->raw || !r->cells) {
		sudoku_reader_free(r);
		return NULL;
	}
	return r;
}

void sudoku_reader_free(struct sudoku_reader *r)
{
	if (!r)
		return;
	lines_free(&r->src);
	free(r->raw);
	free(r->cells);
	free(r->puzzle_cells);
	free(r->marks);
	free(r);
}

/* Reads up to the next line with text: 1, or 0 at the end (end of file or "end"). */
static int next_text_line(struct sudoku_reader *r, struct sudoku_read_error *err)
{
	for (;;) {
		int rc = lines_read(&r->src, err);
		if (rc <= 0)
			return rc;
		switch (lines_kind(&r->src.cur)) {
		case LINE_BLANK: r->blank_seen = true; break;
		case LINE_COMMENT: break;
		case LINE_END: return 0;
		case LINE_TEXT: return 1;
		}
	}
}

bool sudoku_box_of_side(unsigned side, const struct sudoku_box *choice, struct sudoku_box *out)
{
	return cells_side_boxes(side, MAX_SIDE, choice, &out->rows, &out->cols);
}

void sudoku_reader_set_box(struct sudoku_reader *r, struct sudoku_box choice)
{
	r->choice = choice;
}

/* The lengths of puzzle lines, or the sides of grids, for messages. */
static const char *known_sides(const struct sudoku_reader *r, bool lines, char *buf, size_t size)
{
	return cells_describe_sides(lines ? SYMBOL_MAX_SIDE : MAX_SIDE, lines, &r->choice, buf, size);
}

/* Decodes r->raw into r->cells; row_line[] gives each row's line for messages. */
static int decode(struct sudoku_reader *r, unsigned side, bool drawn, struct sudoku_puzzle *pz,
	struct sudoku_read_error *err)
{
	size_t cells = (size_t)side * side;
	enum sudoku_alphabet a = r->alpha_opt;
	/* "0 1 . A" spaced: digits beside letters read as numbers lost hex's '0' to a blank, silently. */
	if (cells_digit_words(r->raw, cells, a) == DIGIT_WORDS_AMBIGUOUS)
		pz->note = "a grid of numbers, '0' read as a blank; write blanks as '.' if '0' is a hex digit";
	if (a == SUDOKU_ALPHA_AUTO) {
		/*
		 * The first puzzle of a side decides its alphabet for the file; each
		 * later one is asked too, since only a '0' beside other blanks proves
		 * hex: read in another alphabet, that '0' would be a blank, silently.
		 */
		const char *note;
		enum sudoku_alphabet own = cells_guess_alphabet(r->raw, cells, side, &note);
		a = r->alpha[side];
		if (a == SUDOKU_ALPHA_AUTO) {
			a = r->alpha[side] = own;
			r->alpha_line[side] = r->row_line[0];
			pz->note = note;
		} else if (own == SUDOKU_ALPHA_HEX && a != SUDOKU_ALPHA_HEX) {
			char desc[80];
			return text_fail(err, r->row_line[0], DLX_ERR_SYNTAX,
				"'0' beside other blanks makes this puzzle hex, but the puzzle of line %zu was read as %s; "
				"give --alphabet", r->alpha_line[side], sudoku_alphabet_describe(a, side, desc, sizeof desc));
		}
	}
	if (r->table_alpha != a || r->table_side != side || r->table_drawn != drawn) {
		cells_decode_table(r->table, a, side, drawn);
		r->table_alpha = a;
		r->table_side = side;
		r->table_drawn = drawn;
	}
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
				return text_fail(err, r->row_line[k / side], DLX_ERR_SYNTAX,
					"'%c' is not a symbol of %ux%u boards (%s, blank %s)", (int)v, side, side,
					sudoku_alphabet_describe(a, side, desc, sizeof desc), blanks);
			}
		}
		r->cells[k] = (uint8_t)d;
	}
	pz->side = side;
	cells_side_boxes(side, MAX_SIDE, &r->choice, &pz->box_rows, &pz->box_cols);
	pz->cells = r->cells;
	pz->alphabet = a;
	return 1;
}

static int check_size(struct sudoku_reader *r, unsigned side, size_t line, struct sudoku_read_error *err)
{
	if (!r->fixed_size)
		return 0;
	if (r->side == 0) {
		r->side = side;
		return 0;
	}
	if (side == r->side)
		return 0;
	unsigned s = side;
	return text_fail(err, line, DLX_ERR_SYNTAX,
		"a puzzle of side %u among ones of side %u (give --format to mix board sizes)", s, r->side);
}

/*
 * A puzzle line may carry a note after blanks: a comment ('#' ...) or a
 * rating (one field of under 16 characters that starts with a digit, as
 * Sudoku Explainer's lists put one after each puzzle).  The length of the puzzle before such a
 * note, when its first field is a whole puzzle (so that the line cannot
 * be a row of a grid with blanks between its cells); 0 when there is no
 * such note.  *other tells of any other text after a whole puzzle.
 */
static size_t before_note(const struct sudoku_reader *r, const struct text_line *l, bool *other)
{
	*other = false;
	size_t f = strcspn(l->text, " \t");
	if (f == l->len || !cells_side_of_line(f, &r->choice))
		return 0;
	const char *rest = l->text + f + strspn(l->text + f, " \t");
	/* A rating is short: not another puzzle (16 cells at least) on the same line. */
	size_t rest_len = strlen(rest);
	if (*rest == '#' || (*rest >= '0' && *rest <= '9' && rest_len < 16 && !strpbrk(rest, " \t")))
		return f;
	*other = true;
	return 0;
}

/* The current line is one puzzle in line format. */
static int read_line_puzzle(struct sudoku_reader *r, struct sudoku_puzzle *pz, struct sudoku_read_error *err)
{
	struct text_line *l = &r->src.cur;
	bool other;
	size_t note = before_note(r, l, &other);
	if (other) {
		const char *rest = l->text + strcspn(l->text, " \t");
		rest += strspn(rest, " \t");
		return text_fail(err, l->lineno, DLX_ERR_SYNTAX,
			"text after the puzzle: '%.20s' (a note there is a comment starting with '#' or a rating)", rest);
	}
	if (note) {
		l->len = note;
		l->text[note] = '\0';
	}
	unsigned side = cells_side_of_line(l->len, &r->choice);
	if (r->fixed_size && r->side && side != r->side) {
		size_t want = (size_t)r->side * r->side;
		if (side)
			return check_size(r, side, l->lineno, err);
		return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "wrong length: %zu characters, %ux%u puzzles have %zu",
			l->len, r->side, r->side, want);
	}
	if (!side) {
		char lens[160];
		return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "wrong length: %zu characters (a puzzle line has %s)",
			l->len, known_sides(r, true, lens, sizeof lens));
	}
	int rc = check_size(r, side, l->lineno, err);
	if (rc)
		return rc;
	for (size_t k = 0; k < l->len; k++)
		r->raw[k] = (unsigned char)l->text[k];
	for (unsigned k = 0; k < side; k++)
		r->row_line[k] = l->lineno;
	pz->line = l->lineno;
	return decode(r, side, false, pz, err);
}

static int peek_text(struct sudoku_reader *r, unsigned k, const struct text_line **out,
	struct sudoku_read_error *err);

/* A rule of a pencil-mark grid: only drawing characters, with a '-' (a row of '.' cells has none). */
/* A rule of a pencil-mark grid: its characters, and a line of '-' or '=' (a row of '.' is no rule). */
static bool is_pencil_rule(const struct text_line *l)
{
	return l->len > 0 && strspn(l->text, "-+|=*.:' \t\r") == l->len &&
	       (strchr(l->text, '-') || strchr(l->text, '='));
}

/*
 * Splits a pencil-mark row into words (blanks and '|' between them) at
 * word[], len[] (at most max); returns how many (max + 1: too many).
 */
static unsigned pencil_words(const struct text_line *l, const char **word, unsigned *len, unsigned max)
{
	unsigned n = 0;
	const char *t = l->text;
	while (*t && n <= max) {
		while (*t == '|' || text_is_blank((unsigned char)*t))
			t++;
		if (!*t)
			break;
		const char *w = t;
		while (*t && *t != '|' && !text_is_blank((unsigned char)*t))
			t++;
		if (n < max) {
			word[n] = w;
			len[n] = (unsigned)(t - w);
		}
		n++;
	}
	return n;
}

/*
 * Whether a row reads as one of a pencil-mark grid: N words of distinct
 * digits 1..N ('.' alone); *longer says whether one of them is longer (a
 * drawn grid's row of single symbols reads so too).
 */
static bool pencil_row(struct sudoku_reader *r, const struct text_line *l, bool *longer_out)
{
	*longer_out = false;
	const char *word[MAX_SIDE];
	unsigned len[MAX_SIDE];
	unsigned n = pencil_words(l, word, len, MAX_SIDE);
	if (n > MAX_SIDE || n > SYMBOL_MAX_SIDE || !cells_side_boxes(n, MARKS_MAX_SIDE, &r->choice, NULL, NULL))
		return false;
	enum sudoku_alphabet a = r->alpha_opt != SUDOKU_ALPHA_AUTO ? r->alpha_opt : SUDOKU_ALPHA_ALNUM;
	int16_t tb[256];
	cells_decode_table(tb, a, n, true);
	bool longer = false;
	for (unsigned k = 0; k < n; k++) {
		bool seen[MAX_SIDE + 1] = { false };
		longer |= len[k] > 1;
		if (len[k] == 1 && word[k][0] == '.')
			continue;
		for (unsigned j = 0; j < len[k]; j++) {
			int v = tb[(unsigned char)word[k][j]];
			if (v <= 0 || seen[v])
				return false;
			seen[v] = true;
		}
	}
	*longer_out = longer;
	return true;
}

/*
 * Whether the drawn grid that starts at the current line is one of pencil
 * marks: its first row (the current line, or one of the next lines after
 * rules) reads as a pencil-mark row, and it or a row after it has a cell
 * of two or more marks.
 */
static int looks_like_pencil(struct sudoku_reader *r, bool *pencil, struct sudoku_read_error *err)
{
	*pencil = false;
	const struct text_line *l = &r->src.cur;
	unsigned k = 0;
	for (; is_pencil_rule(l) && k < 3; k++) {
		int rc = peek_text(r, k, &l, err);
		if (rc <= 0)
			return rc;
	}
	bool longer;
	if (is_pencil_rule(l) || !pencil_row(r, l, &longer))
		return 0;
	/*
	 * A first row that singles solved (as --candidates prints them) has no
	 * longer word: the rows after it, as far as the reader looks ahead, tell.
	 */
	for (unsigned j = k; !longer && j + 2 < TEXT_LINES_AHEAD; j++) {
		bool more;
		int rc = peek_text(r, j, &l, err);
		if (rc <= 0)
			return rc;
		if (is_pencil_rule(l))
			continue;
		if (!pencil_row(r, l, &more))
			break;
		longer = more;
	}
	*pencil = longer;
	return 0;
}

/*
 * The next row line of a grid of `side` rows, `rows` of them read, the
 * first on line `start`: 1 with it in r->src.cur, 0 at the end of the input
 * before the first row, or an error (a read error, or the input ending
 * half-way: "truncated grid").  Skips comments, and blank lines before the
 * first row (noted for the puzzle's blank_before).
 */
static int next_grid_line(struct sudoku_reader *r, unsigned rows, unsigned side, size_t start,
			  struct sudoku_read_error *err)
{
	for (;;) {
		int rc = lines_read(&r->src, err);
		if (rc < 0)
			return rc;
		enum line_kind k = rc ? lines_kind(&r->src.cur) : LINE_END;
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
			return text_fail(err, start, DLX_ERR_SYNTAX, "truncated grid: %u of %u rows", rows, side);
		return 1;
	}
}

/* Reads one grid of pencil marks whose first line (a rule or a row) is next. */
static int read_pencil_grid(struct sudoku_reader *r, struct sudoku_puzzle *pz, struct sudoku_read_error *err)
{
	unsigned side = 0, rows = 0;
	size_t start = 0;
	enum sudoku_alphabet a = r->alpha_opt != SUDOKU_ALPHA_AUTO ? r->alpha_opt : SUDOKU_ALPHA_ALNUM;
	const char *word[MAX_SIDE];
	unsigned len[MAX_SIDE];
	if (!r->marks && !(r->marks = malloc((size_t)MARKS_MAX_SIDE * MARKS_MAX_SIDE * MARKS_MAX_SIDE)))
		return text_fail(err, r->src.lineno, DLX_ERR_NOMEM, "out of memory");
	for (;;) {
		int rc = next_grid_line(r, rows, side, start, err);
		if (rc <= 0)
			return rc;
		const struct text_line *l = &r->src.cur;
		if (is_pencil_rule(l))
			continue;
		unsigned n = pencil_words(l, word, len, MAX_SIDE);
		if (rows == 0) {
			if (n > MARKS_MAX_SIDE || !cells_side_boxes(n, MARKS_MAX_SIDE, &r->choice, NULL, NULL))
				return text_fail(err, l->lineno, DLX_ERR_SYNTAX,
					"a row of %u pencil marks: a grid of them has 4, 6, 8, 9, ... or 25 cells a row", n);
			side = n;
			start = l->lineno;
			rc = check_size(r, side, l->lineno, err);
			if (rc)
				return rc;
			cells_decode_table(r->table, a, side, true);
			r->table_alpha = a;
			r->table_side = side;
			r->table_drawn = true;
			pz->line = start;
			pz->blank_before = r->blank_seen;
			r->blank_seen = false;
		} else if (n != side) {
			return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "row %u has %u cells of pencil marks, expected %u",
				rows + 1, n > side ? side + 1 : n, side);
		}
		for (unsigned c = 0; c < side; c++) {
			size_t cell = (size_t)rows * side + c;
			uint8_t *m = r->marks + cell * side;
			memset(m, 0, side);
			unsigned count = 0, last = 0;
			if (!(len[c] == 1 && word[c][0] == '.')) {
				for (unsigned j = 0; j < len[c]; j++) {
					unsigned char ch = (unsigned char)word[c][j];
					int v = r->table[ch];
					if (v <= 0)
						return text_fail(err, l->lineno, DLX_ERR_SYNTAX,
							"r%uc%u: '%c' is not a candidate of %ux%u boards", rows + 1, c + 1, ch, side, side);
					if (m[v - 1])
						return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "r%uc%u: candidate '%c' twice", rows + 1,
							c + 1, ch);
					m[v - 1] = 1;
					count++;
					last = (unsigned)v;
				}
			}
			r->cells[cell] = (uint8_t)(count == 1 ? last : 0);
		}
		if (++rows == side)
			break;
	}
	pz->side = side;
	cells_side_boxes(side, MAX_SIDE, &r->choice, &pz->box_rows, &pz->box_cols);
	pz->cells = r->cells;
	pz->marks = r->marks;
	pz->alphabet = a;
	return 1;
}

/* The current line is a line of candidates. */
static int read_marks_line(struct sudoku_reader *r, struct sudoku_puzzle *pz, struct sudoku_read_error *err)
{
	const struct text_line *l = &r->src.cur;
	unsigned side = cells_side_of_marks(l->len, &r->choice, r->fmt_given);
	if (!side)
		return text_fail(err, l->lineno, DLX_ERR_SYNTAX,
			"wrong length: %zu characters (a line of candidates has N^3: 64 for 4x4, 216, 512, 729 for 9x9, "
			"... up to 25x25)", l->len);
	int rc = check_size(r, side, l->lineno, err);
	if (rc)
		return rc;
	if (!r->marks && !(r->marks = malloc((size_t)MARKS_MAX_SIDE * MARKS_MAX_SIDE * MARKS_MAX_SIDE)))
		return text_fail(err, l->lineno, DLX_ERR_NOMEM, "out of memory");
	enum sudoku_alphabet a = r->alpha_opt != SUDOKU_ALPHA_AUTO ? r->alpha_opt : SUDOKU_ALPHA_ALNUM;
	if (r->table_alpha != a || r->table_side != side || r->table_drawn) {
		cells_decode_table(r->table, a, side, false);
		r->table_alpha = a;
		r->table_side = side;
		r->table_drawn = false;
	}
	size_t cells = (size_t)side * side;
	for (size_t cell = 0; cell < cells; cell++) {
		unsigned n = 0, last = 0;
		for (unsigned d = 1; d <= side; d++) {
			unsigned char ch = (unsigned char)l->text[cell * side + d - 1];
			int v = r->table[ch];
			if (v != 0 && v != (int)d)
				return text_fail(err, l->lineno, DLX_ERR_SYNTAX,
					"r%zuc%zu: candidate %u is '%c', not '%c' or a blank", cell / side + 1, cell % side + 1, d,
					ch, sudoku_alphabet_symbol(a, d));
			r->marks[cell * side + d - 1] = v != 0;
			if (v) {
				n++;
				last = d;
			}
		}
		r->cells[cell] = (uint8_t)(n == 1 ? last : 0);
	}
	pz->line = l->lineno;
	pz->side = side;
	cells_side_boxes(side, MAX_SIDE, &r->choice, &pz->box_rows, &pz->box_cols);
	pz->cells = r->cells;
	pz->marks = r->marks;
	pz->alphabet = a;
	return 1;
}

/* The current line, split into r->raw, is a whole puzzle of this side (see cells_flat_side()). */
static int read_flat(struct sudoku_reader *r, unsigned side, struct sudoku_puzzle *pz, struct sudoku_read_error *err)
{
	const struct text_line *l = &r->src.cur;
	int rc = check_size(r, side, l->lineno, err);
	if (rc)
		return rc;
	/* cells_flat_side() checks the range only where the row could also open a grid. */
	for (size_t k = 0; k < (size_t)side * side; k++) {
		if (r->raw[k] >= RAW_NUMBER && r->raw[k] - RAW_NUMBER > side)
			return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "number %u is out of range for %ux%u boards (0-%u)",
				r->raw[k] - RAW_NUMBER, side, side, side);
	}
	for (unsigned k = 0; k < side; k++)
		r->row_line[k] = l->lineno;
	pz->line = l->lineno;
	pz->blank_before = r->blank_seen;
	r->blank_seen = false;
	return decode(r, side, false, pz, err);
}

/*
 * Reads one grid whose first row may already be the current line (have_first).
 * Returns 1, 0 at the end of input before any row, or an error.
 */
/*
 * A drawn grid whose bars and rules show boxes of another shape than the
 * side's usual one (a 6x6 board in 3x2 boxes, not 2x3) is read in the boxes
 * drawn: solved in the usual ones, its answer broke the boxes drawn,
 * silently.  A shape that --box gave and the drawing contradicts is an
 * error.  Returns 1 (pz read), or an error.
 */
static int drawn_boxes(struct sudoku_reader *r, unsigned rows, unsigned cols, struct sudoku_puzzle *pz,
	struct sudoku_read_error *err)
{
	if (!rows || !cols || rows * cols != pz->side || (rows == pz->box_rows && cols == pz->box_cols))
		return 1;
	if (r->choice.rows)
		return text_fail(err, pz->line, DLX_ERR_SYNTAX, "the grid is drawn in %ux%u boxes, --box says %ux%u",
			rows, cols, r->choice.rows, r->choice.cols);
	pz->box_rows = rows;
	pz->box_cols = cols;
	return 1;
}

static int read_grid(struct sudoku_reader *r, bool drawn, bool have_first, struct sudoku_puzzle *pz,
	struct sudoku_read_error *err)
{
	unsigned side = 0, rows = 0;
	size_t start = 0;
	bool framed = false, tight = false;
	/* A drawn grid's boxes as drawn: cells before the first row's first bar, rows before the first rule. */
	unsigned drawn_cols = 0, drawn_rows = 0;
	for (;;) {
		if (!have_first) {
			int rc = next_grid_line(r, rows, side, start, err);
			if (rc <= 0)
				return rc;
		}
		have_first = false;
		const struct text_line *l = &r->src.cur;
		if (drawn && cells_is_separator(l)) {
			framed |= l->text[0] == '*';
			if (rows && !drawn_rows)
				drawn_rows = rows;
			continue;
		}
		if (rows == 0 && drawn) {
			tight = strchr(l->text, '|') && !cells_line_has_any(l, " \t");
			/* A framed row opens with a bar: the cells between its first two bars. */
			const char *t = l->text + strspn(l->text, " \t");
			t += *t == '|';
			for (; *t && *t != '|'; t++)
				drawn_cols += !text_is_blank((unsigned char)*t);
			if (!*t)
				drawn_cols = 0;
		}
		uint16_t *row = r->raw + (size_t)rows * side;
		/* A first row may be a whole puzzle (cells_flat_side()): room for the biggest one. */
		size_t max = rows ? side : MAX_CELLS;
		long n = cells_split_row(l, drawn, row, max, err);
		if (n < 0)
			return (int)n;
		/* Only rows of words: one word of n^4 symbols is the line format's business. */
		bool words = !drawn && !strchr(l->text, '|') && cells_line_has_any(l, " \t");
		unsigned flat = rows == 0 && words ? cells_flat_side(row, (size_t)n, &r->choice) : 0;
		if (flat && r->map_side) {
			/*
			 * A map repeats its numbers in every row, so the repeat that
			 * tells a flat puzzle from a grid's first row tells nothing
			 * here: the puzzle's side does, else the next line (a grid's
			 * second row has as many cells).
			 */
			const struct text_line *next;
			if (r->map_side != MAP_SIDE_UNKNOWN)
				flat = flat == r->map_side ? flat : 0;
			else if (cells_side_boxes((size_t)n, MAX_SIDE, &r->choice, NULL, NULL)) {
				int peeked = peek_text(r, 0, &next, err);
				if (peeked < 0)
					return peeked;
				if (peeked == 1 && cells_in_row(next) == (size_t)n)
					flat = 0;
			}
		}
		if (flat)
			return read_flat(r, flat, pz, err);
		if (rows == 0) {
			start = l->lineno;
			if (!cells_side_boxes((size_t)n, MAX_SIDE, &r->choice, NULL, NULL)) {
				char sides[160];
				return text_fail(err, l->lineno, DLX_ERR_SYNTAX,
					"a grid row of %ld cells: a side must be %s (others with --box)", n,
					known_sides(r, false, sides, sizeof sides));
			}
			side = (unsigned)n;
			int rc = check_size(r, side, l->lineno, err);
			if (rc)
				return rc;
			pz->line = start;
			pz->spaced = words;
			pz->blank_before = r->blank_seen;
			r->blank_seen = false;
		} else if ((size_t)n != side) {
			return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "row %u has %s%ld cells, expected %u", rows + 1,
				(size_t)n > side ? "more than " : "", (size_t)n > side ? (long)side : n, side);
		}
		for (unsigned k = 0; k < side; k++) {
			if (row[k] >= RAW_NUMBER && row[k] - RAW_NUMBER > side)
				return text_fail(err, l->lineno, DLX_ERR_SYNTAX,
					"number %u is out of range for %ux%u boards (0-%u)", row[k] - RAW_NUMBER, side,
					side, side);
		}
		r->row_line[rows++] = l->lineno;
		if (rows == side) {
			pz->drawn_style = framed ? SUDOKU_DRAWN_FRAMED : tight ? SUDOKU_DRAWN_TIGHT : SUDOKU_DRAWN_SPACED;
			int rc = decode(r, side, drawn, pz, err);
			return rc == 1 ? drawn_boxes(r, drawn_rows, drawn_cols, pz, err) : rc;
		}
	}
}

/*
 * The k-th text line after the current one (comments and blank lines
 * skipped), read ahead: 1 with *out set, 0 when the input or the window of
 * lines held ahead ends first (an "end" line ends the input).
 */
static int peek_text(struct sudoku_reader *r, unsigned k, const struct text_line **out,
	struct sudoku_read_error *err)
{
	unsigned seen = 0;
	for (unsigned ahead = 0; ahead + 1 < TEXT_LINES_AHEAD; ahead++) {
		int rc = lines_peek(&r->src, ahead, out, err);
		if (rc <= 0)
			return rc;
		enum line_kind kind = lines_kind(*out);
		if (kind == LINE_END)
			return 0;
		if (kind == LINE_TEXT && seen++ == k)
			return 1;
	}
	return 0;
}

/*
 * A first line of digits is the count of a count format when the next line
 * is a grid row of another length; otherwise it is a puzzle line or a row.
 */
static int looks_like_count(struct sudoku_reader *r, bool *is_count, struct sudoku_read_error *err)
{
	const struct text_line *next;
	int rc = peek_text(r, 0, &next, err);
	if (rc < 0)
		return rc;
	size_t next_cells = rc ? cells_in_row(next) : 0;
	/* A '#' is no grid row's: a line puzzle's note ("1...4 # a note" counted as four cells of a 4x4 row). */
	*is_count = next_cells != r->src.cur.len && cells_side_boxes(next_cells, MAX_SIDE, &r->choice, NULL, NULL) &&
		    !(rc && strchr(next->text, '#'));
	return 0;
}

/* The symbols a puzzle line of a small board (side <= 9) may hold: its digits and the blanks. */
static void small_symbols(unsigned side, char *set)
{
	unsigned k = 0;
	for (unsigned d = 1; d <= side; d++)
		set[k++] = (char)('0' + d);
	memcpy(set + k, ".0-_", 5);
}

/*
 * A first line of len = s² symbols that are all the small board's (1-s and
 * blanks) is an s x s puzzle or the first row of a len x len compact grid:
 * 16 (4x4 or 16x16), 36 (6x6 or 36x36), 64 (8x8 or 64x64).  The lines after
 * it tell: it is a grid when the next 15 text lines are len symbols long and
 * one of them holds another symbol, which small puzzle lines never do.
 */
static int first_of_big_grid(struct sudoku_reader *r, size_t len, const char *set, bool *grid,
	struct sudoku_read_error *err)
{
	bool other = false;
	*grid = false;
	for (unsigned k = 0; k < 15; k++) {
		const struct text_line *l;
		int rc = peek_text(r, k, &l, err);
		if (rc <= 0 || l->len != len)
			return rc < 0 ? rc : 0;
		other |= strspn(l->text, set) != len;
	}
	*grid = other;
	return 0;
}

/* Decides the format from the first line with text (the current line), keeping it to be read again. */
static int detect_format(struct sudoku_reader *r, struct sudoku_read_error *err)
{
	const struct text_line *l = &r->src.cur;
	bool is_count = false, big_grid = false, note_other = false;
	int rc = 0;
	/*
	 * A whole puzzle, then a note (or other text, which read_line_puzzle()
	 * refuses): a line, whatever the note holds ('|' and '+' included).
	 * Where the puzzle's length is also a row of a bigger compact grid
	 * (81 symbols, or 16, 36, 64), the same look-ahead as below tells them
	 * apart; a note on a grid's first row leaves the line to the tests
	 * below, as before notes were read.
	 */
	size_t note = before_note(r, l, &note_other);
	if (note || note_other) {
		size_t f = strcspn(l->text, " \t");
		unsigned fs = cells_side_of_line(f, &r->choice);
		bool grid = false;
		if (fs <= 9 && cells_side_boxes(f, SYMBOL_MAX_SIDE, &r->choice, NULL, NULL)) {
			char small_set[16];
			small_symbols(fs, small_set);
			if (strspn(l->text, small_set) < f)
				grid = true;
			else if ((rc = first_of_big_grid(r, f, small_set, &grid, err)))
				return rc;
		}
		if (!grid) {
			r->fmt = SUDOKU_FORMAT_LINE;
			return lines_unread(&r->src, err);
		}
	}
	if (strspn(l->text, "0123456789") == l->len && l->len <= 18)
		rc = looks_like_count(r, &is_count, err);
	/* A length that is both a small puzzle line and a big compact row. */
	unsigned small = cells_side_of_line(l->len, &r->choice);
	bool both = small && small <= 9 && cells_side_boxes(l->len, SYMBOL_MAX_SIDE, &r->choice, NULL, NULL);
	char set[16];
	bool small_only = false;
	if (both) {
		small_symbols(small, set);
		small_only = strspn(l->text, set) == l->len;
	}
	if (!rc && !is_count && small_only)
		rc = first_of_big_grid(r, l->len, set, &big_grid, err);
	/* Drawn grids, and HoDoKu's pencil-mark grids that open with a rule of '.' and '-'. */
	bool drawn_like = cells_line_has_any(l, "|+") || (l->text[0] == '*' && cells_is_separator(l));
	bool pencil = false;
	if (!rc && !is_count && (drawn_like || (strchr(".:'*", l->text[0]) && is_pencil_rule(l))))
		rc = looks_like_pencil(r, &pencil, err);
	if (rc)
		return rc;
	if (is_count) {
		r->fmt = SUDOKU_FORMAT_COUNT;
	} else if (drawn_like || pencil) {
		r->fmt = pencil ? SUDOKU_FORMAT_PENCIL : SUDOKU_FORMAT_DRAWN;
	} else if (cells_line_has_any(l, " \t\r")) {
		r->fmt = SUDOKU_FORMAT_GRID;
	} else if (both) {
		r->fmt = small_only && !big_grid ? SUDOKU_FORMAT_LINE : SUDOKU_FORMAT_COMPACT;
	} else if (small) {
		r->fmt = SUDOKU_FORMAT_LINE;
	} else if (cells_side_boxes(l->len, SYMBOL_MAX_SIDE, &r->choice, NULL, NULL)) {
		r->fmt = SUDOKU_FORMAT_COMPACT;
	} else if (cells_side_of_marks(l->len, &r->choice, false)) {
		r->fmt = SUDOKU_FORMAT_MARKS;
	} else {
		char lens[160];
		return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "wrong length: %zu characters (a puzzle line has %s)",
			l->len, known_sides(r, true, lens, sizeof lens));
	}
	return lines_unread(&r->src, err);
}

static int read_count(struct sudoku_reader *r, struct sudoku_read_error *err)
{
	int rc = next_text_line(r, err);
	if (rc <= 0)
		return rc ? rc : text_fail(err, r->src.lineno, DLX_ERR_SYNTAX, "missing the number of puzzles");
	const struct text_line *l = &r->src.cur;
	uint64_t t = 0;
	for (size_t k = 0; k < l->len; k++) {
		char ch = l->text[k];
		if (ch < '0' || ch > '9' || t > UINT64_MAX / 10 - 1)
			return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "expected the number of puzzles, not '%.20s'",
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
	case SUDOKU_FORMAT_PENCIL:
		rc = read_pencil_grid(r, pz, err);
		if (rc > 0)
			return rc;
		break;
	case SUDOKU_FORMAT_MARKS:
		rc = next_text_line(r, err);
		if (rc <= 0)
			break;
		pz->blank_before = r->blank_seen;
		r->blank_seen = false;
		return read_marks_line(r, pz, err);
	case SUDOKU_FORMAT_COUNT:
		if (r->count_left == 0) {
			rc = 0;
			break;
		}
		rc = read_grid(r, false, false, pz, err);
		if (rc == 0)
			return text_fail(err, r->src.lineno, DLX_ERR_SYNTAX, "truncated input: %llu more puzzle%s expected",
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
			return text_fail(err, r->row_line[k / map->side], DLX_ERR_SYNTAX,
				"region map: r%zuc%zu is blank (regions are numbered 1-%u)", k / map->side + 1,
				k % map->side + 1, map->side);
	}
	dlx_error_info why;
	if (dlx_sudoku_check_regions(map->side, r->cells, &why) != DLX_OK)
		return text_fail(err, map->line, DLX_ERR_SYNTAX, "region map: %s", why.message);
	return 0;
}

/* Reads the map that follows the puzzle *pz, which moves to puzzle_cells. */
static int read_puzzle_map(struct sudoku_reader *r, struct sudoku_puzzle *pz, struct sudoku_read_error *err)
{
	size_t cells = (size_t)pz->side * pz->side;
	if (!r->puzzle_cells) {
		r->puzzle_cells = malloc(MAX_CELLS);
		if (!r->puzzle_cells)
			return text_fail(err, pz->line, DLX_ERR_NOMEM, "out of memory");
	}
	memcpy(r->puzzle_cells, r->cells, cells);
	pz->cells = r->puzzle_cells;
	struct sudoku_puzzle map;
	r->map_side = pz->side;
	int rc = read_board(r, &map, err);
	r->map_side = 0;
	if (rc < 0)
		return rc;
	/* An empty line between a puzzle and its map does not separate puzzles. */
	r->blank_seen = false;
	if (rc == 0)
		return text_fail(err, r->src.lineno, DLX_ERR_SYNTAX, "missing the region map of the puzzle at line %zu",
			pz->line);
	if (map.side != pz->side)
		return text_fail(err, map.line, DLX_ERR_SYNTAX, "region map: %ux%u, but its puzzle is %ux%u", map.side,
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
	pz->marks = NULL;
	pz->regions_line = 0;
	pz->note = NULL;
	pz->spaced = false;
	pz->drawn_style = SUDOKU_DRAWN_SPACED;
	int rc = next_board(r, pz, err);
	if (rc == 1 && r->want_regions && pz->marks)
		return text_fail(err, pz->line, DLX_ERR_SYNTAX,
			"a line of candidates cannot be followed by its region map: give the map with --regions");
	if (rc == 1 && r->want_regions)
		rc = read_puzzle_map(r, pz, err);
	return rc;
}

int sudoku_read_region_map(FILE *in, enum sudoku_alphabet alpha, const struct sudoku_box *choice, uint8_t *map,
	unsigned *side, struct sudoku_read_error *err)
{
	err->line = 0;
	err->message[0] = '\0';
	struct sudoku_reader *r = sudoku_reader_new(in, SUDOKU_FORMAT_AUTO, alpha);
	if (!r)
		return text_fail(err, 0, DLX_ERR_NOMEM, "out of memory");
	if (choice)
		r->choice = *choice;
	struct sudoku_puzzle pz;
	memset(&pz, 0, sizeof pz);
	r->map_side = MAP_SIDE_UNKNOWN;
	int rc = next_board(r, &pz, err);
	if (rc == 0)
		rc = text_fail(err, 0, DLX_ERR_SYNTAX, "no region map in the file");
	if (rc == 1 && pz.marks)
		rc = text_fail(err, pz.line, DLX_ERR_SYNTAX, "a line of candidates, not a region map");
	if (rc == 1)
		rc = check_map(r, &pz, err);
	if (rc == 0) {
		memcpy(map, r->cells, (size_t)pz.side * pz.side);
		*side = pz.side;
		size_t line = pz.line;
		rc = next_board(r, &pz, err);
		if (rc == 1)
			rc = text_fail(err, pz.line, DLX_ERR_SYNTAX, "a second board after the region map at line %zu", line);
	}
	sudoku_reader_free(r);
	return rc;
}
