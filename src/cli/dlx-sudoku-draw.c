/* dlx-sudoku --output svg (dlx-sudoku-draw.h). */
#define _POSIX_C_SOURCE 200809L
#include "dlx-sudoku-draw.h"

#include <inttypes.h>
#include <stdlib.h>

#include <string.h>

#include "draw-sudoku.h"
#include "draw-svg.h"
#include "sudoku-alphabet.h"
#ifdef DLX_HAVE_PDF
#include "draw-pdf.h"
#endif

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

#ifdef DLX_HAVE_PDF
/* The page a board's fragment (at p, "<svg class=\"sudoku\" x=\"..\" y=\"..\"") was placed on. */
static uint64_t page_of(const char *p, const struct draw_sheet *s)
{
	const char *y = strstr(p, " y=\"");
	return y ? (uint64_t)(strtod(y + 4, NULL) / s->page_h) : 0;
}

/*
 * --output pdf: each page's boards as an SVG document of that page alone,
 * drawn by librsvg on a PDF page.  The fragments are in the order of their
 * slots, one after another in the buffer, each starting with its <svg.
 */
static bool write_pdf(const struct draw_sheet *s)
{
	static const char start[] = "<svg class=\"sudoku\"";
	char err[256] = "";
	struct draw_pdf *pdf = draw_pdf_new(stdout, s->page_w, s->page_h, err, sizeof err);
	if (!pdf) {
		fprintf(stderr, "dlx-sudoku: --output pdf: %s\n", err);
		return false;
	}
	bool ok = true;
	const char *end = svg_buf + svg_len, *p = svg_len ? strstr(svg_buf, start) : NULL;
	while (ok && p) {
		uint64_t page = page_of(p, s);
		const char *q = p;
		while (q && page_of(q, s) == page)
			q = strstr(q + 1, start);
		size_t n = (size_t)((q ? q : end) - p);
		char *doc = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&doc, &len);
		ok = f && draw_svg_begin_page(f, s, page) == 0 && fwrite(p, 1, n, f) == n && draw_svg_end(f) == 0;
		ok = f && fclose(f) == 0 && ok;
		if (!ok)
			snprintf(err, sizeof err, "out of memory");
		ok = ok && draw_pdf_page(pdf, doc, len, err, sizeof err) == 0;
		free(doc);
		p = q;
	}
	char finish_err[256];
	if (draw_pdf_finish(pdf, finish_err, sizeof finish_err) != 0 && ok) {
		ok = false;
		snprintf(err, sizeof err, "%s", finish_err);
	}
	if (!ok && !ferror(stdout))
		fprintf(stderr, "dlx-sudoku: --output pdf: %s\n", err);
	return cli_wrote(ok);
}
#else
static bool write_pdf(const struct draw_sheet *s)
{
	(void)s;
	return false; /* --output pdf is refused where it was not built */
}
#endif

bool sudoku_svg_finish(const struct puzzle_options *o, uint64_t boards)
{
	FILE *f = puzzle_out;
	puzzle_out = stdout;
	bool ok = !ferror(f);
	ok = fclose(f) == 0 && ok;
	if (ok && boards) {
		struct draw_sheet s;
		sheet_of(o, &s);
		if (o->pdf)
			ok = write_pdf(&s);
		else
			ok = cli_wrote(draw_svg_begin(stdout, &s, boards) == 0 &&
				fwrite(svg_buf, 1, svg_len, stdout) == svg_len && draw_svg_end(stdout) == 0);
	}
	free(svg_buf);
	svg_buf = NULL;
	return ok;
}

bool emit_board_svg(struct puzzle_worker *w, uint64_t seq, unsigned box_rows, unsigned box_cols,
	const uint8_t *regions, const uint8_t *givens, const uint8_t *solution, const char *note,
	const dlx_sudoku_extras *extras)
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
		caption, extras ? extras->cages : NULL, extras ? extras->sums : NULL, extras ? extras->parity : NULL };
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
