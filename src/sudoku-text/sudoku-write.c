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
