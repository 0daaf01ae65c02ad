/* Sudoku boards as SVG (draw-sudoku.h). */
#include "draw-sudoku.h"

#include <inttypes.h>
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

/* The cages' dashed outlines, inset so that neighbouring cages stay apart, and their sums; -1 if out of memory. */
static int draw_cages(FILE *f, const struct draw_sudoku *b, unsigned side, const int32_t *cage_label)
{
	size_t cells = (size_t)side * side;
	uint32_t n = 0;
	for (size_t k = 0; k < cells; k++)
		n = b->cages[k] > n ? b->cages[k] : n;
	bool *done = calloc((size_t)n + 1, sizeof *done);
	if (!done)
		return -1;
	fputs("<path class=\"cages\" fill=\"none\" stroke=\"#333\" stroke-width=\"0.45\" stroke-dasharray=\"1.2 0.9\" d=\"", f);
	draw_svg_edges(f, side, side, cage_label, CELL, CELL * 0.08);
	fputs("\"/>\n", f);
	/* A cage's sum goes in its first cell in row-major order, as puzzle books put it. */
	fputs("<g class=\"cage-sums\" font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\" fill=\"#000\">\n", f);
	double size = CELL * 0.22;
	for (size_t k = 0; k < cells; k++) {
		uint32_t g = b->cages[k];
		if (!g || done[g])
			continue;
		done[g] = true;
		if (b->sums[g - 1])
			fprintf(f, "<text class=\"cage-sum\" x=\"%g\" y=\"%g\" font-size=\"%g\">%" PRIu32 "</text>\n",
				(double)(k % side) * CELL + CELL * 0.12, (double)(k / side) * CELL + CELL * 0.12 + size, size,
				b->sums[g - 1]);
	}
	fputs("</g>\n", f);
	free(done);
	return 0;
}

static int draw_board(FILE *f, const struct draw_sudoku *b, unsigned side, const int32_t *label,
		      const int32_t *cage_label)
{
	fputs("<g class=\"cells\" stroke=\"#777\" stroke-width=\"0.3\">\n", f);
	for (unsigned r = 0; r < side; r++)
		for (unsigned c = 0; c < side; c++) {
			bool shaded = in_window(b, side, r, c);
			fprintf(f, "<rect class=\"cell%s\" x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"%s\"/>\n",
				shaded ? " window" : "", c * CELL, r * CELL, CELL, CELL, shaded ? "#d9d9d9" : "#fff");
		}
	fputs("</g>\n", f);
	if (b->parity) {
		/* Behind the digits, inside the thin lines: a square for even, a circle for odd. */
		fputs("<g class=\"parity\" fill=\"#cfcfcf\" stroke=\"none\">\n", f);
		for (unsigned r = 0; r < side; r++)
			for (unsigned c = 0; c < side; c++) {
				uint8_t m = b->parity[(size_t)r * side + c];
				if (m == DLX_SUDOKU_PARITY_EVEN)
					fprintf(f, "<rect class=\"even\" x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\"/>\n",
						(c + 0.15) * CELL, (r + 0.15) * CELL, 0.7 * CELL, 0.7 * CELL);
				else if (m == DLX_SUDOKU_PARITY_ODD)
					fprintf(f, "<circle class=\"odd\" cx=\"%g\" cy=\"%g\" r=\"%g\"/>\n",
						(c + 0.5) * CELL, (r + 0.5) * CELL, 0.38 * CELL);
			}
		fputs("</g>\n", f);
	}
	if (b->flags & DLX_SUDOKU_X) {
		double end = side * CELL;
		fprintf(f, "<g class=\"diagonals\" stroke=\"#aaa\" stroke-width=\"0.6\" stroke-dasharray=\"2 1.5\">\n"
			"<line class=\"diagonal\" x1=\"0\" y1=\"0\" x2=\"%g\" y2=\"%g\"/>\n"
			"<line class=\"diagonal\" x1=\"%g\" y1=\"0\" x2=\"0\" y2=\"%g\"/>\n</g>\n", end, end, end, end);
	}
	fputs("<path class=\"regions\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.2\" stroke-linecap=\"square\" d=\"", f);
	draw_svg_edges(f, side, side, label, CELL, 0);
	fputs("\"/>\n", f);
	if (cage_label && draw_cages(f, b, side, cage_label))
		return -1;
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
	return 0;
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
	int32_t *cage_label = NULL;
	if (b->cages) {
		cage_label = malloc((size_t)side * side * sizeof *cage_label);
		if (!cage_label) {
			free(label);
			return -1;
		}
		/* A cell in no cage is outside every cage: no outline of its own. */
		for (size_t k = 0; k < (size_t)side * side; k++)
			cage_label[k] = b->cages[k] ? (int32_t)b->cages[k] : -1;
	}
	int drawn = draw_board(f, b, side, label, cage_label);
	free(label);
	free(cage_label);
	if (drawn)
		return -1;
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
