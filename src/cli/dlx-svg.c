/* dlx --svg (dlx-svg.h). */
#define _POSIX_C_SOURCE 200809L
#include "dlx-svg.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "draw-svg.h"

/* A cell's side on paper, mm, unless the board would be wider than a page's width. */
#define CELL_MM 8.0
#define MAX_WIDTH_MM 180.0

int dlx_svg_init(struct dlx_svg *s, const dlx_ec *ec, const char *input, const char *file)
{
	memset(s, 0, sizeof *s);
	s->ec = ec;
	s->file = file;
	const dlx_problem *p = dlx_ec_problem((dlx_ec *)ec);
	size_t items = dlx_primary_count(p) + dlx_secondary_count(p);
	s->names = malloc((items ? items : 1) * sizeof *s->names);
	if (!s->names) {
		fprintf(stderr, "dlx: out of memory\n");
		return CLI_EXIT_FAILURE;
	}
	for (size_t k = 0; k < items; k++)
		s->names[k] = dlx_ec_item_name(ec, k);
	switch (draw_grid_init(&s->grid, s->names, items)) {
	case DRAW_GRID_OK: break;
	case DRAW_GRID_NOMEM:
		fprintf(stderr, "dlx: out of memory\n");
		return CLI_EXIT_FAILURE;
	case DRAW_GRID_NO_CELLS:
		fprintf(stderr, "dlx: %s: --svg: no item names a cell of a grid (rNcM, N.M or x,y): "
			"the problem has no geometry to draw\n", input);
		return CLI_EXIT_USAGE;
	case DRAW_GRID_TOO_BIG:
		fprintf(stderr, "dlx: %s: --svg: the cells named span %u rows and %u columns, more than %u cells to draw\n",
			input, s->grid.rows, s->grid.cols, DRAW_GRID_MAX_CELLS);
		return CLI_EXIT_USAGE;
	}
	s->out = strcmp(file, "-") == 0 ? stdout : fopen(file, "w");
	if (!s->out) {
		fprintf(stderr, "dlx: %s: %s\n", file, strerror(errno));
		return CLI_EXIT_FAILURE;
	}
	return 0;
}

/* Makes room for `more` entries in an array of size_t; false if out of memory. */
static bool reserve(size_t **a, size_t *cap, size_t len, size_t more)
{
	if (len + more <= *cap)
		return true;
	size_t want = *cap ? *cap : 64;
	while (want < len + more) {
		if (want > SIZE_MAX / 2 / sizeof **a)
			return false;
		want *= 2;
	}
	size_t *b = realloc(*a, want * sizeof **a);
	if (!b)
		return false;
	*a = b;
	*cap = want;
	return true;
}

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return (x > y) - (x < y);
}

bool dlx_svg_add(struct dlx_svg *s, const size_t *options, size_t n)
{
	if (!reserve(&s->options, &s->cap_options, s->n_options, n) || !reserve(&s->ends, &s->cap_ends, s->solutions, 1)) {
		s->out_of_memory = true;
		return false;
	}
	memcpy(s->options + s->n_options, options, n * sizeof *options);
	/* Input order, as the text lists them: the colours then follow the input, not the search. */
	qsort(s->options + s->n_options, n, sizeof *options, cmp_size);
	s->n_options += n;
	s->ends[s->solutions++] = s->n_options;
	return true;
}

/* Draws solution k (or, with no solution, the empty board) into its slot; partial: why the search stopped early. */
static int draw_one(struct dlx_svg *s, const struct draw_sheet *sheet, size_t k, const char *partial, size_t *start,
	size_t **items, size_t *cap_items)
{
	const dlx_problem *p = dlx_ec_problem((dlx_ec *)s->ec);
	size_t first = k ? s->ends[k - 1] : 0, last = s->solutions ? s->ends[k] : 0, n_items = 0;
	for (size_t i = first; i < last; i++) {
		size_t opt = s->options[i], m = dlx_option_size(p, opt);
		if (!reserve(items, cap_items, n_items, m))
			return -1;
		start[i - first] = n_items;
		for (size_t j = 0; j < m; j++)
			(*items)[n_items++] = dlx_option_item(p, opt, j);
	}
	start[last - first] = n_items;
	char caption[128];
	if (!s->solutions && partial)
		snprintf(caption, sizeof caption, "no solution found (%s)", partial);
	else if (!s->solutions)
		snprintf(caption, sizeof caption, "no solution");
	else
		snprintf(caption, sizeof caption, "solution %zu", k + 1);
	struct draw_tiling t = { &s->grid, s->names, last - first, start, *items,
		s->solutions == 1 ? NULL : caption };
	double x, y;
	draw_sheet_place(sheet, k, &x, &y);
	return draw_tiling_svg(s->out, &t, x, y, sheet->slot_w, sheet->slot_h);
}

int dlx_svg_finish(struct dlx_svg *s, const char *partial)
{
	size_t boards = s->solutions ? s->solutions : 1, longest = 0;
	for (size_t k = 0; k < s->solutions; k++) {
		size_t len = s->ends[k] - (k ? s->ends[k - 1] : 0);
		longest = len > longest ? len : longest;
	}
	size_t *start = malloc((longest + 1) * sizeof *start), *items = NULL, cap_items = 0;
	int rc = start && !s->out_of_memory ? 0 : -1;
	if (rc) {
		fprintf(stderr, "dlx: --svg: out of memory\n");
	} else {
		double w = s->grid.cols * CELL_MM;
		if (w > MAX_WIDTH_MM)
			w = MAX_WIDTH_MM;
		struct draw_sheet sheet;
		draw_sheet_column(&sheet, w, w * draw_tiling_aspect(&s->grid, s->solutions != 1));
		rc = draw_svg_begin(s->out, &sheet, boards);
		for (size_t k = 0; !rc && k < boards; k++)
			rc = draw_one(s, &sheet, k, partial, start, &items, &cap_items);
		if (!rc)
			rc = draw_svg_end(s->out);
		if (rc && (s->out != stdout || !ferror(s->out)))
			fprintf(stderr, "dlx: %s: %s\n", s->file, ferror(s->out) ? strerror(errno) : "out of memory");
	}
	free(start);
	free(items);
	if (s->out == stdout) {
		/* cli_finish_output() flushes stdout and says if it failed. */
		if (rc)
			cli_wrote(false);
	} else if (fclose(s->out) != 0 && !rc) {
		fprintf(stderr, "dlx: %s: %s\n", s->file, strerror(errno));
		rc = -1;
	}
	s->out = NULL;
	return rc ? CLI_EXIT_FAILURE : 0;
}

void dlx_svg_free(struct dlx_svg *s)
{
	if (s->out && s->out != stdout)
		fclose(s->out);
	draw_grid_free(&s->grid);
	free(s->names);
	free(s->options);
	free(s->ends);
}
