/*
 * Even/odd maps and killer cage files as text, for dlx-sudoku's --parity
 * and --cages and their tests.  Never prints; errors come back with a line.
 *
 * A parity map is N rows of N marks, 'o' (odd), 'e' (even) or '.' (any; also
 * '0' and '-'), with or without blanks between them, or all N² marks on one
 * line.  Upper case is accepted.
 *
 * A cage file is one of:
 *  - a cage map and its sums: N rows of N cage names, each a single
 *    character (no blanks in the row) or words between blanks, '.' for a
 *    cell in no cage; then lines of NAME=SUM (or NAME:SUM) separated by
 *    blanks, commas or semicolons.  A cage without a sum only keeps its
 *    digits distinct (one of a single cell is no cage).  Cages are numbered in the order their first cells
 *    come in row-major order;
 *  - the one-line form of SumoCue and Perfect Sudoku, which killer programs
 *    exchange (sudocue.net forum, "Sumocue file syntax"): "3x3::k:" then N²
 *    fields separated by ':', each sum·256 + id, id numbering the cage
 *    (0-255); cells with one id are one cage.  "3x3:d:k:" adds both
 *    diagonals (X).  The header "RxC" gives the boxes: R rows of C columns,
 *    N = R·C.  A cage whose sum field is 0 has no sum; one of one cell is no
 *    cage at all (the form writes uncaged cells so).
 * '#' starts a comment line, as in puzzle files.
 */
#ifndef DLX_SUDOKU_EXTRAS_H
#define DLX_SUDOKU_EXTRAS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dlx-sudoku.h"
#include "sudoku-read.h"

/* The most cells of a board: 100x100. */
#define SUDOKU_EXTRAS_MAX_CELLS (DLX_SUDOKU_MAX_SIDE * DLX_SUDOKU_MAX_SIDE)

/* A cage file as read. */
struct sudoku_cages {
	unsigned side;               /* N */
	struct sudoku_box box;       /* from a one-line header; { 0, 0 } for a map */
	bool diagonals;              /* the one-line form's 'd' */
	uint32_t cage[SUDOKU_EXTRAS_MAX_CELLS]; /* N² cage numbers, 0 for none */
	uint32_t sum[SUDOKU_EXTRAS_MAX_CELLS];  /* sum[k − 1] of cage k, 0 for none */
	uint32_t n_cages;
};

/*
 * Reads a parity map into parity (room for SUDOKU_EXTRAS_MAX_CELLS bytes:
 * 0 any, 1 odd, 2 even, as dlx-sudoku.h's DLX_SUDOKU_PARITY_*) and its side.
 * Returns 0, or DLX_ERR_SYNTAX / DLX_ERR_IO with *err filled in.
 */
int sudoku_read_parity(FILE *in, uint8_t *parity, unsigned *side, struct sudoku_read_error *err);

/* Reads a cage file (either form).  Returns 0, or DLX_ERR_SYNTAX / DLX_ERR_IO with *err. */
int sudoku_read_cages(FILE *in, struct sudoku_cages *out, struct sudoku_read_error *err);

/*
 * Writes cages as a map of letters (a-z, A-Z, then 0-9 and the rest of
 * ASCII's printable characters; words "c1".."cK" between blanks when there
 * are more cages than those) and a line of sums, or in the one-line form
 * (boxes as given), to out.  Returns 0, DLX_ERR_INVALID when the one-line
 * form cannot hold them (more than 256 cages and uncaged cells, or a sum
 * over 255·N), or DLX_ERR_IO.
 */
int sudoku_write_cages_map(FILE *out, const struct sudoku_cages *c);
int sudoku_write_cages_line(FILE *out, const struct sudoku_cages *c, struct sudoku_box box, bool diagonals);

#endif
