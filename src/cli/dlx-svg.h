/*
 * dlx --svg FILE: the solutions found, drawn as tilings when the item
 * names are cells of a grid (src/draw/draw-tiling.h says which names).
 * The solutions are kept (their option numbers) until the search ends,
 * when the picture's size is known.
 */
#ifndef DLX_SVG_H
#define DLX_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "dlx-ec.h"
#include "draw-tiling.h"

struct dlx_svg {
	const dlx_ec *ec;
	const char **names;      /* the item names, by item number */
	struct draw_grid grid;
	FILE *out;               /* the picture's file, open from the start */
	const char *file;
	size_t *options;         /* every kept solution's options, one solution after another */
	size_t n_options, cap_options;
	size_t *ends;            /* solution k's options end at options[ends[k]] */
	size_t solutions, cap_ends;
	bool out_of_memory;      /* a solution could not be kept */
};

/*
 * Reads the grid from ec's item names and opens file for writing ("-":
 * standard output, which the caller then leaves to the picture).  input is
 * the input's name for messages.  Returns 0, or an exit status after a
 * message: 2 when no name is a cell or the grid is too big, 3 when the file
 * cannot be opened or memory is short.  Free with dlx_svg_free() either way.
 */
int dlx_svg_init(struct dlx_svg *s, const dlx_ec *ec, const char *input, const char *file);

/* Keeps a solution (its n option numbers) for the picture; false if out of memory. */
bool dlx_svg_add(struct dlx_svg *s, const size_t *options, size_t n);

/*
 * Draws the kept solutions into the file and closes it; without any, the
 * empty board, captioned "no solution", or with partial (why the search
 * stopped early, e.g. "stopped at node limit") "no solution found (...)".
 * Returns 0, or 3 after a message.
 */
int dlx_svg_finish(struct dlx_svg *s, const char *partial);

void dlx_svg_free(struct dlx_svg *s);

#endif
