/*
 * The symbol alphabets of sudoku text: which character stands for which
 * digit.  Part of the text formats (see sudoku-read.h), not of libdlx-sudoku.
 *
 * Alphabets map symbols to digits 1..N; blanks are '.', '_', '0' (except in
 * hex) and '-' (except in drawn grids, where '-' draws lines):
 *  - alnum:   1-9, A-Z, a-z, then '@', '$', '&' (digit k is the k-th), up
 *             to N = 64.  N ≤ 9 uses just 1-9; N = 16 is "1-9A-G".
 *  - letters: A-Z, A = 1 (SPOJ 1110 uses A-P for N = 16), N ≤ 26.
 *  - hex:     0-9, A-Z, 0 = 1 (hex 0-F for N = 16), N ≤ 36.
 * Letters are case-insensitive where the alphabet has no lower case.
 */
#ifndef DLX_SUDOKU_ALPHABET_H
#define DLX_SUDOKU_ALPHABET_H

#include <stdbool.h>
#include <stddef.h>

enum sudoku_alphabet {
	SUDOKU_ALPHA_AUTO = 0,
	SUDOKU_ALPHA_ALNUM,
	SUDOKU_ALPHA_LETTERS,
	SUDOKU_ALPHA_HEX
};

/* Largest side any symbol alphabet can write (alnum's 64). */
#define SUDOKU_ALPHA_MAX_SIDE 64u

/* Largest side the alphabet can write: 64, 26 or 36. */
unsigned sudoku_alphabet_max_side(enum sudoku_alphabet a);

/* The symbol of digit d (1..N) in alphabet a, or '?' when out of range. */
char sudoku_alphabet_symbol(enum sudoku_alphabet a, unsigned d);

/* The alphabet's symbols for a side, e.g. "1-9A-G" or "A-P", in buf; returns buf. */
const char *sudoku_alphabet_describe(enum sudoku_alphabet a, unsigned side, char *buf, size_t size);

#endif
