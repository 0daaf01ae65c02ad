/* dlx-sudoku --output svg (dlx-sudoku-draw.h). */
#define _POSIX_C_SOURCE 200809L
#include "dlx-sudoku-draw.h"

#include <inttypes.h>
#include <stdlib.h>

#include "draw-sudoku.h"
#include "draw-svg.h"
#include "sudoku-alphabet.h"

static char *svg_buf;
static size_t svg_len;

/* Slots a board fits: 100 mm wide in a column, or the page's share. */
static void sheet_of(const struct puzzle_options *o, struct draw_sheet *s)
{
	if (!o->per_page || !draw_sheet_pages(s, o->per_page, draw_sudoku_aspect()))
		draw_sheet_column(s, 100.0, 100.0 * draw_sudoku_aspect());
}

bool sudoku_svg_start(void)
{
	FILE *f = open_memstream(&svg_buf, &svg_len);
	if (!f)
		return false;
	puzzle_out = f;
	return true;
}

bool sudoku_svg_finish(const struct puzzle_options *o, uint64_t boards)
{
	FILE *f = puzzle_out;
	puzzle_out = stdout;
	bool ok = !ferror(f);
	ok = fclose(f) == 0 && ok;
	if (ok && boards) {
		struct draw_sheet s;
		sheet_of(o, &s);
		ok = cli_wrote(draw_svg_begin(stdout, &s, boards) == 0 && fwrite(svg_buf, 1, svg_len, stdout) == svg_len &&
			draw_svg_end(stdout) == 0);
	}
	free(svg_buf);
	svg_buf = NULL;
	return ok;
}

bool emit_board_svg(struct puzzle_worker *w, uint64_t seq, unsigned box_rows, unsigned box_cols,
	const uint8_t *regions, const uint8_t *givens, const uint8_t *solution, const char *note)
{
	const struct puzzle_options *o = w->o;
	unsigned side = box_rows * box_cols;
	/* Numbers where the answers' text has them (grids) or no symbol is left; else the text's symbols. */
	char symbols[SUDOKU_ALPHA_MAX_SIDE + 1];
	bool decimal = w->layout == SUDOKU_LAYOUT_GRID || side > sudoku_alphabet_max_side(w->alphabet);
	for (unsigned d = 1; !decimal && d <= side; d++)
		symbols[d - 1] = sudoku_alphabet_symbol(w->alphabet, d);
	char caption[160];
	snprintf(caption, sizeof caption, "%" PRIu64 "%s%s", seq + 1, note ? ": " : "", note ? note : "");
	struct draw_sudoku b = { box_rows, box_cols, o->flags, regions, givens, solution, decimal ? NULL : symbols,
		caption };
	struct draw_sheet s;
	sheet_of(o, &s);
	double x, y;
	draw_sheet_place(&s, seq, &x, &y);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return false;
	bool ok = draw_sudoku_svg(f, &b, x, y, s.slot_w, s.slot_h) == 0;
	ok = fclose(f) == 0 && ok;
	ok = ok && emit(w, text, len);
	free(text);
	return ok;
}
