/* The sudoku writer: a board as text in one of the layouts of sudoku-write.h. */
#include <stdbool.h>
#include <string.h>

#include "sudoku-write.h"

size_t sudoku_write_size(enum sudoku_layout l, enum sudoku_alphabet a, unsigned box_rows, unsigned box_cols)
{
	size_t side = (size_t)box_rows * box_cols;
	switch (l) {
	case SUDOKU_LAYOUT_GRID:
		return side * side * 4 + side; /* numbers up to 255: 3 digits and a space */
	case SUDOKU_LAYOUT_LINE:
		if (side > sudoku_alphabet_max_side(a))
			return 0;
		return side * side + 1;
	case SUDOKU_LAYOUT_COMPACT:
		if (side > sudoku_alphabet_max_side(a))
			return 0;
		return side * (side + 1);
	case SUDOKU_LAYOUT_PRETTY:
		if (side > sudoku_alphabet_max_side(a))
			return 0;
		/* Rows and rules; a row's symbols, blanks and bars, and its newline. */
		return (side + box_cols) * (2 * side + 2 * (size_t)box_rows + 1);
	case SUDOKU_LAYOUT_SS:
	case SUDOKU_LAYOUT_BORDERED:
		if (side > sudoku_alphabet_max_side(a))
			return 0;
		/* Rows, rules and two frame lines; a row's symbols and bars, two frame bars, the newline. */
		return (side + box_cols + 2) * (side + (size_t)box_rows + 3);
	}
	return 0;
}

static size_t put_number(char *buf, unsigned v)
{
	if (v < 10) {
		buf[0] = (char)('0' + v);
		return 1;
	}
	char tmp[4];
	size_t n = 0;
	while (v) {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	}
	for (size_t k = 0; k < n; k++)
		buf[k] = tmp[n - 1 - k];
	return n;
}

/*
 * Simple Sudoku's layouts: rows of symbols with '|' between stacks, a rule
 * of '-' between bands; framed, the rule shows '+' under the bars and the
 * grid has '*'-cornered lines above and below.
 */
static char *write_ss(char *p, bool framed, unsigned side, unsigned br, unsigned bc, const char *sym,
	const uint8_t *board)
{
	const unsigned width = side + br - 1; /* symbols and the bars between the R stacks */
	if (framed) {
		*p++ = '*';
		memset(p, '-', width);
		p += width;
		*p++ = '*';
		*p++ = '\n';
	}
	for (unsigned r = 0; r < side; r++) {
		if (r && r % br == 0) {
			if (framed)
				*p++ = '|';
			for (unsigned c = 0; c < side; c++) {
				if (c && c % bc == 0)
					*p++ = framed ? '+' : '-';
				*p++ = '-';
			}
			if (framed)
				*p++ = '|';
			*p++ = '\n';
		}
		if (framed)
			*p++ = '|';
		for (unsigned c = 0; c < side; c++) {
			if (c && c % bc == 0)
				*p++ = '|';
			*p++ = sym[board[(size_t)r * side + c]];
		}
		if (framed)
			*p++ = '|';
		*p++ = '\n';
	}
	if (framed) {
		*p++ = '*';
		memset(p, '-', width);
		p += width;
		*p++ = '*';
		*p++ = '\n';
	}
	return p;
}

size_t sudoku_write_marks_size(bool grid, enum sudoku_alphabet a, unsigned box_rows, unsigned box_cols)
{
	size_t side = (size_t)box_rows * box_cols;
	if (side > sudoku_alphabet_max_side(a))
		return 0;
	if (!grid)
		return side * side * side + 1;
	/* Rows and rules; a row's candidates, a blank after each cell, the bars, the newline. */
	return (side + box_cols) * (side * side + side + 2 * (size_t)box_rows + 1);
}

static unsigned marks_in(const uint8_t *marks, size_t cell, unsigned side)
{
	unsigned n = 0;
	for (unsigned d = 0; d < side; d++)
		n += marks[cell * side + d] != 0;
	return n;
}

size_t sudoku_write_marks(char *buf, bool grid, enum sudoku_alphabet a, unsigned box_rows, unsigned box_cols,
	const uint8_t *marks)
{
	const unsigned side = box_rows * box_cols;
	char *p = buf;
	if (!grid) {
		for (size_t k = 0; k < (size_t)side * side * side; k++)
			*p++ = marks[k] ? sudoku_alphabet_symbol(a, (unsigned)(k % side) + 1) : '.';
		*p++ = '\n';
		return (size_t)(p - buf);
	}
	unsigned width[256];
	for (unsigned c = 0; c < side; c++) {
		width[c] = 1;
		for (unsigned r = 0; r < side; r++) {
			unsigned n = marks_in(marks, (size_t)r * side + c, side);
			if (n > width[c])
				width[c] = n;
		}
	}
	for (unsigned r = 0; r < side; r++) {
		if (r && r % box_rows == 0) {
			/* As in the pretty layout: '-' under cells and gaps, '+' under bars. */
			for (unsigned c = 0; c < side; c++) {
				if (c) {
					memcpy(p, c % box_cols ? "-" : "-+-", c % box_cols ? 1 : 3);
					p += c % box_cols ? 1 : 3;
				}
				memset(p, '-', width[c]);
				p += width[c];
			}
			*p++ = '\n';
		}
		for (unsigned c = 0; c < side; c++) {
			if (c) {
				memcpy(p, c % box_cols ? " " : " | ", c % box_cols ? 1 : 3);
				p += c % box_cols ? 1 : 3;
			}
			size_t cell = (size_t)r * side + c;
			unsigned n = 0;
			for (unsigned d = 0; d < side; d++)
				if (marks[cell * side + d])
					p[n++] = sudoku_alphabet_symbol(a, d + 1);
			if (n == 0)
				p[n++] = '.';
			memset(p + n, ' ', width[c] - n);
			p += width[c];
		}
		/* Padding of the last column would leave blanks at the end of the line. */
		while (p > buf && p[-1] == ' ')
			p--;
		*p++ = '\n';
	}
	return (size_t)(p - buf);
}

size_t sudoku_write(char *buf, enum sudoku_layout l, enum sudoku_alphabet a, unsigned box_rows,
	unsigned box_cols, const uint8_t *board)
{
	const unsigned side = box_rows * box_cols, br = box_rows, bc = box_cols;
	/* sym[d] for d = 0..side; '.' marks a blank. */
	char sym[256];
	sym[0] = '.';
	for (unsigned d = 1; d <= side; d++)
		sym[d] = sudoku_alphabet_symbol(a, d);
	char *p = buf;
	switch (l) {
	case SUDOKU_LAYOUT_LINE:
		for (size_t k = 0; k < (size_t)side * side; k++)
			*p++ = sym[board[k]];
		*p++ = '\n';
		break;
	case SUDOKU_LAYOUT_COMPACT:
		for (unsigned r = 0; r < side; r++) {
			for (unsigned c = 0; c < side; c++)
				*p++ = sym[board[(size_t)r * side + c]];
			*p++ = '\n';
		}
		break;
	case SUDOKU_LAYOUT_GRID:
		for (unsigned r = 0; r < side; r++) {
			for (unsigned c = 0; c < side; c++) {
				if (c)
					*p++ = ' ';
				p += put_number(p, board[(size_t)r * side + c]);
			}
			*p++ = '\n';
		}
		break;
	case SUDOKU_LAYOUT_SS:
	case SUDOKU_LAYOUT_BORDERED:
		p = write_ss(p, l == SUDOKU_LAYOUT_BORDERED, side, br, bc, sym, board);
		break;
	case SUDOKU_LAYOUT_PRETTY:
		for (unsigned r = 0; r < side; r++) {
			if (r && r % br == 0) {
				/* The rule under a band mirrors a row: '-' under cells and gaps, '+' under bars. */
				for (unsigned c = 0; c < side; c++) {
					if (c) {
						memcpy(p, c % bc ? "-" : "-+-", c % bc ? 1 : 3);
						p += c % bc ? 1 : 3;
					}
					*p++ = '-';
				}
				*p++ = '\n';
			}
			for (unsigned c = 0; c < side; c++) {
				if (c) {
					memcpy(p, c % bc ? " " : " | ", c % bc ? 1 : 3);
					p += c % bc ? 1 : 3;
				}
				*p++ = sym[board[(size_t)r * side + c]];
			}
			*p++ = '\n';
		}
		break;
	}
	return (size_t)(p - buf);
}
