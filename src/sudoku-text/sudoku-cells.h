/*
 * The cells of a puzzle's text before they are decoded, for the reader
 * (sudoku-read.c): rows split into raw cells, the board size a count of
 * cells implies, and the guesses a reader makes from the cells alone (the
 * alphabet, a whole puzzle on one line).  Pure functions: no reader state,
 * no allocation, never prints.
 *
 * A raw cell is a symbol's byte, or RAW_NUMBER + n for a number n written
 * in a grid row; cells are decoded once the whole puzzle is known, so the
 * alphabet can be guessed from the puzzle as a whole.
 */
#ifndef DLX_SUDOKU_CELLS_H
#define DLX_SUDOKU_CELLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sudoku-alphabet.h"
#include "sudoku-lines.h"

/* Symbols are bytes; numbers from grid rows are stored above them. */
#define RAW_NUMBER 256u
/* Bigger numbers are out of range for any board, and keep raw in 16 bits. */
#define NUMBER_MAX 9999u

#define MAX_SIDE DLX_SUDOKU_MAX_SIDE
#define MAX_CELLS (MAX_SIDE * MAX_SIDE)
/* Symbol formats stop where the alphabets do. */
#define SYMBOL_MAX_SIDE SUDOKU_ALPHA_MAX_SIDE

/*
 * Whether s is the side of a board the reader knows, at most max_side, and
 * its boxes into *rows x *cols (either may be NULL): --box's R x C when
 * R·C = s (choice may be NULL), else n x n for s = n², else the rectangles
 * of sudoku_box_table (6 = 2x3, 8 = 2x4, 10 = 2x5, 12 = 3x4, 15 = 3x5,
 * 20 = 4x5).
 */
bool cells_side_boxes(size_t s, size_t max_side, const struct sudoku_box *choice, unsigned *rows, unsigned *cols);

/* The side of a puzzle line of len symbols (len = s², s a known side up to SYMBOL_MAX_SIDE), or 0. */
unsigned cells_side_of_line(size_t len, const struct sudoku_box *choice);

/* The largest side of a line of candidates: N³ symbols must fit SUDOKU_LINE_MAX. */
#define MARKS_MAX_SIDE 25u

/*
 * The side of a line of candidates of len symbols (len = s³, s a known side
 * up to MARKS_MAX_SIDE), or 0.  Unless any_length, lengths that are also
 * those of puzzle lines (64: 8x8; 4096: 64x64) are not candidates.
 */
unsigned cells_side_of_marks(size_t len, const struct sudoku_box *choice, bool any_length);

/*
 * The known sides up to max_side, as a list for messages: "4, 6, 8, 9, 10"
 * (squared when square is true: the lengths of puzzle lines), ending
 * "... or N".  Returns buf.
 */
const char *cells_describe_sides(size_t max_side, bool square, const struct sudoku_box *choice, char *buf,
	size_t size);

/* Whether the line holds one of the bytes of set. */
bool cells_line_has_any(const struct text_line *l, const char *set);

/*
 * Whether the line only draws: '-', '+', '|', '=', '*' and blanks (a drawn
 * grid's band line, or Simple Sudoku's "*-----------*" frame).
 */
bool cells_is_separator(const struct text_line *l);

/*
 * Splits a grid row into raw cells at raw[0..max].  Rows with '|' (or any
 * row of a drawn grid) are symbols with blanks and bars ignored; otherwise
 * one word is a row of symbols, several words are numbers or one-symbol
 * cells.  Returns the number of cells (max + 1 means "too many"), or
 * DLX_ERR_SYNTAX with *err filled in (a number over NUMBER_MAX, a word that
 * is neither a number nor a symbol).  Complexity: O(length of the line).
 */
long cells_split_row(const struct text_line *l, bool drawn, uint16_t *raw, size_t max,
	struct sudoku_read_error *err);

/* Cells in a row as cells_split_row() would count them, for format detection. */
size_t cells_in_row(const struct text_line *l);

/*
 * Fills tb[256] with the digit each byte stands for in alphabet a on a board
 * of this side: -1 not a symbol, 0 a blank ('-' is no blank in drawn grids).
 */
void cells_decode_table(int16_t *tb, enum sudoku_alphabet a, unsigned side, bool drawn);

/* What cells_digit_words() made of a puzzle's numbers. */
enum digit_words {
	DIGIT_WORDS_NUMBERS,  /* left as numbers: a grid of numbers, 0 a blank */
	DIGIT_WORDS_SYMBOLS,  /* turned into the digits' symbols */
	DIGIT_WORDS_AMBIGUOUS /* left as numbers, though the alphabet says '0' is a symbol (hex) */
};

/*
 * A grid row's one-digit words are symbols, not numbers, in a grid of
 * single symbols: beside a letter (or another symbol but a blank), or
 * beside the blanks '.', '_', '-', which leave '0' to be a digit, when
 * the alphabet (opt, SUDOKU_ALPHA_AUTO when none was given) is hex or a
 * '0' is there to be guessed one (cells_guess_alphabet()).  Then every
 * number of the n raw cells becomes its digit's byte, unless one has two
 * digits or more (a grid of numbers, and letters beside them are alnum's
 * 10 and up).  Read as numbers, hex's '0' was a blank and every digit one
 * less: a wrong board, exit 0.  Read as symbols, alnum's digits and blank
 * '0' are what the numbers were.  In hex without either sign, a '0' stays
 * a blank (DIGIT_WORDS_AMBIGUOUS, for a note).  Complexity: O(n).
 */
enum digit_words cells_digit_words(uint16_t *raw, size_t n, enum sudoku_alphabet opt);

/*
 * The alphabet of a board with this side when none was given, from its n
 * raw cells.  *note is set to a remark for the user when the reading is a
 * guess that could be wrong (a static string), else NULL.
 */
enum sudoku_alphabet cells_guess_alphabet(const uint16_t *raw, size_t n, unsigned side, const char **note);

/*
 * The side s when n raw cells of one row are a whole s x s puzzle written
 * on one line, else 0 (see the definition for the rule).
 */
unsigned cells_flat_side(const uint16_t *raw, size_t n, const struct sudoku_box *choice);

#endif
