/*
 * Reading sudoku puzzles as text, for dlx-sudoku and its tests.
 *
 * This is part of the command-line layer, not of libdlx: the formats are
 * a matter of the program's interface (and its messages mention its
 * options), while the library deals in boards of bytes only.  Like the
 * library it never prints or exits; errors come back with a line number
 * and a message.
 *
 * Formats (see dlx-sudoku --help and dlx-sudoku(1) for the user's view):
 * Boards are N x N with N = n² (n x n boxes) or N = R·C (R x C boxes, see
 * struct sudoku_box).
 *  - line:    one puzzle per line, N² symbols;
 *  - grid:    N rows of N whitespace-separated numbers (0 blank), or of
 *             single symbols (one-digit words are symbols beside them, see
 *             cells_digit_words());
 *  - compact: N rows of N symbols without separators;
 *  - drawn:   compact or spaced rows with '|' between boxes and lines of
 *             '-', '+', '|', '=' between bands (and '*' in Simple Sudoku's
 *             frame: "*-----------*");
 *  - count:   a number T, then T grids (compact or grid rows), as in the
 *             SPOJ 1110 and POJ 2676 judges;
 *  - candidates (SUDOKU_FORMAT_MARKS): one puzzle of pencil marks per line,
 *             N symbols per cell in row-major order, the k-th the symbol of
 *             digit k when it is a candidate, else a blank (729 for 9x9,
 *             "sukaku").  Detected for the lengths N³ that no puzzle line
 *             has (216, 512, 729, 1000, ...; 64 and 4096 need --format);
 *  - pencil:  a grid of pencil marks as Simple Sudoku, HoDoKu and dlx-sudoku
 *             --candidates print them: N rows of N words, each word a cell's
 *             candidates ('.' for none), '|' between boxes, rule lines of
 *             '-', '+', '|', '=', '*', '.', ':' and '\'' between bands and
 *             around the grid.  Detected when the first row of a drawn grid
 *             has N words of distinct candidates, one of them longer than one.
 * '#' starts a comment line (of any bytes; other lines are ASCII) and a line
 * "end" ends the input, in every format.
 *
 * Jigsaw region maps are boards too, in the same formats: N² region numbers
 * 1..N written as digits (no blanks).  A reader told to expect them reads
 * each puzzle's map right after the puzzle, in the puzzle's format and size
 * (a count format's T counts the pairs); sudoku_read_region_map() reads a
 * file holding one map.
 *
 * The alphabets are in sudoku-alphabet.h, the writer in sudoku-write.h.
 */
#ifndef DLX_SUDOKU_READ_H
#define DLX_SUDOKU_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sudoku-alphabet.h"

enum sudoku_format {
	SUDOKU_FORMAT_AUTO = 0,
	SUDOKU_FORMAT_LINE,
	SUDOKU_FORMAT_GRID,
	SUDOKU_FORMAT_COMPACT,
	SUDOKU_FORMAT_DRAWN,
	SUDOKU_FORMAT_COUNT,
	SUDOKU_FORMAT_MARKS,  /* a line of candidates: N³ symbols */
	SUDOKU_FORMAT_PENCIL  /* a grid of pencil marks: N rows of N words of candidates */
};

/* Longest input line accepted; longer lines are an error, not a reallocation. */
#define SUDOKU_LINE_MAX 16384u

/*
 * Boxes of R rows and C columns (--box RxC); { 0, 0 }: none chosen.  Boards
 * of side n² have n x n boxes and the sides 6, 8, 10, 12, 15 and 20 the
 * wide boxes 2x3, 2x4, 2x5, 3x4, 3x5 and 4x5, unless a choice of the same
 * side says otherwise; a choice also makes its side known (e.g. 3x6: 18x18).
 */
struct sudoku_box {
	unsigned rows, cols;
};

/*
 * The boxes of boards of this side as the reader sees them (choice may be
 * NULL), into *out; false (and { 0, 0 }) if the side is not one it knows.
 */
bool sudoku_box_of_side(unsigned side, const struct sudoku_box *choice, struct sudoku_box *out);

/* The name of a format, e.g. "line". */
const char *sudoku_format_name(enum sudoku_format f);

/* What the reader could not accept. */
struct sudoku_read_error {
	size_t line;        /* 1-based line number; 0 when not about one line */
	char message[160];  /* no file or line prefix */
};

/* How a drawn grid looked. */
enum sudoku_drawn_style {
	SUDOKU_DRAWN_SPACED = 0, /* symbols between blanks: qqwing, dlx-sudoku --output pretty */
	SUDOKU_DRAWN_TIGHT,      /* "..8|2.3|..." rows: Simple Sudoku's .ss files */
	SUDOKU_DRAWN_FRAMED      /* the same in a "*---*" frame: Simple Sudoku's clipboard */
};

/* One puzzle as read. */
struct sudoku_puzzle {
	unsigned side;               /* N */
	unsigned box_rows, box_cols; /* its boxes: N = box_rows · box_cols */
	const uint8_t *cells;        /* N² digits, 0 blank; owned by the reader, valid until the next read */
	size_t line;                 /* line of its first row */
	enum sudoku_format format;   /* the format it was read in (never AUTO) */
	enum sudoku_alphabet alphabet; /* the symbols it used (ALNUM for numbers) */
	bool blank_before;           /* an empty line came between it and the previous puzzle */
	bool spaced;                 /* a grid whose rows were words: numbers or symbols between blanks */
	enum sudoku_drawn_style drawn_style; /* a drawn grid's look, for answering in kind */
	const uint8_t *marks;        /* a line or grid of candidates: N³ bytes, 1 when digit d is a candidate
	                                of the cell (marks[cell·N + d−1]); cells then holds the cells
	                                with one candidate.  Owned by the reader like cells.  Else NULL */
	const uint8_t *regions;      /* with sudoku_reader_expect_regions(): its region map, N²
	                                numbers 1..N, checked with dlx_sudoku_check_regions();
	                                owned by the reader like cells.  Else NULL */
	size_t regions_line;         /* line of the map's first row */
	const char *note;            /* how the reader guessed where the guess could be wrong (a static
	                                string, e.g. that '0' was read as a blank), on the first puzzle
	                                of a board size read with that guess; else NULL */
};

struct sudoku_reader;

/*
 * Creates a reader of @p in (not closed by the reader).  fmt and alpha may be
 * AUTO.  With AUTO format the first puzzle fixes the format and board size
 * for the whole input; with an explicit format each puzzle's size is its own.
 * Returns NULL when memory is short.  The reader allocates its buffers once;
 * reading a puzzle allocates nothing.
 */
struct sudoku_reader *sudoku_reader_new(FILE *in, enum sudoku_format fmt, enum sudoku_alphabet alpha);

void sudoku_reader_free(struct sudoku_reader *r);

/*
 * Makes boards of side choice.rows · choice.cols have boxes of that shape
 * (--box).  Call before the first read.
 */
void sudoku_reader_set_box(struct sudoku_reader *r, struct sudoku_box choice);

/*
 * From now on every puzzle must be followed by its region map (jigsaw): a
 * missing, blank-holding or malformed map is an error at its line.
 */
void sudoku_reader_expect_regions(struct sudoku_reader *r);

/*
 * Reads a file holding exactly one region map, in any format (detected as
 * for puzzles, its sides those choice makes known; choice may be NULL) and
 * written in the alphabet alpha (as the puzzles' symbols are), into map
 * (room for DLX_SUDOKU_MAX_SIDE² bytes) and its side into *side.  Returns 0,
 * or DLX_ERR_SYNTAX / DLX_ERR_IO / DLX_ERR_NOMEM with *err filled in.
 */
int sudoku_read_region_map(FILE *in, enum sudoku_alphabet alpha, const struct sudoku_box *choice, uint8_t *map,
	unsigned *side, struct sudoku_read_error *err);

/*
 * Reads the next puzzle into *pz.  Returns 1 with a puzzle, 0 at the end of
 * the input (or at a line "end", or after a count format's T puzzles), or
 * DLX_ERR_SYNTAX / DLX_ERR_IO / DLX_ERR_NOMEM with *err filled in.  After an
 * error the reader should not be used again.
 * Complexity: O(length of the puzzle's text).
 */
int sudoku_reader_next(struct sudoku_reader *r, struct sudoku_puzzle *pz, struct sudoku_read_error *err);

#endif
