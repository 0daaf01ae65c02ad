/* Sudoku boards as SVG (draw-sudoku.h). */
#include "draw-sudoku.h"

#include <stdbool.h>
#include <stdlib.h>

#include "dlx-sudoku.h"
#include "draw-svg.h"

/*
 * A cell is CELL units wide; the board has a MARGIN for its frame's stroke,
 * and below it a caption line of CAPTION times its width, so that captions
 * look alike on a page whatever the boards' sides.
 */
#define CELL 10.0
#define MARGIN 1.0
#define CAPTION 0.08

double draw_sudoku_aspect(void)
{
	return 1 + CAPTION;
}

/*
 * Windoku's windows (see DLX_SUDOKU_WINDOKU): along a side, `size` lines
 * from 1 + k(size+1) on, as many as leave a line after the last.  The index
 * of the window line i lies in, or -1.
 */
static int window_band(unsigned i, unsigned side, unsigned size)
{
	unsigned count = side >= size + 2 ? (side - size - 2) / (size + 1) + 1 : 0;
	if (i == 0)
		return -1;
	unsigned k = (i - 1) / (size + 1), m = (i - 1) % (size + 1);
	return m < size && k < count ? (int)k : -1;
}

static bool in_window(const struct draw_sudoku *b, unsigned side, unsigned r, unsigned c)
{
	return (b->flags & DLX_SUDOKU_WINDOKU) && window_band(r, side, b->box_rows) >= 0 &&
		window_band(c, side, b->box_cols) >= 0;
}

/*
 * The digit's text, centred in cell (r, c): the symbol, or a number.  One
 * font size for the board, that of its longest number, so that the digits
 * of a row look alike.
 */
static void digit(FILE *f, const struct draw_sudoku *b, unsigned r, unsigned c, unsigned d, const char *cls)
{
	char text[8];
	if (b->symbols)
		snprintf(text, sizeof text, "%c", b->symbols[d - 1]);
	else
		snprintf(text, sizeof text, "%u", d);
	unsigned side = b->box_rows * b->box_cols;
	unsigned len = b->symbols || side < 10 ? 1 : side < 100 ? 2 : 3;
	double size = len == 1 ? 7.0 : len == 2 ? 5.6 : 4.2;
	/* The baseline sits a third of the font's size below the middle: no reliance on dominant-baseline. */
	fprintf(f, "<text class=\"%s\" x=\"%g\" y=\"%g\" font-size=\"%g\">", cls, (c + 0.5) * CELL,
		(r + 0.5) * CELL + size * 0.35, size);
	draw_svg_escape(f, text);
	fputs("</text>\n", f);
}

static void draw_board(FILE *f, const struct draw_sudoku *b, unsigned side, const int32_t *label)
{
	fputs("<g class=\"cells\" stroke=\"#777\" stroke-width=\"0.3\">\n", f);
	for (unsigned r = 0; r < side; r++)
		for (unsigned c = 0; c < side; c++) {
			bool shaded = in_window(b, side, r, c);
			fprintf(f, "<rect class=\"cell%s\" x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"%s\"/>\n",
				shaded ? " window" : "", c * CELL, r * CELL, CELL, CELL, shaded ? "#d9d9d9" : "#fff");
		}
	fputs("</g>\n", f);
	if (b->flags & DLX_SUDOKU_X) {
		double end = side * CELL;
		fprintf(f, "<g class=\"diagonals\" stroke=\"#aaa\" stroke-width=\"0.6\" stroke-dasharray=\"2 1.5\">\n"
			"<line class=\"diagonal\" x1=\"0\" y1=\"0\" x2=\"%g\" y2=\"%g\"/>\n"
			"<line class=\"diagonal\" x1=\"%g\" y1=\"0\" x2=\"0\" y2=\"%g\"/>\n</g>\n", end, end, end, end);
	}
	fputs("<path class=\"regions\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.2\" stroke-linecap=\"square\" d=\"", f);
	draw_svg_edges(f, side, side, label, CELL, 0);
	fputs("\"/>\n", f);
	fputs("<g font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\" text-anchor=\"middle\">\n", f);
	for (unsigned r = 0; r < side; r++)
		for (unsigned c = 0; c < side; c++) {
			size_t k = (size_t)r * side + c;
			unsigned g = b->givens[k], s = b->solution ? b->solution[k] : 0;
			if (g >= 1 && g <= side)
				digit(f, b, r, c, g, "given\" font-weight=\"bold\" fill=\"#000");
			else if (s >= 1 && s <= side)
				digit(f, b, r, c, s, "filled\" fill=\"#1a4fc4");
		}
	fputs("</g>\n", f);
}

int draw_sudoku_svg(FILE *f, const struct draw_sudoku *b, double x, double y, double w, double h)
{
	unsigned side = b->box_rows * b->box_cols;
	if (b->box_rows < 1 || b->box_cols < 1 || side < 4 || side > DLX_SUDOKU_MAX_SIDE)
		return -1;
	int32_t *label = malloc((size_t)side * side * sizeof *label);
	if (!label)
		return -1;
	for (unsigned r = 0; r < side; r++)
		for (unsigned c = 0; c < side; c++) {
			size_t k = (size_t)r * side + c;
			label[k] = b->regions ? b->regions[k]
				: (int32_t)((r / b->box_rows) * (side / b->box_cols) + c / b->box_cols);
		}
	double board = side * CELL, width = board + 2 * MARGIN;
	fprintf(f, "<svg class=\"sudoku\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
		"viewBox=\"%g %g %g %g\">\n", x, y, w, h, -MARGIN, -MARGIN, width,
		width + (b->caption ? CAPTION * width : 0));
	draw_board(f, b, side, label);
	free(label);
	if (b->caption) {
		double size = CAPTION * width * 0.6;
		fprintf(f, "<text class=\"caption\" x=\"%g\" y=\"%g\" font-size=\"%g\" text-anchor=\"middle\" "
			"font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\">", board / 2, board + MARGIN + size * 1.15, size);
		draw_svg_escape(f, b->caption);
		fputs("</text>\n", f);
	}
	fputs("</svg>\n", f);
	return ferror(f) ? -1 : 0;
}
