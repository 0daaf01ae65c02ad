/* SVG documents and sheets of boards (draw-svg.h). */
#include "draw-svg.h"

#include <math.h>

/* A4 and its margins, mm. */
#define A4_W 210.0
#define A4_H 297.0
#define PAGE_MARGIN 15.0
#define PAGE_GAP 8.0
#define COLUMN_MARGIN 5.0

void draw_sheet_column(struct draw_sheet *s, double w, double h)
{
	*s = (struct draw_sheet){ 0, w, h, 1, 0, 0, 0, COLUMN_MARGIN, PAGE_GAP };
}

bool draw_sheet_pages(struct draw_sheet *s, unsigned per_page, double aspect)
{
	if (per_page < 1 || per_page > DRAW_MAX_PER_PAGE || !(aspect > 0))
		return false;
	*s = (struct draw_sheet){ per_page, 0, 0, 1, per_page, A4_W, A4_H, PAGE_MARGIN, PAGE_GAP };
	const double room_w = A4_W - 2 * PAGE_MARGIN, room_h = A4_H - 2 * PAGE_MARGIN;
	for (unsigned cols = 1; cols <= per_page; cols++) {
		unsigned rows = (per_page + cols - 1) / cols;
		double w = (room_w - (cols - 1) * PAGE_GAP) / cols;
		double h = (room_h - (rows - 1) * PAGE_GAP) / rows;
		if (h / aspect < w)
			w = h / aspect;
		if (w > s->slot_w) {
			s->slot_w = w;
			s->slot_h = w * aspect;
			s->cols = cols;
			s->rows = rows;
		}
	}
	return true;
}

void draw_sheet_place(const struct draw_sheet *s, uint64_t k, double *x, double *y)
{
	if (!s->per_page) {
		*x = s->margin;
		*y = s->margin + (double)k * (s->slot_h + s->gap);
		return;
	}
	uint64_t page = k / s->per_page;
	unsigned at = (unsigned)(k % s->per_page), col = at % s->cols, row = at / s->cols;
	/* The grid of slots is centred on the page. */
	double used_w = s->cols * s->slot_w + (s->cols - 1) * s->gap;
	double used_h = s->rows * s->slot_h + (s->rows - 1) * s->gap;
	*x = (s->page_w - used_w) / 2 + col * (s->slot_w + s->gap);
	*y = (double)page * s->page_h + (s->page_h - used_h) / 2 + row * (s->slot_h + s->gap);
}

void draw_sheet_size(const struct draw_sheet *s, uint64_t n, double *w, double *h)
{
	if (n < 1)
		n = 1;
	if (s->per_page) {
		*w = s->page_w;
		*h = (double)((n + s->per_page - 1) / s->per_page) * s->page_h;
	} else {
		*w = s->slot_w + 2 * s->margin;
		*h = (double)n * s->slot_h + (double)(n - 1) * s->gap + 2 * s->margin;
	}
}

int draw_svg_begin(FILE *f, const struct draw_sheet *s, uint64_t n)
{
	double w, h;
	draw_sheet_size(s, n, &w, &h);
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.2fmm\" height=\"%.2fmm\" "
		"viewBox=\"0 0 %.2f %.2f\">\n"
		"<rect class=\"paper\" width=\"%.2f\" height=\"%.2f\" fill=\"#fff\"/>\n", w, h, w, h, w, h);
	if (s->per_page) {
		/* Where one sheet of paper ends on screen; a printer cuts there (one page per sheet). */
		uint64_t pages = (n + s->per_page - 1) / s->per_page;
		for (uint64_t p = 0; p < pages; p++)
			fprintf(f, "<rect class=\"page\" x=\"0\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"none\" "
				"stroke=\"#ddd\" stroke-width=\"0.2\"/>\n", (double)p * s->page_h, s->page_w, s->page_h);
	}
	return ferror(f) ? -1 : 0;
}

int draw_svg_begin_page(FILE *f, const struct draw_sheet *s, uint64_t page)
{
	double top = (double)page * s->page_h;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.2fmm\" height=\"%.2fmm\" "
		"viewBox=\"0 %.2f %.2f %.2f\">\n"
		"<rect class=\"paper\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#fff\"/>\n",
		s->page_w, s->page_h, top, s->page_w, s->page_h, top, s->page_w, s->page_h);
	return ferror(f) ? -1 : 0;
}

int draw_svg_end(FILE *f)
{
	fputs("</svg>\n", f);
	return ferror(f) ? -1 : 0;
}

static int32_t label_at(unsigned rows, unsigned cols, const int32_t *label, long r, long c)
{
	if (r < 0 || c < 0 || r >= (long)rows || c >= (long)cols)
		return -1;
	return label[(size_t)r * cols + (size_t)c];
}

/* One line from (x0,y0) to (x1,y1), axis-parallel. */
static void segment(FILE *f, double x0, double y0, double x1, double y1)
{
	fprintf(f, "M%g %g%c%g", x0, y0, x0 == x1 ? 'V' : 'H', x0 == x1 ? y1 : x1);
}

void draw_svg_edges(FILE *f, unsigned rows, unsigned cols, const int32_t *label, double cell, double inset)
{
	/* Horizontal edges: above each cell of rows 0..rows (row `rows` is below the last). */
	for (long r = 0; r <= (long)rows; r++) {
		for (long c = 0; c < (long)cols; c++) {
			int32_t up = label_at(rows, cols, label, r - 1, c), down = label_at(rows, cols, label, r, c);
			if (up == down)
				continue;
			double y = r * cell, x0 = c * cell, x1 = x0 + cell;
			if (inset == 0) {
				/* Runs of one edge make one segment: fewer commands, clean joins. */
				long end = c + 1;
				while (end < (long)cols && label_at(rows, cols, label, r - 1, end) == up &&
					label_at(rows, cols, label, r, end) == down)
					end++;
				segment(f, x0, y, end * cell, y);
				c = end - 1;
				continue;
			}
			if (up >= 0)
				segment(f, x0 + inset, y - inset, x1 - inset, y - inset);
			if (down >= 0)
				segment(f, x0 + inset, y + inset, x1 - inset, y + inset);
		}
	}
	/* Vertical edges: left of each cell of columns 0..cols. */
	for (long c = 0; c <= (long)cols; c++) {
		for (long r = 0; r < (long)rows; r++) {
			int32_t left = label_at(rows, cols, label, r, c - 1), right = label_at(rows, cols, label, r, c);
			if (left == right)
				continue;
			double x = c * cell, y0 = r * cell, y1 = y0 + cell;
			if (inset == 0) {
				long end = r + 1;
				while (end < (long)rows && label_at(rows, cols, label, end, c - 1) == left &&
					label_at(rows, cols, label, end, c) == right)
					end++;
				segment(f, x, y0, x, end * cell);
				r = end - 1;
				continue;
			}
			if (left >= 0)
				segment(f, x - inset, y0 + inset, x - inset, y1 - inset);
			if (right >= 0)
				segment(f, x + inset, y0 + inset, x + inset, y1 - inset);
		}
	}
}

void draw_svg_escape(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		default: fputc(*s, f);
		}
	}
}

/*
 * fmod(x, m) for 0 <= x < 2^31 m and m a small whole number, exactly: the
 * quotient's whole part q, one off at most, corrected; q m is exact and so
 * is x - q m (the two are within a factor 2 of each other, or q is 0).
 * fmod() and lround() would be the only reason to load libm.
 */
static double mod_whole(double x, double m)
{
	double r = x - (double)(uint32_t)(x / m) * m;
	if (r < 0)
		r += m;
	else if (r >= m)
		r -= m;
	return r;
}

/* lround(v) for 0 <= v < 2^31: v's whole part, and one more from a half up. */
static unsigned round_half_up(double v)
{
	unsigned i = (unsigned)v;
	return v - (double)i >= 0.5 ? i + 1 : i;
}

void draw_svg_colour(uint64_t k, char buf[8])
{
	/* Golden-angle hues keep neighbours' colours apart for any number of pieces. */
	double h = mod_whole((double)(k % 100000) * 137.50776405, 360.0) / 60.0;
	const double s = 0.55, l = 0.72;
	double chroma = (1 - fabs(2 * l - 1)) * s, x = chroma * (1 - fabs(mod_whole(h, 2.0) - 1)), m = l - chroma / 2;
	double rgb[3] = { 0, 0, 0 };
	int sector = (int)h;
	switch (sector) {
	case 0: rgb[0] = chroma; rgb[1] = x; break;
	case 1: rgb[0] = x; rgb[1] = chroma; break;
	case 2: rgb[1] = chroma; rgb[2] = x; break;
	case 3: rgb[1] = x; rgb[2] = chroma; break;
	case 4: rgb[0] = x; rgb[2] = chroma; break;
	default: rgb[0] = chroma; rgb[2] = x; break;
	}
	snprintf(buf, 8, "#%02x%02x%02x", round_half_up((rgb[0] + m) * 255), round_half_up((rgb[1] + m) * 255),
		round_half_up((rgb[2] + m) * 255));
}
