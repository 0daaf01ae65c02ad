/*
 * Explained steps (dlx-sudoku-explain.h) as a line of text, the way
 * players write them: "r3c7=5  hidden single in row 3",
 * "r5c1,r5c2<>7  locked candidates: 7 in box 4 lies in row 5".
 */
#ifndef SUDOKU_STEPS_H
#define SUDOKU_STEPS_H

#include <stddef.h>

#include "dlx-sudoku-explain.h"
#include "sudoku-alphabet.h"

/* Longest line sudoku_step_text() writes, its '\n' and '\0' included. */
#define SUDOKU_STEP_TEXT_MAX 1024u

/*
 * Writes the step as one line ending in '\n' into buf (SUDOKU_STEP_TEXT_MAX
 * bytes): the placement "rXcY=D", else the eliminations grouped by digit
 * ("r1c1,r1c3<>7 r2c2<>8"), two spaces, the technique and its pattern.
 * Returns the length written, without the '\0'.
 */
size_t sudoku_step_text(char *buf, const dlx_sudoku_step *s);

/* Longest line sudoku_gstep_text() writes (800 eliminations of a 100x100 board fit). */
#define SUDOKU_GSTEP_TEXT_MAX 16384u

/*
 * The same for a step of the general ladder on grid g: cells named rXcY
 * with 1-based numbers up to N, symbols in alphabet a (numbers past what
 * it writes), units as the front end names them ("row 12", "box 3",
 * "region 5", "the main diagonal", "window 2", "disjoint group 4"):
 * "r3c7=G  hidden single in row 3".  buf holds SUDOKU_GSTEP_TEXT_MAX bytes.
 */
size_t sudoku_gstep_text(char *buf, const dlx_sudoku_glogic *g, const dlx_sudoku_gstep *s, enum sudoku_alphabet a);

#endif
