/*
 * An independent checker of sudoku boards and their variants, for the tests.
 *
 * It is written from the rules, not from the library: the units are lists of
 * cells built here (rows, columns, boxes or a jigsaw map, the two diagonals,
 * the windoku windows), and a board is checked unit by unit.  It shares no
 * code with src/sudoku/dlx-sudoku.c, so a wrong unit in the library's matrix shows up
 * as a disagreement.
 */
#ifndef DLX_TEST_SUDOKU_RULES_H
#define DLX_TEST_SUDOKU_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The rules of a board: box size, the variant flags of dlx-sudoku.h (X,
 * windoku, disjoint groups as units; anti-knight, anti-king and
 * non-consecutive as conditions on pairs of cells), and a jigsaw map (1..N) or NULL; rows and cols, when not 0, give R x C boxes
 * (side R·C) and n is then ignored.
 */
struct rules {
	unsigned n;
	unsigned flags;
	const uint8_t *regions;
	unsigned rows, cols;
};

/*
 * Parity marks and killer cages, for the *_extras checks: each filled cell
 * keeps its mark; a cage's filled cells hold distinct digits, and once all
 * are filled they add up to its sum.
 */
struct rules_extras {
	const uint8_t *parity;  /* N² marks, 0 any, 1 odd, 2 even; or NULL */
	const uint32_t *cages;  /* N² cage numbers, 0 none, 1..n_cages; or NULL */
	const uint32_t *sums;   /* n_cages sums, 0 none (distinct digits only); or NULL */
	uint32_t n_cages;
};

/* The side of the board the rules are about. */
unsigned rules_side(const struct rules *ru);

/* True if sol is a complete board (digits 1..N) that obeys every unit and keeps every given (givens may be NULL). */
bool rules_valid(const struct rules *ru, const uint8_t *givens, const uint8_t *sol);

/* rules_valid() with parity marks and cages too. */
bool rules_valid_extras(const struct rules *ru, const struct rules_extras *x, const uint8_t *givens,
	const uint8_t *sol);

/* True if no unit holds a digit twice among the filled cells of board (0 blank). */
bool rules_consistent(const struct rules *ru, const uint8_t *board);

/*
 * Counts the completions of givens by plain backtracking in row-major
 * order, up to limit (0: all).  Only for small boards: 4x4, or 9x9 with
 * many givens.
 */
uint64_t rules_brute_count(const struct rules *ru, const uint8_t *givens, uint64_t limit);

/* The same with parity marks and cages, whose sums are checked on each full board. */
uint64_t rules_brute_count_extras(const struct rules *ru, const struct rules_extras *x, const uint8_t *givens,
	uint64_t limit);

/*
 * The same for pencil marks: N bytes per cell, digit d allowed in the cell
 * when marks[cell·N + d−1] is non-zero; every cell is filled from its marks.
 */
uint64_t rules_brute_count_marks(const struct rules *ru, const uint8_t *marks, uint64_t limit);

/* Writes n cells of s, as the tests spell boards ('.' blank, '1'-'9', or region numbers), into out. */
void rules_parse(const char *s, uint8_t *out, size_t n);

#endif
