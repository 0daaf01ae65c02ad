/* The symbol alphabets of the sudoku text formats (see sudoku-alphabet.h). */
#include <stdio.h>
#include <string.h>

#include "sudoku-alphabet.h"

/* Digit k is symbols[k-1].  alnum's three last symbols were picked because no
 * format gives them another meaning (blank, comment, separator). */
static const char alnum_symbols[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$&";
static const char letter_symbols[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
static const char hex_symbols[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

static const char *symbols_of(enum sudoku_alphabet a)
{
	switch (a) {
	case SUDOKU_ALPHA_LETTERS: return letter_symbols;
	case SUDOKU_ALPHA_HEX: return hex_symbols;
	default: return alnum_symbols;
	}
}

unsigned sudoku_alphabet_max_side(enum sudoku_alphabet a)
{
	return (unsigned)strlen(symbols_of(a));
}

char sudoku_alphabet_symbol(enum sudoku_alphabet a, unsigned d)
{
	if (d == 0 || d > sudoku_alphabet_max_side(a))
		return '?';
	return symbols_of(a)[d - 1];
}

const char *sudoku_alphabet_describe(enum sudoku_alphabet a, unsigned side, char *buf, size_t size)
{
	const char *s = symbols_of(a);
	unsigned max = sudoku_alphabet_max_side(a);
	if (side > max)
		side = max;
	/* Runs of consecutive symbols ("1-9", "A-G") read better than the list. */
	size_t n = 0;
	buf[0] = '\0';
	for (unsigned k = 0; k < side && n + 4 < size;) {
		unsigned j = k;
		while (j + 1 < side && s[j + 1] == s[j] + 1)
			j++;
		if (j - k >= 2)
			n += (size_t)snprintf(buf + n, size - n, "%c-%c", s[k], s[j]);
		else if (j > k)
			n += (size_t)snprintf(buf + n, size - n, "%c%c", s[k], s[j]);
		else
			n += (size_t)snprintf(buf + n, size - n, "%c", s[k]);
		k = j + 1;
	}
	return buf;
}
