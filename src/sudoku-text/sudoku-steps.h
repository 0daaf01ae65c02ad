/*
 * Explained steps (dlx-sudoku-explain.h) as a line of text, the way
 * players write them: "r3c7=5  hidden single in row 3",
 * "r5c1,r5c2<>7  locked candidates: 7 in box 4 lies in row 5".
 */
#ifndef SUDOKU_STEPS_H
#define SUDOKU_STEPS_H

#include <stddef.h>

#include "dlx-sudoku-explain.h"

/* Longest line sudoku_step_text() writes, its '\n' and '\0' included. */
#define SUDOKU_STEP_TEXT_MAX 1024u

/*
 * Writes the step as one line ending in '\n' into buf (SUDOKU_STEP_TEXT_MAX
 * bytes): the placement "rXcY=D", else the eliminations grouped by digit
 * ("r1c1,r1c3<>7 r2c2<>8"), two spaces, the technique and its pattern.
 * Returns the length written, without the '\0'.
 */
size_t sudoku_step_text(char *buf, const dlx_sudoku_step *s);

#endif
