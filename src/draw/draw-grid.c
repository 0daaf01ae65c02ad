/* General grid boards as SVG (draw-grid.h), drawn as draw-sudoku.c draws sudoku boards. */
#include "draw-grid.h"

#include <stdbool.h>
#include <stdlib.h>

#include "draw-svg.h"

/* As draw-sudoku.c: a cell is CELL units wide, a MARGIN for the frame's stroke, a caption line of CAPTION times the width. */
#define CELL 10.0
#define MARGIN 1.0
#define CAPTION 0.08

double draw_grid_aspect(unsigned rows, unsigned cols)
{
	double width = cols * CELL + 2 * MARGIN, height = rows * CELL + 2 * MARGIN;
	return (height + CAPTION * width) / width;
}

/* Whether a unit fills a rectangle of 2 or more rows and columns: its cells are distinct, so counting them tells. */
static bool is_box(const struct draw_grid *g, const dlx_sudoku_grid_unit *u)
{
	unsigned r0 = g->rows, c0 = g->cols, r1 = 0, c1 = 0;
	for (uint32_t k = 0; k < u->n_cells; k++) {
		unsigned r = u->cells[k] / g->cols, c = u->cells[k] % g->cols;
		r0 = r < r0 ? r : r0;
		c0 = c < c0 ? c : c0;
		r1 = r > r1 ? r : r1;
		c1 = c > c1 ? c : c1;
	}
	return u->n_cells > 0 && r1 > r0 && c1 > c0 && (size_t)(r1 - r0 + 1) * (c1 - c0 + 1) == u->n_cells;
}

int draw_grid_svg(FILE *f, const struct draw_grid *g, double x, double y, double w, double h)
{
	if (g->rows < 1 || g->cols < 1 || g->rows > DLX_SUDOKU_GRID_MAX_SIDE || g->cols > DLX_SUDOKU_GRID_MAX_SIDE)
		return -1;
	size_t positions = (size_t)g->rows * g->cols;
	int32_t *label = malloc(positions * sizeof *label);
	if (!label)
		return -1;
	/* Holes are outside (-1); cells in no box share one label, so no line runs between them. */
	for (size_t p = 0; p < positions; p++)
		label[p] = g->cells[p] ? INT32_MAX : -1;
	/* A box shared by two sudokus (samurai's corners) keeps the label of the first: the same cells. */
	for (size_t u = g->n_units; u-- > 0;)
		if (is_box(g, &g->units[u]))
			for (uint32_t k = 0; k < g->units[u].n_cells; k++)
				label[g->units[u].cells[k]] = (int32_t)u;
	double width = g->cols * CELL + 2 * MARGIN, height = g->rows * CELL + 2 * MARGIN;
	fprintf(f, "<svg class=\"sudoku grid\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
		"viewBox=\"%g %g %g %g\">\n", x, y, w, h, -MARGIN, -MARGIN, width,
		height + (g->caption ? CAPTION * width : 0));
	fputs("<g class=\"cells\" stroke=\"#777\" stroke-width=\"0.3\" fill=\"#fff\">\n", f);
	for (size_t p = 0; p < positions; p++)
		if (g->cells[p])
			fprintf(f, "<rect class=\"cell\" x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\"/>\n",
				(double)(p % g->cols) * CELL, (double)(p / g->cols) * CELL, CELL, CELL);
	fputs("</g>\n", f);
	fputs("<path class=\"regions\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.2\" stroke-linecap=\"square\" d=\"", f);
	draw_svg_edges(f, g->rows, g->cols, label, CELL, 0);
	fputs("\"/>\n", f);
	free(label);
	fputs("<g font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\" text-anchor=\"middle\">\n", f);
	for (size_t p = 0; p < positions; p++) {
		unsigned v = g->givens[p] ? g->givens[p] : g->solution ? g->solution[p] : 0;
		if (!v || !g->cells[p])
			continue;
		char text[2] = { g->symbols[v - 1], '\0' };
		/* The baseline a third of the font's size below the middle, as draw-sudoku.c puts it. */
		fprintf(f, "<text class=\"%s\" x=\"%g\" y=\"%g\" font-size=\"7\">",
			g->givens[p] ? "given\" font-weight=\"bold\" fill=\"#000" : "filled\" fill=\"#1a4fc4",
			((double)(p % g->cols) + 0.5) * CELL, ((double)(p / g->cols) + 0.5) * CELL + 7 * 0.35);
		draw_svg_escape(f, text);
		fputs("</text>\n", f);
	}
	fputs("</g>\n", f);
	if (g->caption) {
		double size = CAPTION * width * 0.6;
		fprintf(f, "<text class=\"caption\" x=\"%g\" y=\"%g\" font-size=\"%g\" text-anchor=\"middle\" "
			"font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\">", g->cols * CELL / 2,
			g->rows * CELL + MARGIN + size * 1.15, size);
		draw_svg_escape(f, g->caption);
		fputs("</text>\n", f);
	}
	fputs("</svg>\n", f);
	return ferror(f) ? -1 : 0;
}
