/* The cells of a puzzle's text before they are decoded (see sudoku-cells.h). */
#define _POSIX_C_SOURCE 200809L
#include "sudoku-cells.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "dlx.h"
#include "dlx-sudoku.h"

/* The rectangles auto-detection knows, by the convention of puzzle books and apps: wide boxes. */
static const struct sudoku_box rect_table[] = {
	{ 2, 3 }, { 2, 4 }, { 2, 5 }, { 3, 4 }, { 3, 5 }, { 4, 5 },
};

bool cells_side_boxes(size_t s, size_t max_side, const struct sudoku_box *choice, unsigned *rows, unsigned *cols)
{
	unsigned r = 0, c = 0;
	if (s > max_side || s > MAX_SIDE)
		return false;
	if (choice && choice->rows && (size_t)choice->rows * choice->cols == s) {
		r = choice->rows;
		c = choice->cols;
	}
	for (unsigned n = DLX_SUDOKU_MIN_BOX; !r && n <= DLX_SUDOKU_MAX_BOX; n++)
		if ((size_t)n * n == s)
			r = c = n;
	for (size_t k = 0; !r && k < sizeof rect_table / sizeof rect_table[0]; k++) {
		if ((size_t)rect_table[k].rows * rect_table[k].cols == s) {
			r = rect_table[k].rows;
			c = rect_table[k].cols;
		}
	}
	if (rows)
		*rows = r;
	if (cols)
		*cols = c;
	return r != 0;
}

unsigned cells_side_of_line(size_t len, const struct sudoku_box *choice)
{
	for (unsigned s = 4; s <= SYMBOL_MAX_SIDE; s++)
		if ((size_t)s * s == len && cells_side_boxes(s, SYMBOL_MAX_SIDE, choice, NULL, NULL))
			return s;
	return 0;
}

unsigned cells_side_of_marks(size_t len, const struct sudoku_box *choice, bool any_length)
{
	for (unsigned s = 4; s <= MARKS_MAX_SIDE; s++)
		if ((size_t)s * s * s == len && cells_side_boxes(s, MARKS_MAX_SIDE, choice, NULL, NULL))
			return any_length || !cells_side_of_line(len, choice) ? s : 0;
	return 0;
}

const char *cells_describe_sides(size_t max_side, bool square, const struct sudoku_box *choice, char *buf,
	size_t size)
{
	size_t used = 0, last = 0;
	buf[0] = '\0';
	for (size_t s = 4; s <= max_side; s++)
		if (cells_side_boxes(s, max_side, choice, NULL, NULL))
			last = s;
	for (size_t s = 4; s <= max_side && used < size; s++) {
		if (!cells_side_boxes(s, max_side, choice, NULL, NULL))
			continue;
		int n = snprintf(buf + used, size - used, "%s%zu", s == last ? (used ? " or " : "") : (used ? ", " : ""),
			square ? s * s : s);
		if (n < 0)
			break;
		used += (size_t)n;
	}
	return buf;
}

bool cells_line_has_any(const struct text_line *l, const char *set)
{
	return strpbrk(l->text, set) != NULL;
}

bool cells_is_separator(const struct text_line *l)
{
	return l->len > 0 && strspn(l->text, "-+|=* \t\r") == l->len;
}

/*
 * Splits a grid row into raw cells at raw[0..max].  Rows with '|' (or any row
 * of a drawn grid) are symbols with blanks and bars ignored; otherwise one
 * word is a row of symbols, several words are numbers or one-symbol cells.
 * Returns the number of cells (max + 1 means "too many"), or an error.
 */
long cells_split_row(const struct text_line *l, bool drawn, uint16_t *raw, size_t max,
	struct sudoku_read_error *err)
{
	const char *t = l->text;
	size_t n = 0;
	if (drawn || strchr(t, '|')) {
		for (; *t; t++) {
			if (text_is_blank((unsigned char)*t) || *t == '|')
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
		while (text_is_blank((unsigned char)*t))
			t++;
		const char *w = t;
		while (*t && !text_is_blank((unsigned char)*t))
			t++;
		size_t wl = (size_t)(t - w);
		if (wl == 0)
			break;
		if (strspn(w, "0123456789") >= wl) {
			unsigned v = 0;
			for (size_t k = 0; k < wl; k++) {
				v = v * 10 + (unsigned)(w[k] - '0');
				if (v > NUMBER_MAX)
					return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "number %.*s%s is out of range",
						(int)(wl > 20 ? 20 : wl), w, wl > 20 ? "..." : "");
			}
			raw[n++] = (uint16_t)(RAW_NUMBER + v);
		} else if (wl == 1) {
			raw[n++] = (unsigned char)*w;
		} else {
			return text_fail(err, l->lineno, DLX_ERR_SYNTAX, "'%.*s' is neither a number nor a symbol",
				(int)(wl > 20 ? 20 : wl), w);
		}
	}
	return (long)n;
}

void cells_decode_table(int16_t *tb, enum sudoku_alphabet a, unsigned side, bool drawn)
{
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
}

/* Which symbols a puzzle's raw cells hold, for guessing its alphabet. */
struct symbol_use {
	bool digit;        /* 1-9 */
	bool zero;         /* '0' */
	bool other_blank;  /* '.', '_' or '-' */
	bool letter;
	int max_letter;    /* the highest letter, upper-cased; 0 if none */
	bool number;       /* a number (a word of digits in a grid row) */
};

static struct symbol_use symbols_used(const uint16_t *raw, size_t n)
{
	struct symbol_use u = { false, false, false, false, 0, false };
	for (size_t k = 0; k < n; k++) {
		unsigned v = raw[k];
		if (v >= RAW_NUMBER) {
			u.number = true;
			continue;
		}
		u.digit |= v >= '1' && v <= '9';
		u.zero |= v == '0';
		u.other_blank |= v == '.' || v == '_' || v == '-';
		if (isalpha((int)v)) {
			u.letter = true;
			if (toupper((int)v) > u.max_letter)
				u.max_letter = toupper((int)v);
		}
	}
	return u;
}

enum digit_words cells_digit_words(uint16_t *raw, size_t n, enum sudoku_alphabet opt)
{
	bool number = false, small = true, symbol = false, other_blank = false, zero = false;
	for (size_t k = 0; k < n; k++) {
		unsigned v = raw[k];
		if (v >= RAW_NUMBER) {
			number = true;
			small &= v - RAW_NUMBER <= 9;
			zero |= v == RAW_NUMBER;
		} else if (v == '.' || v == '_' || v == '-') {
			other_blank = true;
		} else if (v != '0') {
			symbol = true;
		}
	}
	if (!number || !small)
		return DIGIT_WORDS_NUMBERS;
	if (!symbol && !(other_blank && (opt == SUDOKU_ALPHA_HEX || (opt == SUDOKU_ALPHA_AUTO && zero))))
		return opt == SUDOKU_ALPHA_HEX && zero ? DIGIT_WORDS_AMBIGUOUS : DIGIT_WORDS_NUMBERS;
	for (size_t k = 0; k < n; k++)
		if (raw[k] >= RAW_NUMBER)
			raw[k] = (uint16_t)('0' + (raw[k] - RAW_NUMBER));
	return DIGIT_WORDS_SYMBOLS;
}

/*
 * The alphabet of a board with side > 9 when none was given.  '0' next to
 * other blanks can only be a digit: hex, if its letters fit (0-F on 16x16).
 * Else a digit 1-9 means alnum, and letters without digits mean letters (A = 1).
 * Two readings are left to a guess, where hex would fit too, and *note says
 * so: '0' with no other blank (read as a blank), and no '0' at all (alnum,
 * whose last letter, G on 16x16, no given happens to show).
 */
enum sudoku_alphabet cells_guess_alphabet(const uint16_t *raw, size_t n, unsigned side, const char **note)
{
	*note = NULL;
	if (side <= 9)
		return SUDOKU_ALPHA_ALNUM;
	struct symbol_use u = symbols_used(raw, n);
	/*
	 * A grid row's numbers are values written in decimal, 0 a blank, as 1-9
	 * are in alnum: letters beside them are alnum's 10 and up (read as
	 * letters, A = 1, a 16x16 grid of both was wrongly without solution).
	 */
	if (u.number)
		return SUDOKU_ALPHA_ALNUM;
	bool hex_fits = side <= 36 && (!u.letter || u.max_letter < 'A' + (int)side - 10);
	if (u.zero && u.other_blank && hex_fits)
		return SUDOKU_ALPHA_HEX;
	if (u.zero && hex_fits)
		*note = "'0' read as a blank; give --alphabet hex if it is a digit";
	if (u.digit) {
		if (!u.zero && hex_fits)
			*note = "read as alnum, no '0' nor a letter past hex's among the givens; give --alphabet hex if '0' is a symbol";
		return SUDOKU_ALPHA_ALNUM;
	}
	return u.letter && side <= 26 ? SUDOKU_ALPHA_LETTERS : SUDOKU_ALPHA_ALNUM;
}

/*
 * A row of n = s² cells that is a whole s x s puzzle written on one line
 * (luogu's 9x9 grid pasted flat: 81 numbers): s, else 0.  Where the row
 * could also open an n x n grid (16 cells: a 16x16 row; 36: a 36x36 row;
 * 81: an 81x81 row), it is a puzzle only if its cells fit the small board
 * and repeat a given, which no row of a valid grid does.
 */
unsigned cells_flat_side(const uint16_t *raw, size_t n, const struct sudoku_box *choice)
{
	unsigned side = 0;
	for (unsigned s = 4; s <= MAX_SIDE && !side; s++)
		if ((size_t)s * s == n && cells_side_boxes(s, MAX_SIDE, choice, NULL, NULL))
			side = s;
	if (!side)
		return 0;
	if (!cells_side_boxes(n, MAX_SIDE, choice, NULL, NULL))
		return side;
	/* Numbers above side return first, so a raw cell here is below RAW_NUMBER + MAX_SIDE + 1. */
	bool seen[RAW_NUMBER + MAX_SIDE + 1] = { false };
	bool repeat = false;
	for (size_t k = 0; k < n; k++) {
		unsigned v = raw[k];
		bool blank = v == RAW_NUMBER || (v < RAW_NUMBER && strchr(".0_-", (int)v));
		if (v >= RAW_NUMBER && v - RAW_NUMBER > side)
			return 0;
		if (!blank) {
			repeat |= seen[v];
			seen[v] = true;
		}
	}
	return repeat ? side : 0;
}

/* Cells in a row as cells_split_row() would count them, for format detection. */
size_t cells_in_row(const struct text_line *l)
{
	size_t n = 0;
	if (strchr(l->text, '|')) {
		for (const char *t = l->text; *t; t++)
			n += !text_is_blank((unsigned char)*t) && *t != '|';
		return n;
	}
	for (const char *t = l->text; *t;) {
		while (text_is_blank((unsigned char)*t))
			t++;
		if (!*t)
			break;
		n++;
		while (*t && !text_is_blank((unsigned char)*t))
			t++;
	}
	return n > 1 ? n : l->len;
}

