/* Tilings as SVG (draw-tiling.h). */
#include "draw-tiling.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "draw-svg.h"

#define CELL 10.0
#define MARGIN 1.0
#define CAPTION 10.0
#define MAX_DIGITS 6

/* Reads 1..MAX_DIGITS decimal digits at *p; false if there are none or too many. */
static bool number(const char **p, unsigned long *out)
{
	unsigned long v = 0;
	int n = 0;
	while (**p >= '0' && **p <= '9') {
		if (++n > MAX_DIGITS)
			return false;
		v = v * 10 + (unsigned long)(**p - '0');
		(*p)++;
	}
	*out = v;
	return n > 0;
}

enum draw_cell_form draw_cell_parse(const char *name, unsigned long *row, unsigned long *col)
{
	const char *p = name;
	unsigned long a, b;
	if (*p == 'r' || *p == 'R') {
		p++;
		if (number(&p, &a) && (*p == 'c' || *p == 'C') && (p++, number(&p, &b)) && !*p) {
			*row = a;
			*col = b;
			return DRAW_CELLS_RC;
		}
		return DRAW_CELLS_NONE;
	}
	if (!number(&p, &a) || (*p != '.' && *p != ','))
		return DRAW_CELLS_NONE;
	char sep = *p++;
	if (!number(&p, &b) || *p)
		return DRAW_CELLS_NONE;
	*row = sep == '.' ? a : b;
	*col = sep == '.' ? b : a;
	return sep == '.' ? DRAW_CELLS_DOT : DRAW_CELLS_XY;
}

enum draw_grid_status draw_grid_init(struct draw_grid *g, const char *const *names, size_t n)
{
	memset(g, 0, sizeof *g);
	unsigned long r, c, r1 = 0, c1 = 0;
	for (size_t k = 0; k < n; k++) {
		enum draw_cell_form form = draw_cell_parse(names[k], &r, &c);
		if (form == DRAW_CELLS_NONE || (g->form && form != g->form))
			continue;
		if (!g->form) {
			g->form = form;
			g->row0 = r1 = r;
			g->col0 = c1 = c;
		}
		g->row0 = r < g->row0 ? r : g->row0;
		g->col0 = c < g->col0 ? c : g->col0;
		r1 = r > r1 ? r : r1;
		c1 = c > c1 ? c : c1;
	}
	if (!g->form)
		return DRAW_GRID_NO_CELLS;
	/* Names have at most 6 digits, so each span fits an unsigned and their product 64 bits. */
	g->rows = (unsigned)(r1 - g->row0 + 1);
	g->cols = (unsigned)(c1 - g->col0 + 1);
	if ((uint64_t)g->rows * g->cols > DRAW_GRID_MAX_CELLS)
		return DRAW_GRID_TOO_BIG;
	g->cell = malloc((n ? n : 1) * sizeof *g->cell);
	if (!g->cell)
		return DRAW_GRID_NOMEM;
	g->items = n;
	for (size_t k = 0; k < n; k++) {
		g->cell[k] = -1;
		if (draw_cell_parse(names[k], &r, &c) == g->form)
			g->cell[k] = (int32_t)((r - g->row0) * g->cols + (c - g->col0));
	}
	return DRAW_GRID_OK;
}

void draw_grid_free(struct draw_grid *g)
{
	free(g->cell);
	g->cell = NULL;
}

/* The drawing's size in its own units: the board and its margin, and the caption line. */
static void extent(const struct draw_grid *g, bool caption, double *w, double *h)
{
	*w = g->cols * CELL + 2 * MARGIN;
	*h = g->rows * CELL + 2 * MARGIN;
	if (caption)
		*h += CAPTION;
}

double draw_tiling_aspect(const struct draw_grid *g, bool caption)
{
	double w, h;
	extent(g, caption, &w, &h);
	return h / w;
}

/* Piece k's label: its items that are no cells, separated by blanks. */
static void label(FILE *f, const struct draw_tiling *t, size_t k, const int32_t *at)
{
	size_t cells = 0;
	double sr = 0, sc = 0;
	bool any = false;
	const unsigned cols = t->grid->cols;
	for (size_t i = t->start[k]; i < t->start[k + 1]; i++) {
		int32_t cell = t->grid->cell[t->items[i]];
		if (cell < 0) {
			any = true;
			continue;
		}
		cells++;
		sr += cell / cols;
		sc += cell % cols;
	}
	if (!any || !cells)
		return;
	sr /= (double)cells;
	sc /= (double)cells;
	/* The piece's cell nearest its centre of mass: the centre itself may lie outside the piece. */
	int32_t best = -1;
	double best_d = 0;
	for (size_t i = t->start[k]; i < t->start[k + 1]; i++) {
		int32_t cell = t->grid->cell[t->items[i]];
		if (cell < 0 || at[cell] != (int32_t)k)
			continue;
		double dr = cell / cols - sr, dc = cell % cols - sc, d = dr * dr + dc * dc;
		if (best < 0 || d < best_d) {
			best = cell;
			best_d = d;
		}
	}
	if (best < 0)
		return;
	fprintf(f, "<text class=\"label\" x=\"%g\" y=\"%g\">", (best % cols + 0.5) * CELL, (best / cols + 0.5) * CELL + 2.1);
	bool first = true;
	for (size_t i = t->start[k]; i < t->start[k + 1]; i++) {
		if (t->grid->cell[t->items[i]] >= 0)
			continue;
		if (!first)
			fputc(' ', f);
		draw_svg_escape(f, t->names[t->items[i]]);
		first = false;
	}
	fputs("</text>\n", f);
}

/*
 * Which colour piece k gets: its first item that is no cell (a pentomino's
 * letter), so that one piece keeps its colour in every solution; pieces
 * of cells alone take colours of their own.
 */
static uint64_t colour_key(const struct draw_tiling *t, size_t k)
{
	for (size_t i = t->start[k]; i < t->start[k + 1]; i++)
		if (t->grid->cell[t->items[i]] < 0)
			return t->items[i];
	return (uint64_t)t->grid->items + k;
}

int draw_tiling_svg(FILE *f, const struct draw_tiling *t, double x, double y, double w, double h)
{
	const struct draw_grid *g = t->grid;
	size_t n = (size_t)g->rows * g->cols;
	/* at[cell]: the piece on it, -2 a named cell no piece covers, -1 no cell at all. */
	int32_t *at = malloc(n * sizeof *at);
	if (!at)
		return -1;
	for (size_t k = 0; k < n; k++)
		at[k] = -1;
	for (size_t k = 0; k < g->items; k++)
		if (g->cell[k] >= 0)
			at[g->cell[k]] = -2;
	for (size_t k = 0; k < t->pieces; k++)
		for (size_t i = t->start[k]; i < t->start[k + 1]; i++)
			if (g->cell[t->items[i]] >= 0)
				at[g->cell[t->items[i]]] = (int32_t)k;
	double vw, vh;
	extent(g, t->caption != NULL, &vw, &vh);
	fprintf(f, "<svg class=\"tiling\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" viewBox=\"%g %g %g %g\">\n",
		x, y, w, h, -MARGIN, -MARGIN, vw, vh);
	fputs("<g class=\"cells\" fill=\"#fff\" stroke=\"#999\" stroke-width=\"0.3\">\n", f);
	for (size_t k = 0; k < n; k++)
		if (at[k] == -2)
			fprintf(f, "<rect class=\"cell\" x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\"/>\n",
				(double)(k % g->cols) * CELL, (double)(k / g->cols) * CELL, CELL, CELL);
	fputs("</g>\n<g class=\"pieces\" stroke=\"none\">\n", f);
	for (size_t k = 0; k < t->pieces; k++) {
		bool open = false;
		for (size_t i = t->start[k]; i < t->start[k + 1]; i++) {
			int32_t cell = g->cell[t->items[i]];
			if (cell < 0 || at[cell] != (int32_t)k)
				continue;
			if (!open) {
				char colour[8];
				draw_svg_colour(colour_key(t, k), colour);
				fprintf(f, "<path class=\"piece\" fill=\"%s\" d=\"", colour);
				open = true;
			}
			/* Squares of one colour side by side: no seam, since the path has no stroke. */
			fprintf(f, "M%g %gh%gv%gh%gz", (double)(cell % g->cols) * CELL, (double)(cell / g->cols) * CELL,
				CELL, CELL, -CELL);
		}
		if (open)
			fputs("\"/>\n", f);
	}
	fputs("</g>\n<path class=\"outlines\" fill=\"none\" stroke=\"#000\" stroke-width=\"0.8\" "
		"stroke-linecap=\"square\" d=\"", f);
	/* Uncovered cells and holes alike are no piece: one label for both keeps lines between pieces only. */
	for (size_t k = 0; k < n; k++)
		if (at[k] == -2)
			at[k] = -1;
	draw_svg_edges(f, g->rows, g->cols, at, CELL, 0);
	fputs("\"/>\n<g class=\"labels\" font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\" font-size=\"6\" "
		"text-anchor=\"middle\" fill=\"#000\">\n", f);
	for (size_t k = 0; k < t->pieces; k++)
		label(f, t, k, at);
	fputs("</g>\n", f);
	if (t->caption) {
		double size = CAPTION * 0.6;
		fprintf(f, "<text class=\"caption\" x=\"%g\" y=\"%g\" font-size=\"%g\" text-anchor=\"middle\" "
			"font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\">", g->cols * CELL / 2,
			g->rows * CELL + MARGIN + size * 1.15, size);
		draw_svg_escape(f, t->caption);
		fputs("</text>\n", f);
	}
	fputs("</svg>\n", f);
	free(at);
	return ferror(f) ? -1 : 0;
}
