/*
 * Sudoku as exact cover, built on the public dlx API only.
 *
 * Item layout (N = side, all primary): cell (r,c) is r·N + c; then N items
 * per unit, "unit u has d" being N² + u·N + d−1, with the units numbered rows
 * 0..N−1, columns N..2N−1, boxes (or jigsaw regions) 2N..3N−1, then a
 * variant's: the diagonals, then the windows.  For a classic board this is
 * row r at N² + r·N + d−1, column c at 2N² + c·N + d−1 and box b at
 * 3N² + b·N + d−1.  The option for (r, c, d) is added as number
 * (r·N + c)·N + d−1, so a solution's options decode to cells and digits by
 * one division each, with no lookup table, whatever the variant.
 */
#include "dlx-sudoku.h"
#include "dlx-sudoku-explain.h"
#include "dlx-sudoku-internal.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where a digit was first seen in a unit during a givens check. */
struct seen {
	uint32_t stamp; /* equal to the solver's stamp when the entry is current */
	uint32_t cell;
};

struct dlx_sudoku {
	unsigned box, side;   /* box: n for n x n boxes, 0 for rectangular ones */
	unsigned box_rows, box_cols;
	unsigned windows_across; /* windoku: windows in a row of windows */
	size_t cells;
	unsigned flags;
	bool jigsaw;
	unsigned n_units; /* all units: 3N, then 2 diagonals, then the windows, then the disjoint groups */
	unsigned diag_unit, window_unit, disjoint_unit; /* the first of each, if the variant has them */
	struct dlx__sudoku_link *links; /* cells · DLX__SUDOKU_MAX_LINKS, or NULL without linking flags */
	uint8_t *n_links;
	size_t n_secondary;
	/* Parity marks and cages (dlx_sudoku_new_extras()), copies; NULL and 0 without them. */
	dlx_sudoku_extras extras;
	uint32_t *cage_cells;   /* n_cages: the cells of each cage */
	size_t *cage_item;      /* n_cages: a summed cage's primary item */
	size_t *uses_item;      /* n_cages: its first "uses d" item (absolute) */
	size_t *has_item;       /* n_cages: a summed cage's first "has d" item (absolute) */
	struct seen *cage_seen; /* n_cages · N, for the givens check */
	unsigned n_summed;
	size_t n_cage_options;
	uint32_t *own_codes;    /* option -> cell·N + d−1 or DLX__SUDOKU_NO_CELL; NULL: the identity */
	long *option_of;        /* cell·N + d−1 -> option, −1 when left out; NULL: the identity */
	uint8_t *region;  /* 0-based region (box) of each cell */
	uint8_t *region1; /* the same 1-based, for dlx_sudoku_regions() */
	dlx_problem *p;
	uint8_t *board;   /* the solution handed to callbacks */
	struct seen *seen; /* n_units · N entries, unit-major */
	uint32_t stamp;   /* a fresh stamp per check saves clearing seen[] per puzzle */
	/* For the solution callback of one search. */
	const dlx_sudoku_params *params;
	const uint32_t *codes; /* a candidates matrix's option -> cell·N + d−1; NULL: the identity */
	uint8_t *first;
	bool have_first;
	/* dlx_sudoku_load()'s givens are forced on p until dlx_sudoku_unload(). */
	bool loaded;
	/* dlx_sudoku_set_engine(): the engine of dlx_sudoku_solve(), auto's node budget; the last answer's engine. */
	dlx_sudoku_engine engine;
	uint64_t budget;
	dlx_sudoku_engine last_engine;
};

int dlx__sudoku_fail(dlx_error_info *err, int code, const char *fmt, ...)
{
	if (err) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err->message, sizeof err->message, fmt, ap);
		va_end(ap);
		err->line = 0;
	}
	return code;
}

int dlx_sudoku_check_regions(unsigned side, const uint8_t *regions, dlx_error_info *err)
{
	dlx__sudoku_clear_error(err);
	if (!regions || side == 0 || side > 255)
		return DLX_ERR_INVALID;
	unsigned count[256] = { 0 };
	for (unsigned r = 0; r < side; r++) {
		for (unsigned c = 0; c < side; c++) {
			unsigned g = regions[(size_t)r * side + c];
			if (g < 1 || g > side)
				return dlx__sudoku_fail(err, DLX_ERR_INVALID, "r%uc%u is in region %u, not 1-%u",
					r + 1, c + 1, g, side);
			count[g]++;
		}
	}
	for (unsigned g = 1; g <= side; g++) {
		if (count[g] != side)
			return dlx__sudoku_fail(err, DLX_ERR_INVALID, "region %u has %u cells, not %u",
				g, count[g], side);
	}
	return DLX_OK;
}

/*
 * Windows of `size` lines (a box's height or width) across a side: they
 * start at 1 + k(size+1) and leave at least one line after the last, so
 * (n−1) per direction for n x n boxes.  With boxes of 2 or more rows and
 * columns at least one fits each way: side = rows·cols ≥ size + 2.
 */
static unsigned window_count(unsigned side, unsigned size)
{
	return side >= size + 2 ? (side - size - 2) / (size + 1) + 1 : 0;
}

/* The window of a row or column index, or -1. */
static int window_band(unsigned i, unsigned side, unsigned size)
{
	if (i == 0)
		return -1;
	unsigned k = (i - 1) / (size + 1), m = (i - 1) % (size + 1);
	return m < size && k < window_count(side, size) ? (int)k : -1;
}

/* Inlined: the givens check calls it for every given of every puzzle. */
static inline unsigned units_of(const dlx_sudoku *s, size_t cell, unsigned *units)
{
	const unsigned side = s->side;
	unsigned r = (unsigned)(cell / side), c = (unsigned)(cell % side), k = 0;
	units[k++] = r;
	units[k++] = side + c;
	units[k++] = 2 * side + s->region[cell];
	if (s->flags & DLX_SUDOKU_X) {
		if (r == c)
			units[k++] = s->diag_unit;
		if (r + c == side - 1)
			units[k++] = s->diag_unit + 1;
	}
	if (s->flags & DLX_SUDOKU_WINDOKU) {
		int wr = window_band(r, side, s->box_rows), wc = window_band(c, side, s->box_cols);
		if (wr >= 0 && wc >= 0)
			units[k++] = s->window_unit + (unsigned)wr * s->windows_across + (unsigned)wc;
	}
	/* Group p: the cells at place p of their boxes. */
	if (s->flags & DLX_SUDOKU_DISJOINT)
		units[k++] = s->disjoint_unit + (r % s->box_rows) * s->box_cols + c % s->box_cols;
	return k;
}

unsigned dlx__sudoku_links(const dlx_sudoku *s, size_t cell, const struct dlx__sudoku_link **links)
{
	*links = s->links ? s->links + cell * DLX__SUDOKU_MAX_LINKS : NULL;
	return s->links ? s->n_links[cell] : 0;
}

bool dlx__sudoku_links_ok(const dlx_sudoku *s, const uint8_t *board, size_t cell, unsigned d)
{
	const struct dlx__sudoku_link *l;
	unsigned n = dlx__sudoku_links(s, cell, &l);
	for (unsigned k = 0; k < n; k++) {
		unsigned e = board[l[k].other];
		if (e && (l[k].kind == DLX__LINK_SAME ? e == d : e + 1 == d || d + 1 == e))
			return false;
	}
	return true;
}

size_t dlx__sudoku_n_primary(const dlx_sudoku *s)
{
	return s->cells + (size_t)s->n_units * s->side + s->n_summed;
}

size_t dlx__sudoku_n_secondary(const dlx_sudoku *s)
{
	return s->n_secondary;
}

unsigned dlx__sudoku_option_items(const dlx_sudoku *s, size_t cell, unsigned d, size_t *items, uint32_t *colors)
{
	unsigned units[DLX__SUDOKU_MAX_UNITS];
	unsigned nu = units_of(s, cell, units), k = 0;
	memset(colors, 0, DLX__SUDOKU_MAX_ITEMS * sizeof *colors);
	items[k++] = cell;
	for (unsigned j = 0; j < nu; j++)
		items[k++] = s->cells + (size_t)units[j] * s->side + d;
	const size_t base = dlx__sudoku_n_primary(s);
	const struct dlx__sudoku_link *l;
	unsigned nl = dlx__sudoku_links(s, cell, &l);
	for (unsigned j = 0; j < nl; j++) {
		if (l[j].kind == DLX__LINK_SAME) {
			items[k++] = base + l[j].item + d;
		} else {
			/* Item i of a neighbour pair is the digits i+1 and i+2: d+1 meets d and d+2 there. */
			if (d >= 1)
				items[k++] = base + l[j].item + d - 1;
			if (d + 1 < s->side)
				items[k++] = base + l[j].item + d;
		}
	}
	uint32_t cage = s->extras.cages ? s->extras.cages[cell] : 0;
	if (cage) {
		items[k++] = s->uses_item[cage - 1] + d;
		if (s->has_item[cage - 1] != SIZE_MAX) {
			colors[k] = 2;
			items[k++] = s->has_item[cage - 1] + d;
		}
	}
	return k;
}

bool dlx__sudoku_colored(const dlx_sudoku *s)
{
	return s->n_summed > 0;
}

bool dlx__sudoku_parity_ok(const dlx_sudoku *s, size_t cell, unsigned d)
{
	unsigned want = s->extras.parity ? s->extras.parity[cell] : DLX_SUDOKU_PARITY_ANY;
	/* d is 0-based: digit d + 1 is odd when d is even. */
	return want == DLX_SUDOKU_PARITY_ANY || (want == DLX_SUDOKU_PARITY_ODD) == (d % 2 == 0);
}

unsigned dlx__sudoku_n_summed(const dlx_sudoku *s)
{
	return s->n_summed;
}

size_t dlx__sudoku_n_cage_options(const dlx_sudoku *s)
{
	return s->n_cage_options;
}

int dlx__sudoku_add_cages(const dlx_sudoku *s, dlx_problem *p, uint32_t *codes)
{
	if (!s->n_summed)
		return DLX_OK;
	return dlx__sudoku_add_cage_sets(p, s->side, &s->extras, s->cage_cells, s->cage_item, s->has_item, codes);
}

/* Adds the link between cells a and b to both, its items the next secondary ones. */
static void add_link(dlx_sudoku *s, size_t a, size_t b, enum dlx__sudoku_link_kind kind, unsigned why)
{
	struct dlx__sudoku_link l = { 0, (uint32_t)s->n_secondary, (uint8_t)kind, (uint8_t)why };
	l.other = (uint32_t)b;
	s->links[a * DLX__SUDOKU_MAX_LINKS + s->n_links[a]++] = l;
	l.other = (uint32_t)a;
	s->links[b * DLX__SUDOKU_MAX_LINKS + s->n_links[b]++] = l;
	/* N digits that may not meet, or N − 1 pairs of digits one apart. */
	s->n_secondary += kind == DLX__LINK_SAME ? s->side : s->side - 1;
}

/*
 * The links of the anti-knight, anti-king and non-consecutive flags.  Pairs
 * that share a row, column or region already differ, so anti-knight and
 * anti-king link only cells of different regions (anti-king: the diagonal
 * neighbours).  Each pair is linked once, from its first cell.
 */
static void make_links(dlx_sudoku *s)
{
	static const int knight[4][2] = { { 1, -2 }, { 1, 2 }, { 2, -1 }, { 2, 1 } };
	static const int king[2][2] = { { 1, -1 }, { 1, 1 } };
	const int side = (int)s->side;
	for (int r = 0; r < side; r++) {
		for (int c = 0; c < side; c++) {
			size_t a = (size_t)r * (size_t)side + (size_t)c;
			for (int k = 0; (s->flags & DLX_SUDOKU_ANTI_KNIGHT) && k < 4; k++) {
				int r2 = r + knight[k][0], c2 = c + knight[k][1];
				size_t b = (size_t)r2 * (size_t)side + (size_t)c2;
				if (r2 < side && c2 >= 0 && c2 < side && s->region[a] != s->region[b])
					add_link(s, a, b, DLX__LINK_SAME, DLX_SUDOKU_ANTI_KNIGHT);
			}
			for (int k = 0; (s->flags & DLX_SUDOKU_ANTI_KING) && k < 2; k++) {
				int r2 = r + king[k][0], c2 = c + king[k][1];
				size_t b = (size_t)r2 * (size_t)side + (size_t)c2;
				if (r2 < side && c2 >= 0 && c2 < side && s->region[a] != s->region[b])
					add_link(s, a, b, DLX__LINK_SAME, DLX_SUDOKU_ANTI_KING);
			}
			if (s->flags & DLX_SUDOKU_NONCONSECUTIVE) {
				if (c + 1 < side)
					add_link(s, a, a + 1, DLX__LINK_CONSECUTIVE, DLX_SUDOKU_NONCONSECUTIVE);
				if (r + 1 < side)
					add_link(s, a, a + (size_t)side, DLX__LINK_CONSECUTIVE, DLX_SUDOKU_NONCONSECUTIVE);
			}
		}
	}
}

unsigned dlx__sudoku_units(const dlx_sudoku *s, size_t cell, unsigned *units)
{
	return units_of(s, cell, units);
}

unsigned dlx__sudoku_n_units(const dlx_sudoku *s)
{
	return s->n_units;
}

/*
 * Copies the extras into s and lays out the cages' items: a primary item
 * per summed cage after the units', then per cage N "uses d" secondary
 * items and, with a sum, N "has d", after the pairs' (s->n_secondary so far).
 */
static int take_extras(dlx_sudoku *s, const dlx_sudoku_extras *x, dlx_error_info *err)
{
	const size_t cells = s->cells, side = s->side;
	if (!x->cages) {
		int rc = dlx__sudoku_check_extras(s->side, x, NULL, err);
		if (rc)
			return rc;
	}
	if (x->parity) {
		s->extras.parity = malloc(cells);
		if (!s->extras.parity)
			return DLX_ERR_NOMEM;
		memcpy((uint8_t *)s->extras.parity, x->parity, cells);
	}
	if (!x->cages)
		return DLX_OK;
	/* Before allocating by it: the count is the caller's, as untrusted as the map. */
	if (x->n_cages > cells)
		return dlx__sudoku_check_extras(s->side, x, NULL, err);
	const size_t n = x->n_cages ? x->n_cages : 1;
	uint32_t *cages = malloc(cells * sizeof *cages), *sums = calloc(n, sizeof *sums);
	s->extras.cages = cages;
	s->extras.sums = sums;
	s->extras.n_cages = x->n_cages;
	s->cage_cells = calloc(n, sizeof *s->cage_cells);
	s->cage_item = malloc(n * sizeof *s->cage_item);
	s->uses_item = malloc(n * sizeof *s->uses_item);
	s->has_item = malloc(n * sizeof *s->has_item);
	s->cage_seen = calloc(n * side, sizeof *s->cage_seen);
	if (!cages || !sums || !s->cage_cells || !s->cage_item || !s->uses_item || !s->has_item || !s->cage_seen)
		return DLX_ERR_NOMEM;
	memcpy(cages, x->cages, cells * sizeof *cages);
	if (x->sums)
		memcpy(sums, x->sums, x->n_cages * sizeof *sums);
	int rc = dlx__sudoku_check_extras(s->side, x, s->cage_cells, err);
	if (!rc)
		rc = dlx__sudoku_count_cage_sets(s->side, x, s->cage_cells, &s->n_cage_options, err);
	if (rc)
		return rc;
	const size_t first_primary = cells + (size_t)s->n_units * side;
	for (uint32_t k = 0; k < x->n_cages; k++) {
		s->cage_item[k] = sums[k] ? first_primary + s->n_summed++ : SIZE_MAX;
		s->uses_item[k] = s->n_secondary;
		s->n_secondary += side;
		s->has_item[k] = sums[k] ? s->n_secondary : SIZE_MAX;
		s->n_secondary += sums[k] ? side : 0;
	}
	/* Secondary items were counted from 0; they follow the primary ones, whose count is now known. */
	const size_t base = first_primary + s->n_summed;
	for (uint32_t k = 0; k < x->n_cages; k++) {
		s->uses_item[k] += base;
		if (s->has_item[k] != SIZE_MAX)
			s->has_item[k] += base;
	}
	return DLX_OK;
}

static int new_solver(const dlx_sudoku_board *board, const dlx_sudoku_extras *extras, dlx_sudoku **out,
	dlx_error_info *err);

int dlx_sudoku_new_board(const dlx_sudoku_board *board, dlx_sudoku **out, dlx_error_info *err)
{
	return new_solver(board, NULL, out, err);
}

int dlx_sudoku_new_extras(const dlx_sudoku_board *board, const dlx_sudoku_extras *extras, dlx_sudoku **out,
	dlx_error_info *err)
{
	return new_solver(board, extras, out, err);
}

dlx_sudoku_extras dlx_sudoku_get_extras(const dlx_sudoku *s)
{
	dlx_sudoku_extras none = DLX_SUDOKU_EXTRAS_INIT;
	return s ? s->extras : none;
}

static int new_solver(const dlx_sudoku_board *board, const dlx_sudoku_extras *extras, dlx_sudoku **out,
	dlx_error_info *err)
{
	dlx__sudoku_clear_error(err);
	if (!out)
		return DLX_ERR_INVALID;
	*out = NULL;
	if (!board || board->box_rows < DLX_SUDOKU_MIN_BOX || board->box_cols < DLX_SUDOKU_MIN_BOX ||
		(board->flags & ~DLX__SUDOKU_ALL_FLAGS))
		return DLX_ERR_INVALID;
	if (board->box_rows > DLX_SUDOKU_MAX_SIDE || board->box_cols > DLX_SUDOKU_MAX_SIDE ||
		board->box_rows * board->box_cols > DLX_SUDOKU_MAX_SIDE)
		return DLX_ERR_TOO_BIG;
	/* Within the cap these cannot overflow: N ≤ 100, N³ options of at most 6 nodes. */
	const size_t rows = board->box_rows, cols = board->box_cols, side = rows * cols, cells = side * side;
	if (board->regions) {
		int rc = dlx_sudoku_check_regions((unsigned)side, board->regions, err);
		if (rc)
			return rc;
	}
	dlx_sudoku *s = calloc(1, sizeof *s);
	if (!s)
		return DLX_ERR_NOMEM;
	s->box_rows = board->box_rows;
	s->box_cols = board->box_cols;
	s->box = rows == cols ? board->box_rows : 0;
	s->side = (unsigned)side;
	s->cells = cells;
	s->flags = board->flags;
	s->jigsaw = board->regions != NULL;
	s->n_units = 3 * s->side;
	s->diag_unit = s->window_unit = s->n_units;
	if (s->flags & DLX_SUDOKU_X)
		s->n_units += 2;
	s->window_unit = s->n_units;
	if (s->flags & DLX_SUDOKU_WINDOKU) {
		s->windows_across = window_count(s->side, s->box_cols);
		s->n_units += window_count(s->side, s->box_rows) * s->windows_across;
	}
	s->disjoint_unit = s->n_units;
	if (s->flags & DLX_SUDOKU_DISJOINT)
		s->n_units += s->side;
	/* region, region1 and board: one block of three boards, freed as region. */
	s->region = malloc(3 * cells);
	s->region1 = s->region ? s->region + cells : NULL;
	s->board = s->region ? s->region + 2 * cells : NULL;
	s->seen = calloc((size_t)s->n_units * side, sizeof *s->seen);
	if (s->flags & DLX__SUDOKU_LINK_FLAGS) {
		s->links = malloc(cells * DLX__SUDOKU_MAX_LINKS * sizeof *s->links);
		s->n_links = calloc(cells, 1);
	}
	if (!s->region || !s->region1 || !s->board || !s->seen ||
		((s->flags & DLX__SUDOKU_LINK_FLAGS) && (!s->links || !s->n_links))) {
		dlx_sudoku_free(s);
		return DLX_ERR_NOMEM;
	}
	/* A band of `rows` rows holds side / cols = rows boxes side by side. */
	for (size_t cell = 0; cell < cells; cell++) {
		size_t r = cell / side, c = cell % side;
		s->region1[cell] = board->regions ? board->regions[cell] : (uint8_t)((r / rows) * rows + c / cols + 1);
		s->region[cell] = (uint8_t)(s->region1[cell] - 1);
	}
	if (s->links)
		make_links(s);
	/* A secondary item's number is relative until take_extras() makes the cages' absolute; the links' stay so. */
	int rc = extras ? take_extras(s, extras, err) : DLX_OK;
	if (rc) {
		dlx_sudoku_free(s);
		return rc;
	}
	s->p = dlx_problem_new(dlx__sudoku_n_primary(s), s->n_secondary);
	if (s->p && (s->extras.parity || s->n_summed)) {
		s->own_codes = malloc((cells * side + s->n_cage_options) * sizeof *s->own_codes);
		s->option_of = malloc(cells * side * sizeof *s->option_of);
	}
	if (!s->p || ((s->extras.parity || s->n_summed) && (!s->own_codes || !s->option_of))) {
		dlx_sudoku_free(s);
		return DLX_ERR_NOMEM;
	}
	for (size_t cell = 0; cell < cells; cell++) {
		for (unsigned d = 0; d < side; d++) {
			if (s->option_of)
				s->option_of[cell * side + d] = -1;
			if (!dlx__sudoku_parity_ok(s, cell, d))
				continue;
			size_t items[DLX__SUDOKU_MAX_ITEMS];
			uint32_t colors[DLX__SUDOKU_MAX_ITEMS];
			unsigned k = dlx__sudoku_option_items(s, cell, d, items, colors);
			long id = dlx_add_option_colored(s->p, items, s->n_summed ? colors : NULL, k);
			if (id < 0) {
				dlx_sudoku_free(s);
				return (int)id;
			}
			if (s->option_of) {
				s->option_of[cell * side + d] = id;
				s->own_codes[id] = (uint32_t)(cell * side + d);
			}
		}
	}
	rc = dlx__sudoku_add_cages(s, s->p, s->own_codes);
	if (rc) {
		dlx_sudoku_free(s);
		return rc;
	}
	*out = s;
	return DLX_OK;
}

int dlx_sudoku_new_shape(const dlx_sudoku_shape *shape, dlx_sudoku **out, dlx_error_info *err)
{
	dlx__sudoku_clear_error(err);
	if (!out)
		return DLX_ERR_INVALID;
	*out = NULL;
	if (!shape || shape->box < DLX_SUDOKU_MIN_BOX)
		return DLX_ERR_INVALID;
	/* Checked here, not as a side: n = 11 is too big, not a side of 121. */
	if (shape->box > DLX_SUDOKU_MAX_BOX)
		return (shape->flags & ~DLX__SUDOKU_ALL_FLAGS) ? DLX_ERR_INVALID : DLX_ERR_TOO_BIG;
	dlx_sudoku_board board = { shape->box, shape->box, shape->flags, shape->regions };
	return dlx_sudoku_new_board(&board, out, err);
}

int dlx_sudoku_set_propagation(dlx_sudoku *s, dlx_propagation mode)
{
	return s ? dlx_set_propagation(s->p, mode) : DLX_ERR_INVALID;
}

int dlx_sudoku_new(unsigned box, dlx_sudoku **out)
{
	dlx_sudoku_shape shape = { box, 0, NULL };
	if (!out)
		return DLX_ERR_INVALID;
	return dlx_sudoku_new_shape(&shape, out, NULL);
}

void dlx_sudoku_free(dlx_sudoku *s)
{
	if (!s)
		return;
	dlx_problem_free(s->p);
	free(s->region);
	free(s->seen);
	free(s->links);
	free(s->n_links);
	free((uint8_t *)s->extras.parity);
	free((uint32_t *)s->extras.cages);
	free((uint32_t *)s->extras.sums);
	free(s->cage_cells);
	free(s->cage_item);
	free(s->uses_item);
	free(s->has_item);
	free(s->cage_seen);
	free(s->own_codes);
	free(s->option_of);
	free(s);
}

unsigned dlx_sudoku_box(const dlx_sudoku *s) { return s ? s->box : 0; }
unsigned dlx_sudoku_box_rows(const dlx_sudoku *s) { return s ? s->box_rows : 0; }
unsigned dlx_sudoku_box_cols(const dlx_sudoku *s) { return s ? s->box_cols : 0; }
unsigned dlx_sudoku_side(const dlx_sudoku *s) { return s ? s->side : 0; }
size_t dlx_sudoku_cells(const dlx_sudoku *s) { return s ? s->cells : 0; }
const dlx_problem *dlx_sudoku_problem(const dlx_sudoku *s) { return s ? s->p : NULL; }
unsigned dlx_sudoku_flags(const dlx_sudoku *s) { return s ? s->flags : 0; }
const uint8_t *dlx_sudoku_regions(const dlx_sudoku *s) { return s ? s->region1 : NULL; }

static void clear_result(dlx_sudoku_result *res)
{
	memset(res, 0, sizeof *res);
	res->stats.stop = DLX_STOP_COMPLETE;
}

/* " on the main diagonal" and the like: what a conflict's unit is, when not a row, column or box. */
static void describe_unit(const dlx_sudoku *s, unsigned u, char *buf, size_t size)
{
	const unsigned side = s->side;
	buf[0] = '\0';
	if (u >= 2 * side && u < 3 * side && s->jigsaw)
		snprintf(buf, size, " in region %u", u - 2 * side + 1);
	else if ((s->flags & DLX_SUDOKU_X) && u == s->diag_unit)
		snprintf(buf, size, " on the main diagonal");
	else if ((s->flags & DLX_SUDOKU_X) && u == s->diag_unit + 1)
		snprintf(buf, size, " on the anti-diagonal");
	else if ((s->flags & DLX_SUDOKU_DISJOINT) && u >= s->disjoint_unit)
		snprintf(buf, size, " in disjoint group %u", u - s->disjoint_unit + 1);
	else if (u >= s->window_unit)
		snprintf(buf, size, " in window %u", u - s->window_unit + 1);
}

void dlx__sudoku_unit_name(const dlx_sudoku *s, unsigned u, char *buf, size_t size)
{
	const unsigned side = s->side;
	if (u < side)
		snprintf(buf, size, "row %u", u + 1);
	else if (u < 2 * side)
		snprintf(buf, size, "column %u", u - side + 1);
	else if (u < 3 * side)
		snprintf(buf, size, "%s %u", s->jigsaw ? "region" : "box", u - 2 * side + 1);
	else if ((s->flags & DLX_SUDOKU_X) && u == s->diag_unit)
		snprintf(buf, size, "the main diagonal");
	else if ((s->flags & DLX_SUDOKU_X) && u == s->diag_unit + 1)
		snprintf(buf, size, "the anti-diagonal");
	else if ((s->flags & DLX_SUDOKU_DISJOINT) && u >= s->disjoint_unit)
		snprintf(buf, size, "disjoint group %u", u - s->disjoint_unit + 1);
	else
		snprintf(buf, size, "window %u", u - s->window_unit + 1);
}

int dlx__sudoku_unit_kind(const dlx_sudoku *s, unsigned u, unsigned *number)
{
	const unsigned side = s->side;
	if (u < side) {
		*number = u + 1;
		return DLX_SUDOKU_UNIT_ROW;
	}
	if (u < 2 * side) {
		*number = u - side + 1;
		return DLX_SUDOKU_UNIT_COLUMN;
	}
	if (u < 3 * side) {
		*number = u - 2 * side + 1;
		return s->jigsaw ? DLX_SUDOKU_UNIT_REGION : DLX_SUDOKU_UNIT_BOX;
	}
	*number = 1;
	if ((s->flags & DLX_SUDOKU_X) && u == s->diag_unit)
		return DLX_SUDOKU_UNIT_DIAGONAL;
	if ((s->flags & DLX_SUDOKU_X) && u == s->diag_unit + 1)
		return DLX_SUDOKU_UNIT_ANTI_DIAGONAL;
	if ((s->flags & DLX_SUDOKU_DISJOINT) && u >= s->disjoint_unit) {
		*number = u - s->disjoint_unit + 1;
		return DLX_SUDOKU_UNIT_DISJOINT;
	}
	*number = u - s->window_unit + 1;
	return DLX_SUDOKU_UNIT_WINDOW;
}

bool dlx__sudoku_units_only(const dlx_sudoku *s)
{
	return !s->links && !s->extras.parity && !s->extras.cages && !s->n_summed;
}

int dlx_sudoku_check(dlx_sudoku *s, const uint8_t *givens, dlx_sudoku_result *res, dlx_error_info *err)
{
	dlx_sudoku_result scratch;
	if (!res)
		res = &scratch;
	clear_result(res);
	dlx__sudoku_clear_error(err);
	if (!s || !givens)
		return DLX_ERR_INVALID;
	if (++s->stamp == 0) {
		memset(s->seen, 0, (size_t)s->n_units * s->side * sizeof *s->seen);
		if (s->cage_seen)
			memset(s->cage_seen, 0, (size_t)s->extras.n_cages * s->side * sizeof *s->cage_seen);
		s->stamp = 1;
	}
	const uint32_t stamp = s->stamp;
	const unsigned side = s->side;
	const size_t cells = s->cells;
	for (size_t cell = 0; cell < cells; cell++) {
		unsigned d = givens[cell];
		if (d == 0)
			continue;
		unsigned r = (unsigned)(cell / side), c = (unsigned)(cell % side);
		if (d > side)
			return dlx__sudoku_fail(err, DLX_ERR_INVALID, "r%uc%u holds %u, more than %u",
				r + 1, c + 1, d, side);
		if (!dlx__sudoku_parity_ok(s, cell, d - 1)) {
			dlx_sudoku_conflict *cf = &res->conflict;
			cf->row1 = cf->row2 = r;
			cf->col1 = cf->col2 = c;
			cf->digit = d;
			return dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "r%uc%u holds %u, but is marked %s", r + 1, c + 1, d,
				d % 2 ? "even" : "odd");
		}
		uint32_t cage = s->extras.cages ? s->extras.cages[cell] : 0;
		if (cage) {
			struct seen *e = &s->cage_seen[(size_t)(cage - 1) * side + d - 1];
			if (e->stamp == stamp) {
				dlx_sudoku_conflict *cf = &res->conflict;
				cf->row1 = e->cell / side;
				cf->col1 = e->cell % side;
				cf->row2 = r;
				cf->col2 = c;
				cf->digit = d;
				return dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "r%uc%u and r%uc%u both hold %u in cage %u",
					cf->row1 + 1, cf->col1 + 1, r + 1, c + 1, d, cage);
			}
			e->stamp = stamp;
			e->cell = (uint32_t)cell;
		}
		unsigned units[DLX__SUDOKU_MAX_UNITS];
		unsigned n = units_of(s, cell, units);
		for (unsigned k = 0; k < n; k++) {
			struct seen *e = &s->seen[(size_t)units[k] * side + d - 1];
			if (e->stamp == stamp) {
				unsigned other = e->cell;
				dlx_sudoku_conflict *cf = &res->conflict;
				cf->row1 = other / side;
				cf->col1 = other % side;
				cf->row2 = r;
				cf->col2 = c;
				cf->digit = d;
				char where[32];
				describe_unit(s, units[k], where, sizeof where);
				return dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "r%uc%u and r%uc%u both hold %u%s",
					cf->row1 + 1, cf->col1 + 1, r + 1, c + 1, d, where);
			}
		}
		for (unsigned k = 0; k < n; k++) {
			struct seen *e = &s->seen[(size_t)units[k] * side + d - 1];
			e->stamp = stamp;
			e->cell = (uint32_t)cell;
		}
		/* Links to earlier cells: the pair is then found at its second cell, as unit clashes are. */
		const struct dlx__sudoku_link *l;
		unsigned nl = dlx__sudoku_links(s, cell, &l);
		for (unsigned k = 0; k < nl; k++) {
			size_t other = l[k].other;
			unsigned e = other < cell ? givens[other] : 0;
			bool same = l[k].kind == DLX__LINK_SAME;
			if (!e || (same ? e != d : e + 1 != d && d + 1 != e) || e > side)
				continue;
			dlx_sudoku_conflict *cf = &res->conflict;
			cf->row1 = (unsigned)(other / side);
			cf->col1 = (unsigned)(other % side);
			cf->row2 = r;
			cf->col2 = c;
			cf->digit = d;
			if (same)
				return dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "r%uc%u and r%uc%u both hold %u, a %s's move apart",
					cf->row1 + 1, cf->col1 + 1, r + 1, c + 1, d,
					l[k].why == DLX_SUDOKU_ANTI_KNIGHT ? "knight" : "king");
			return dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "r%uc%u holds %u and r%uc%u holds %u, side by side",
				cf->row1 + 1, cf->col1 + 1, e, r + 1, c + 1, d);
		}
	}
	return DLX_OK;
}

static int on_solution(void *ctx, const size_t *options, size_t n)
{
	dlx_sudoku *s = ctx;
	const size_t side = s->side;
	/* Every cell item is covered exactly once, so the n options fill the board. */
	for (size_t k = 0; k < n; k++) {
		size_t code = s->codes ? s->codes[options[k]] : options[k];
		if (code != DLX__SUDOKU_NO_CELL)
			s->board[code / side] = (uint8_t)(code % side + 1);
	}
	if (s->first && !s->have_first) {
		memcpy(s->first, s->board, s->cells);
		s->have_first = true;
	}
	const dlx_sudoku_params *sp = s->params;
	return sp->on_solution ? sp->on_solution(sp->solution_ctx, s->board) : 0;
}

/* Forces the options of checked givens; on failure none stays forced. */
static int force_givens(dlx_sudoku *s, const uint8_t *givens)
{
	const size_t side = s->side;
	for (size_t cell = 0; cell < s->cells; cell++) {
		if (givens[cell]) {
			size_t code = cell * side + givens[cell] - 1u;
			/* The check refused givens of the wrong parity, whose options are left out. */
			int rc = dlx_force_option(s->p, s->option_of ? (size_t)s->option_of[code] : code);
			if (rc) {
				/* Unreachable after the check; kept so a core change cannot corrupt state. */
				dlx_release_forced(s->p);
				return rc;
			}
		}
	}
	return DLX_OK;
}

int dlx_sudoku_solve(dlx_sudoku *s, const uint8_t *givens, const dlx_sudoku_params *params,
	uint8_t *solution, dlx_sudoku_result *res, dlx_error_info *err)
{
	static const dlx_sudoku_params defaults = DLX_SUDOKU_PARAMS_INIT;
	if (!res) {
		dlx__sudoku_clear_error(err);
		return DLX_ERR_INVALID;
	}
	/* The givens checked and forced as for a load; a loaded puzzle's would be forced on top of them. */
	dlx_problem *p;
	int rc = dlx_sudoku_load(s, givens, &p, res, err);
	if (rc)
		return rc;
	rc = dlx__sudoku_search(s, p, s->own_codes, givens, params ? params : &defaults, solution, res);
	dlx_sudoku_unload(s);
	return rc;
}

int dlx_sudoku_load(dlx_sudoku *s, const uint8_t *givens, dlx_problem **problem, dlx_sudoku_result *res,
	dlx_error_info *err)
{
	dlx__sudoku_clear_error(err);
	if (problem)
		*problem = NULL;
	if (!problem)
		return DLX_ERR_INVALID;
	/* dlx_sudoku_check() clears res and refuses a NULL s or givens. */
	int rc = dlx_sudoku_check(s, givens, res, err);
	if (rc)
		return rc;
	if (s->loaded)
		return DLX_ERR_STATE;
	rc = force_givens(s, givens);
	if (rc)
		return rc;
	s->loaded = true;
	*problem = s->p;
	return DLX_OK;
}

void dlx_sudoku_unload(dlx_sudoku *s)
{
	if (!s || !s->loaded)
		return;
	dlx_release_forced(s->p);
	s->loaded = false;
}

/*
 * Whether the local search takes s's board: rows, columns and boxes (or a
 * jigsaw map) only.  With more units (diagonals, windows, disjoint groups)
 * it stalls even on empty 16x16 boards (20 million moves), and cell links,
 * parity marks and cages are not units at all.
 */
static bool local_board(const dlx_sudoku *s)
{
	return dlx__sudoku_units_only(s) && s->n_units == 3 * s->side;
}

int dlx_sudoku_set_engine(dlx_sudoku *s, dlx_sudoku_engine engine, uint64_t budget)
{
	if (!s || (engine != DLX_SUDOKU_ENGINE_DLX && engine != DLX_SUDOKU_ENGINE_SAT && engine != DLX_SUDOKU_ENGINE_AUTO &&
		engine != DLX_SUDOKU_ENGINE_LOCAL))
		return DLX_ERR_INVALID;
	if ((engine == DLX_SUDOKU_ENGINE_SAT && !dlx_sat_available()) ||
		(engine == DLX_SUDOKU_ENGINE_LOCAL && !local_board(s)))
		return DLX_ERR_UNSUPPORTED;
	s->engine = engine;
	s->budget = budget ? budget : DLX_SUDOKU_AUTO_BUDGET;
	return DLX_OK;
}

dlx_sudoku_engine dlx_sudoku_last_engine(const dlx_sudoku *s)
{
	return s ? s->last_engine : DLX_SUDOKU_ENGINE_DLX;
}

dlx_sudoku_engine dlx__sudoku_engine_swap(dlx_sudoku *s, dlx_sudoku_engine engine)
{
	dlx_sudoku_engine was = s->engine;
	s->engine = engine;
	return was;
}

/* The core's params for a search of s's matrix, solutions decoded by on_solution(). */
static dlx_search_params core_params(dlx_sudoku *s, const dlx_sudoku_params *params)
{
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.solution_limit = params->limit;
	sp.node_limit = params->node_limit;
	sp.on_solution = s->first || params->on_solution ? on_solution : NULL;
	sp.solution_ctx = s;
	sp.on_poll = params->on_poll;
	sp.poll_ctx = params->poll_ctx;
	sp.poll_interval = params->poll_interval;
	s->params = params;
	s->have_first = false;
	return sp;
}

/* One search of p with the engine given, params as dlx__sudoku_search() takes them. */
static int search_with(dlx_sudoku *s, dlx_problem *p, const dlx_sudoku_params *params, bool sat, dlx_stats *stats)
{
	dlx_search_params sp = core_params(s, params);
	if (sat)
		return dlx_search_sat(p, &sp, stats, NULL);
	if (params->threads > 1) {
		/* The split clones the problem with its forced givens, one copy per thread. */
		dlx_split_params split = { params->threads, 0, 0 };
		return dlx_search_split(p, &sp, &split, stats);
	}
	return dlx_search(p, &sp, stats);
}

/* The local search's moves on s's board unless the params bound them: DLX_SUDOKU_LOCAL_MOVES · side³, at least 10^6. */
static uint64_t local_moves(const dlx_sudoku *s)
{
	uint64_t moves = (uint64_t)DLX_SUDOKU_LOCAL_MOVES * s->side * s->side * s->side;
	return moves < 1000000u ? 1000000u : moves;
}

/* The local search's solution on s->board handed on as a search's would be. */
static void hand_on_local(dlx_sudoku *s, const dlx_sudoku_params *params, dlx_stats *stats)
{
	if (s->first)
		memcpy(s->first, s->board, s->cells);
	if (params->on_solution && params->on_solution(params->solution_ctx, s->board))
		stats->stop = DLX_STOP_CALLBACK;
}

/* One run of the local search from givens, its solution handed on as a search's would be. */
static int search_local(dlx_sudoku *s, const uint8_t *givens, const dlx_sudoku_params *params, uint64_t move_limit,
	dlx_stats *stats)
{
	int rc = dlx__sudoku_local(s, givens, DLX_SUDOKU_LOCAL_SEED, move_limit, params, s->board, stats);
	if (!rc && stats->solutions)
		hand_on_local(s, params, stats);
	return rc;
}

/*
 * Auto past dancing links' budget with both other engines and no node
 * limit: turns of the local search and of CaDiCaL, each going on where its
 * last turn stopped and each turn twice the last (DLX_SUDOKU_LOCAL_MOVES ·
 * N³ moves, then DLX_SUDOKU_AUTO_CONFLICTS conflicts, to start), until one
 * answers.  Neither engine wins everywhere past 25x25 (BENCHMARKS.md, "Auto
 * in turns"): 49x49 puzzles at 35% given fall to CaDiCaL in seconds and
 * not to the local search, 64x64 ones at 30% to the local search in
 * 20-150 N³ moves and not to CaDiCaL; in turns neither costs the other
 * more than its own time.  Deterministic: the turns are counted in moves
 * and conflicts, not time.  Memory: both engines' at once.
 */
static int search_turns(dlx_sudoku *s, dlx_problem *p, const uint8_t *givens, const dlx_sudoku_params *params,
	dlx_stats *stats)
{
	dlx__local_search *ls;
	bool none;
	s->last_engine = DLX_SUDOKU_ENGINE_LOCAL;
	int rc = dlx__local_start(s, givens, DLX_SUDOKU_LOCAL_SEED, &ls, &none);
	if (rc || none) {
		/* The singles' proof that there is none is the answer, as a search to the end gives it. */
		memset(stats, 0, sizeof *stats);
		stats->stop = rc ? DLX_STOP_ERROR : DLX_STOP_COMPLETE;
		return rc;
	}
	dlx_search_params sp = core_params(s, params);
	dlx_sat_search *sat = NULL;
	bool sat_out = false; /* CaDiCaL ran out of memory: the local search goes on alone */
	uint64_t moves = local_moves(s), conflicts = DLX_SUDOKU_AUTO_CONFLICTS;
	for (;;) {
		s->last_engine = DLX_SUDOKU_ENGINE_LOCAL;
		rc = dlx__local_run(ls, moves, params, s->board, stats);
		if (!rc && stats->solutions)
			hand_on_local(s, params, stats);
		if (rc || stats->stop != DLX_STOP_NODE_LIMIT)
			break;
		if (!sat_out) {
			s->last_engine = DLX_SUDOKU_ENGINE_SAT;
			if (!sat)
				rc = dlx_sat_start(p, &sp, &sat);
			if (!rc)
				rc = dlx_sat_next(sat, conflicts, stats, NULL);
			if (rc == DLX_ERR_NOMEM) {
				/* A big board under a low `ulimit -v`: its memory back, as if CaDiCaL were not built. */
				dlx_sat_free(sat);
				sat = NULL;
				sat_out = true;
				rc = DLX_OK;
				stats->stop = DLX_STOP_NODE_LIMIT;
			}
		}
		if (rc)
			stats->stop = DLX_STOP_ERROR;
		if (rc || stats->stop != DLX_STOP_NODE_LIMIT)
			break;
		moves = moves > UINT64_MAX / 2 ? UINT64_MAX : 2 * moves;
		conflicts = conflicts > UINT64_MAX / 2 ? UINT64_MAX : 2 * conflicts;
	}
	dlx_sat_free(sat);
	dlx__local_free(ls);
	return rc;
}

/* Whether the local search can answer this search: a first solution of the solver's own board. */
static bool local_fits(const dlx_sudoku *s, const dlx_problem *p, const uint8_t *givens,
	const dlx_sudoku_params *params)
{
	return givens && params->limit == 1 && local_board(s) && dlx_get_propagation(p) == DLX_PROPAGATE_NONE;
}

int dlx__sudoku_search(dlx_sudoku *s, dlx_problem *p, const uint32_t *codes, const uint8_t *givens,
	const dlx_sudoku_params *params, uint8_t *solution, dlx_sudoku_result *res)
{
	int rc;
	s->codes = codes;
	s->first = solution;
	s->params = params;
	dlx_sudoku_engine engine = s->engine;
	bool can_local = local_fits(s, p, givens, params);
	/*
	 * Auto's local stage: boxes only.  On jigsaw maps the local search may
	 * stall where dancing links are quick (a 16x16 map of shifted box bands:
	 * 2.3 million moves, against 423 nodes), and its moves would only delay
	 * the SAT engine.
	 */
	bool auto_local = can_local && !s->jigsaw;
	/* Auto: dancing links for boards up to 25x25, for counts of every solution, and with nothing to follow. */
	if (engine == DLX_SUDOKU_ENGINE_AUTO && (s->side <= DLX_SUDOKU_AUTO_SIDE || params->limit == 0 ||
		dlx_get_propagation(p) != DLX_PROPAGATE_NONE))
		engine = DLX_SUDOKU_ENGINE_DLX;
	/* Asked only here: the first call loads CaDiCaL's module, which small boards never need. */
	bool can_sat = engine == DLX_SUDOKU_ENGINE_AUTO && dlx_sat_available();
	if (engine == DLX_SUDOKU_ENGINE_AUTO && !can_sat && !auto_local)
		engine = DLX_SUDOKU_ENGINE_DLX;
	s->last_engine = engine == DLX_SUDOKU_ENGINE_AUTO ? DLX_SUDOKU_ENGINE_DLX : engine;
	if (engine == DLX_SUDOKU_ENGINE_LOCAL) {
		if (!can_local)
			rc = DLX_ERR_UNSUPPORTED;
		else
			rc = search_local(s, givens, params, params->node_limit ? params->node_limit : local_moves(s),
				&res->stats);
	} else if (engine != DLX_SUDOKU_ENGINE_AUTO) {
		rc = search_with(s, p, params, engine == DLX_SUDOKU_ENGINE_SAT, &res->stats);
	} else {
		/*
		 * Dancing links within the budget, the solutions kept from the
		 * callback; if the budget ran out first, the local search within
		 * its moves (a first solution), then CaDiCaL from the start (or,
		 * without it, dancing links without the budget); else dancing
		 * links again for the callback (the same search, so the same
		 * solutions in the same order).
		 */
		dlx_sudoku_params quiet = *params;
		quiet.on_solution = NULL;
		bool budget_binds = !params->node_limit || params->node_limit > s->budget;
		if (budget_binds)
			quiet.node_limit = s->budget;
		rc = search_with(s, p, &quiet, false, &res->stats);
		s->params = params;
		if (!rc && budget_binds && res->stats.stop == DLX_STOP_NODE_LIMIT) {
			if (auto_local && can_sat && !params->node_limit) {
				rc = search_turns(s, p, givens, params, &res->stats);
				goto done;
			}
			if (auto_local) {
				s->last_engine = DLX_SUDOKU_ENGINE_LOCAL;
				uint64_t moves = local_moves(s);
				if (params->node_limit && params->node_limit < moves)
					moves = params->node_limit;
				rc = search_local(s, givens, params, moves, &res->stats);
				/* A board, a stop, or the singles' proof that there is none (DLX_STOP_COMPLETE): the answer. */
				if (rc || res->stats.solutions || res->stats.stop == DLX_STOP_POLL ||
					res->stats.stop == DLX_STOP_COMPLETE)
					goto done;
			}
			s->last_engine = can_sat ? DLX_SUDOKU_ENGINE_SAT : DLX_SUDOKU_ENGINE_DLX;
			rc = search_with(s, p, params, can_sat, &res->stats);
		} else if (!rc && params->on_solution && res->stats.solutions) {
			rc = search_with(s, p, params, false, &res->stats);
		}
	}
done:
	s->params = NULL;
	s->codes = NULL;
	s->first = NULL;
	return rc;
}

int dlx_sudoku_grade(dlx_sudoku *s, const uint8_t *givens, const dlx_sudoku_params *params,
	uint64_t *grade, dlx_sudoku_result *res, dlx_error_info *err)
{
	dlx_sudoku_params sp = dlx__sudoku_grade_params(params);
	/* A grade is a count of dancing links' nodes. */
	dlx_sudoku_engine was = s ? dlx__sudoku_engine_swap(s, DLX_SUDOKU_ENGINE_DLX) : DLX_SUDOKU_ENGINE_DLX;
	int rc = dlx_sudoku_solve(s, givens, &sp, NULL, res, err);
	if (s)
		dlx__sudoku_engine_swap(s, was);
	if (rc || res->stats.solutions != 1 || res->stats.stop != DLX_STOP_COMPLETE || !grade)
		return rc;
	uint64_t blanks = 0;
	for (size_t cell = 0; cell < s->cells; cell++)
		blanks += givens[cell] == 0;
	/* A summed cage's digit set is one more node on the solution's path. */
	*grade = res->stats.nodes - blanks - s->n_summed - 1;
	return rc;
}

int64_t dlx_sudoku_target_score(unsigned side, const uint8_t *board)
{
	int64_t sum = 0;
	for (unsigned r = 0; r < side; r++) {
		for (unsigned c = 0; c < side; c++) {
			unsigned ring = r;
			if (c < ring) ring = c;
			if (side - 1 - r < ring) ring = side - 1 - r;
			if (side - 1 - c < ring) ring = side - 1 - c;
			sum += (int64_t)board[(size_t)r * side + c] * (int64_t)(6 + ring);
		}
	}
	return sum;
}
