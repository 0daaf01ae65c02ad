/*
 * The names dlx-sudoku's text options take: --format, --alphabet and
 * --output, with their aliases, in one table (sudoku-names.c).
 */
#ifndef DLX_SUDOKU_NAMES_H
#define DLX_SUDOKU_NAMES_H

#include <stdbool.h>

#include "sudoku-alphabet.h"
#include "sudoku-read.h"
#include "sudoku-write.h"

/* Parses a --format name (auto, line, grid, compact, drawn, count,
 * candidates, pencil, and the aliases pretty = drawn, spoj = poj = count,
 * sukaku = candidates); false if unknown. */
bool sudoku_format_parse(const char *name, enum sudoku_format *out);

/* Parses an --alphabet name (auto, alnum, letters, hex, and the aliases
 * digits = 1-9 = 1-9A-G = alnum, A-P = letters, 0-F = hex); false if unknown. */
bool sudoku_alphabet_parse(const char *name, enum sudoku_alphabet *out);

/* Parses an --output name (line, grid, compact, pretty, ss, bordered); false if unknown. */
bool sudoku_layout_parse(const char *name, enum sudoku_layout *out);

#endif
