/*
 * Explained solving of any board of units (dlx-sudoku-explain.h,
 * dlx_sudoku_glogic): the rules of the 9x9 ladder that generalise, on a
 * candidate bitset per cell (two 64-bit words: up to 128 symbols) and the
 * units as lists of cells, copied from the solver's encoding.
 *
 * The ladder, easiest first (SE's 9x9 weights): hidden single in a box or
 * region, in any other unit; naked single; locked candidates from a box or
 * region, from any other unit; then naked pair, X-wing, hidden pair, naked
 * triple, swordfish, hidden triple, naked quad, jellyfish, hidden quad,
 * each found by one search of k-sets whose union has k members.
 *
 * Classic 9x9 never comes here (dlx-sudoku-explain.c is its tuned path).
 */
#include "dlx-sudoku-explain.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-sudoku-internal.h"

#define WORDS 2u /* 64-bit words of a set of symbols or of a unit's places: side ≤ 128 */

struct dlx_sudoku_glogic {
	unsigned side, n_units;
	size_t cells;
	uint8_t *value;        /* cells: the symbol placed, or 0 */
	uint64_t *cand;        /* cells · WORDS: candidates, bit d − 1 for symbol d; 0 when placed */
	uint32_t *unit_cells;  /* n_units · side: each unit's cells, in cell order */
	uint16_t *cell_units;  /* cells · DLX__SUDOKU_MAX_UNITS: each cell's units, increasing */
	uint8_t *n_cell_units; /* cells */
	uint8_t *kind;         /* n_units: dlx_sudoku_unit_kind */
	unsigned *number;      /* n_units: the 1-based number among its kind */
	uint32_t *pair;        /* n_pairs · 2: ordered pairs (A, B) of units sharing 2 or more cells */
	size_t n_pairs;
	/* Scratch of one next_step(). */
	uint64_t *once, *twice, *placed; /* n_units · WORDS each */
	uint64_t *sets;        /* side · WORDS: the sets a k-subset search combines */
	unsigned *ids;         /* side: what each of those sets stands for */
	uint32_t *stamp;       /* cells: the eliminations already listed */
	uint32_t tick;
};

static inline bool has(const dlx_sudoku_glogic *g, size_t c, unsigned d0)
{
	return (g->cand[c * WORDS + d0 / 64] >> (d0 % 64)) & 1u;
}

static inline void clear_cand(dlx_sudoku_glogic *g, size_t c, unsigned d0)
{
	g->cand[c * WORDS + d0 / 64] &= ~((uint64_t)1 << (d0 % 64));
}

static inline unsigned pop2(uint64_t a, uint64_t b)
{
	return (unsigned)(__builtin_popcountll(a) + __builtin_popcountll(b));
}

static inline unsigned pop_at(const uint64_t *w)
{
	return pop2(w[0], w[1]);
}

/* The lowest member of a two-word set, or UINT32_MAX when empty; lowest_after: above x. */
static unsigned lowest_after(const uint64_t *w, unsigned x)
{
	for (unsigned i = x; i < 64 * WORDS; i++)
		if ((w[i / 64] >> (i % 64)) & 1u)
			return i;
	return UINT32_MAX;
}

static bool in_unit(const dlx_sudoku_glogic *g, size_t c, unsigned u)
{
	for (unsigned j = 0; j < g->n_cell_units[c]; j++)
		if (g->cell_units[c * DLX__SUDOKU_MAX_UNITS + j] == u)
			return true;
	return false;
}

static const uint32_t *unit_cells(const dlx_sudoku_glogic *g, unsigned u)
{
	return g->unit_cells + (size_t)u * g->side;
}

static bool is_box(const dlx_sudoku_glogic *g, unsigned u)
{
	return g->kind[u] == DLX_SUDOKU_UNIT_BOX || g->kind[u] == DLX_SUDOKU_UNIT_REGION;
}

static void unit_name(const dlx_sudoku_glogic *g, unsigned u, char *buf, size_t size)
{
	static const char *const names[] = { "row", "column", "box", "region", "the main diagonal",
		"the anti-diagonal", "window", "disjoint group" };
	unsigned k = g->kind[u];
	if (k == DLX_SUDOKU_UNIT_DIAGONAL || k == DLX_SUDOKU_UNIT_ANTI_DIAGONAL)
		snprintf(buf, size, "%s", names[k]);
	else
		snprintf(buf, size, "%s %u", names[k], g->number[u]);
}

void dlx_sudoku_glogic_free(dlx_sudoku_glogic *g)
{
	if (!g)
		return;
	free(g->value);
	free(g->cand);
	free(g->unit_cells);
	free(g->cell_units);
	free(g->n_cell_units);
	free(g->kind);
	free(g->number);
	free(g->pair);
	free(g->once);
	free(g->twice);
	free(g->placed);
	free(g->sets);
	free(g->ids);
	free(g->stamp);
	free(g);
}

/* The ordered pairs of units that share two or more cells (and are not one set of cells). */
static int make_pairs(dlx_sudoku_glogic *g)
{
	const unsigned nu = g->n_units, side = g->side;
	unsigned *count = calloc(nu, sizeof *count);
	size_t cap = 64;
	g->pair = malloc(cap * 2 * sizeof *g->pair);
	if (!count || !g->pair) {
		free(count);
		return DLX_ERR_NOMEM;
	}
	for (unsigned a = 0; a < nu; a++) {
		const uint32_t *cs = unit_cells(g, a);
		for (unsigned i = 0; i < side; i++)
			for (unsigned j = 0; j < g->n_cell_units[cs[i]]; j++)
				count[g->cell_units[(size_t)cs[i] * DLX__SUDOKU_MAX_UNITS + j]]++;
		for (unsigned b = 0; b < nu; b++) {
			if (b != a && count[b] >= 2 && count[b] < side) {
				if (g->n_pairs == cap) {
					cap *= 2;
					uint32_t *p = realloc(g->pair, cap * 2 * sizeof *p);
					if (!p) {
						free(count);
						return DLX_ERR_NOMEM;
					}
					g->pair = p;
				}
				g->pair[2 * g->n_pairs] = a;
				g->pair[2 * g->n_pairs + 1] = b;
				g->n_pairs++;
			}
			count[b] = 0;
		}
	}
	free(count);
	return DLX_OK;
}

int dlx_sudoku_glogic_new(const dlx_sudoku *s, dlx_sudoku_glogic **out, dlx_error_info *err)
{
	dlx__sudoku_clear_error(err);
	if (!s || !out)
		return DLX_ERR_INVALID;
	*out = NULL;
	if (!dlx__sudoku_units_only(s))
		return dlx__sudoku_fail(err, DLX_ERR_INVALID,
			"explained solving needs a board of units: anti-knight, anti-king, non-consecutive, "
			"parity and cages are not");
	const unsigned side = dlx_sudoku_side(s), nu = dlx__sudoku_n_units(s);
	const size_t cells = dlx_sudoku_cells(s);
	if (side > 64 * WORDS || nu > UINT16_MAX)
		return dlx__sudoku_fail(err, DLX_ERR_INVALID, "%ux%u boards are too big for explained solving", side, side);
	dlx_sudoku_glogic *g = calloc(1, sizeof *g);
	if (!g)
		return DLX_ERR_NOMEM;
	g->side = side;
	g->n_units = nu;
	g->cells = cells;
	g->value = calloc(cells, 1);
	g->cand = calloc(cells * WORDS, sizeof *g->cand);
	g->unit_cells = malloc((size_t)nu * side * sizeof *g->unit_cells);
	g->cell_units = malloc(cells * DLX__SUDOKU_MAX_UNITS * sizeof *g->cell_units);
	g->n_cell_units = malloc(cells);
	g->kind = malloc(nu);
	g->number = malloc(nu * sizeof *g->number);
	g->once = malloc((size_t)nu * WORDS * sizeof *g->once);
	g->twice = malloc((size_t)nu * WORDS * sizeof *g->twice);
	g->placed = malloc((size_t)nu * WORDS * sizeof *g->placed);
	g->sets = malloc((size_t)side * WORDS * sizeof *g->sets);
	g->ids = malloc(side * sizeof *g->ids);
	g->stamp = calloc(cells, sizeof *g->stamp);
	unsigned *fill = calloc(nu, sizeof *fill);
	if (!g->value || !g->cand || !g->unit_cells || !g->cell_units || !g->n_cell_units || !g->kind || !g->number ||
		!g->once || !g->twice || !g->placed || !g->sets || !g->ids || !g->stamp || !fill) {
		free(fill);
		dlx_sudoku_glogic_free(g);
		return DLX_ERR_NOMEM;
	}
	for (size_t c = 0; c < cells; c++) {
		unsigned units[DLX__SUDOKU_MAX_UNITS];
		unsigned n = dlx__sudoku_units(s, c, units);
		/* Increasing, so that a cell's units read in the solver's order. */
		for (unsigned i = 1; i < n; i++)
			for (unsigned j = i; j > 0 && units[j - 1] > units[j]; j--) {
				unsigned t = units[j];
				units[j] = units[j - 1];
				units[j - 1] = t;
			}
		g->n_cell_units[c] = (uint8_t)n;
		for (unsigned i = 0; i < n; i++) {
			unsigned u = units[i];
			g->cell_units[c * DLX__SUDOKU_MAX_UNITS + i] = (uint16_t)u;
			if (fill[u] >= side) { /* every unit has N cells: the solver says so */
				free(fill);
				dlx_sudoku_glogic_free(g);
				return DLX_ERR_INVALID;
			}
			g->unit_cells[(size_t)u * side + fill[u]++] = (uint32_t)c;
		}
	}
	for (unsigned u = 0; u < nu; u++) {
		if (fill[u] != side) {
			free(fill);
			dlx_sudoku_glogic_free(g);
			return DLX_ERR_INVALID;
		}
		g->kind[u] = (uint8_t)dlx__sudoku_unit_kind(s, u, &g->number[u]);
	}
	free(fill);
	int rc = make_pairs(g);
	if (rc) {
		dlx_sudoku_glogic_free(g);
		return rc;
	}
	for (size_t c = 0; c < cells; c++)
		for (unsigned d = 0; d < side; d++)
			g->cand[c * WORDS + d / 64] |= (uint64_t)1 << (d % 64);
	*out = g;
	return DLX_OK;
}

unsigned dlx_sudoku_glogic_side(const dlx_sudoku_glogic *g)
{
	return g ? g->side : 0;
}

dlx_sudoku_unit_kind dlx_sudoku_glogic_unit(const dlx_sudoku_glogic *g, unsigned u, unsigned *number)
{
	bool ok = g && u < g->n_units;
	if (number)
		*number = ok ? g->number[u] : 0;
	return ok ? (dlx_sudoku_unit_kind)g->kind[u] : DLX_SUDOKU_UNIT_ROW;
}

unsigned dlx_sudoku_glogic_value(const dlx_sudoku_glogic *g, uint32_t cell)
{
	return g && cell < g->cells ? g->value[cell] : 0;
}

int dlx_sudoku_glogic_has(const dlx_sudoku_glogic *g, uint32_t cell, unsigned d)
{
	return g && cell < g->cells && d >= 1 && d <= g->side && has(g, cell, d - 1);
}

int dlx_sudoku_glogic_solved(const dlx_sudoku_glogic *g)
{
	if (!g)
		return 0;
	for (size_t c = 0; c < g->cells; c++)
		if (!g->value[c])
			return 0;
	return 1;
}

/* Places symbol d0 + 1 in cell c and removes it from the cell's peers. */
static void place(dlx_sudoku_glogic *g, size_t c, unsigned d0)
{
	g->value[c] = (uint8_t)(d0 + 1);
	memset(g->cand + c * WORDS, 0, WORDS * sizeof *g->cand);
	for (unsigned j = 0; j < g->n_cell_units[c]; j++) {
		const uint32_t *cs = unit_cells(g, g->cell_units[c * DLX__SUDOKU_MAX_UNITS + j]);
		for (unsigned i = 0; i < g->side; i++)
			clear_cand(g, cs[i], d0);
	}
}

static bool cand_empty(const dlx_sudoku_glogic *g, size_t c)
{
	for (unsigned w = 0; w < WORDS; w++)
		if (g->cand[c * WORDS + w])
			return false;
	return true;
}

int dlx_sudoku_glogic_set(dlx_sudoku_glogic *g, const uint8_t *givens, const uint8_t *marks, dlx_error_info *err)
{
	dlx__sudoku_clear_error(err);
	if (!g || (!givens && !marks))
		return DLX_ERR_INVALID;
	const unsigned side = g->side;
	for (size_t c = 0; givens && c < g->cells; c++)
		if (givens[c] > side)
			return dlx__sudoku_fail(err, DLX_ERR_INVALID, "r%zuc%zu holds %u, past %u", c / side + 1, c % side + 1,
				givens[c], side);
	memset(g->value, 0, g->cells);
	memset(g->cand, 0, g->cells * WORDS * sizeof *g->cand);
	for (size_t c = 0; c < g->cells; c++)
		for (unsigned d = 0; d < side; d++)
			if (!marks || marks[c * side + d])
				g->cand[c * WORDS + d / 64] |= (uint64_t)1 << (d % 64);
	/* Givens: a clash in a unit, or one its marks lack, is a conflict. */
	for (size_t c = 0; givens && c < g->cells; c++) {
		unsigned d = givens[c];
		if (!d)
			continue;
		if (!has(g, c, d - 1)) {
			for (unsigned j = 0; j < g->n_cell_units[c]; j++) {
				const uint32_t *cs = unit_cells(g, g->cell_units[c * DLX__SUDOKU_MAX_UNITS + j]);
				for (unsigned i = 0; i < side; i++)
					if (cs[i] != c && g->value[cs[i]] == d)
						return dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "r%uc%u and r%zuc%zu both hold %u",
							cs[i] / side + 1, cs[i] % side + 1, c / side + 1, c % side + 1, d);
			}
			return dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "r%zuc%zu holds %u, which its marks lack",
				c / side + 1, c % side + 1, d);
		}
		place(g, c, d - 1);
	}
	/* A cell of one mark is placed, as dlx_sudoku_logic_init() does. */
	for (size_t c = 0; marks && c < g->cells; c++) {
		if (g->value[c])
			continue;
		unsigned n = 0, last = 0;
		for (unsigned d = 0; d < side; d++)
			if (marks[c * side + d])
				n++, last = d;
		if (n == 1 && has(g, c, last))
			place(g, c, last);
	}
	for (size_t c = 0; c < g->cells; c++)
		if (!g->value[c] && cand_empty(g, c))
			return dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "r%zuc%zu has no candidate%s", c / side + 1,
				c % side + 1, marks && !givens ? "" : " left");
	return DLX_OK;
}

/* ---- steps ---- */

static void step_clear(dlx_sudoku_gstep *st, dlx_sudoku_technique t, unsigned rating)
{
	st->technique = t;
	st->rating = rating;
	st->n_units = st->n_digits = st->n_cells = st->n_elims = 0;
	st->place_cell = 0;
	st->place_digit = 0;
}

static void add_elim(dlx_sudoku_gstep *st, size_t c, unsigned d0)
{
	if (st->n_elims < DLX_SUDOKU_GSTEP_MAX_ELIMS) {
		st->elim_cell[st->n_elims] = (uint32_t)c;
		st->elim_digit[st->n_elims] = (uint8_t)(d0 + 1);
		st->n_elims++;
	}
}

/* A fresh stamp for the eliminations of one candidate step. */
static uint32_t next_tick(dlx_sudoku_glogic *g)
{
	if (++g->tick == 0) {
		memset(g->stamp, 0, g->cells * sizeof *g->stamp);
		g->tick = 1;
	}
	return g->tick;
}

/*
 * Per unit: the symbols placed, those with one place or more, and those
 * with two or more.  A symbol neither placed nor with a place, or an empty
 * cell without candidates, is a conflict.
 */
static int scan_units(dlx_sudoku_glogic *g, dlx_error_info *err)
{
	const unsigned side = g->side;
	for (size_t c = 0; c < g->cells; c++)
		if (!g->value[c] && cand_empty(g, c))
			return dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "r%zuc%zu has no candidate left", c / side + 1,
				c % side + 1);
	uint64_t full[WORDS] = { 0 };
	for (unsigned d = 0; d < side; d++)
		full[d / 64] |= (uint64_t)1 << (d % 64);
	for (unsigned u = 0; u < g->n_units; u++) {
		uint64_t *on = g->once + (size_t)u * WORDS, *tw = g->twice + (size_t)u * WORDS,
			 *pl = g->placed + (size_t)u * WORDS;
		memset(on, 0, WORDS * sizeof *on);
		memset(tw, 0, WORDS * sizeof *tw);
		memset(pl, 0, WORDS * sizeof *pl);
		const uint32_t *cs = unit_cells(g, u);
		for (unsigned i = 0; i < side; i++) {
			size_t c = cs[i];
			if (g->value[c]) {
				unsigned d0 = g->value[c] - 1u;
				pl[d0 / 64] |= (uint64_t)1 << (d0 % 64);
				continue;
			}
			for (unsigned w = 0; w < WORDS; w++) {
				tw[w] |= on[w] & g->cand[c * WORDS + w];
				on[w] |= g->cand[c * WORDS + w];
			}
		}
		for (unsigned w = 0; w < WORDS; w++) {
			uint64_t missing = full[w] & ~pl[w] & ~on[w];
			if (missing) {
				char name[48];
				unit_name(g, u, name, sizeof name);
				return dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "%u has no place left in %s",
					w * 64 + (unsigned)__builtin_ctzll(missing) + 1, name);
			}
		}
	}
	return DLX_OK;
}

/* Hidden singles in the units that are boxes or regions (boxes true) or in the others. */
static bool hidden_single(dlx_sudoku_glogic *g, bool boxes, dlx_sudoku_gstep *st)
{
	for (unsigned u = 0; u < g->n_units; u++) {
		if (is_box(g, u) != boxes)
			continue;
		const uint64_t *on = g->once + (size_t)u * WORDS, *tw = g->twice + (size_t)u * WORDS;
		for (unsigned w = 0; w < WORDS; w++) {
			uint64_t alone = on[w] & ~tw[w];
			if (!alone)
				continue;
			unsigned d0 = w * 64 + (unsigned)__builtin_ctzll(alone);
			const uint32_t *cs = unit_cells(g, u);
			for (unsigned i = 0; i < g->side; i++) {
				if (has(g, cs[i], d0)) {
					step_clear(st, boxes ? DLX_SUDOKU_TECH_HIDDEN_SINGLE_BOX : DLX_SUDOKU_TECH_HIDDEN_SINGLE_LINE,
						boxes ? 12 : 15);
					st->n_units = 1;
					st->units[0] = u;
					st->n_digits = 1;
					st->digits[0] = d0 + 1;
					st->n_cells = 1;
					st->cells[0] = cs[i];
					st->place_cell = cs[i];
					st->place_digit = d0 + 1;
					return true;
				}
			}
		}
	}
	return false;
}

static bool naked_single(dlx_sudoku_glogic *g, dlx_sudoku_gstep *st)
{
	for (size_t c = 0; c < g->cells; c++) {
		if (!g->value[c] && pop_at(g->cand + c * WORDS) == 1) {
			unsigned d0 = lowest_after(g->cand + c * WORDS, 0);
			step_clear(st, DLX_SUDOKU_TECH_NAKED_SINGLE, 23);
			st->n_digits = 1;
			st->digits[0] = d0 + 1;
			st->n_cells = 1;
			st->cells[0] = (uint32_t)c;
			st->place_cell = (uint32_t)c;
			st->place_digit = d0 + 1;
			return true;
		}
	}
	return false;
}

/*
 * Locked candidates: a symbol whose places in unit A all lie in unit B
 * leaves B's other cells.  pointing: A a box or region (2.6); else the
 * other units (2.8).
 */
static bool locked(dlx_sudoku_glogic *g, bool pointing, dlx_sudoku_gstep *st)
{
	const unsigned side = g->side;
	for (size_t p = 0; p < g->n_pairs; p++) {
		unsigned a = g->pair[2 * p], b = g->pair[2 * p + 1];
		if (is_box(g, a) != pointing)
			continue;
		uint64_t in[WORDS] = { 0 }, out[WORDS] = { 0 };
		const uint32_t *cs = unit_cells(g, a);
		for (unsigned i = 0; i < side; i++) {
			uint64_t *to = in_unit(g, cs[i], b) ? in : out;
			for (unsigned w = 0; w < WORDS; w++)
				to[w] |= g->cand[(size_t)cs[i] * WORDS + w];
		}
		uint64_t lock[WORDS];
		for (unsigned w = 0; w < WORDS; w++)
			lock[w] = in[w] & ~out[w];
		for (unsigned d0 = lowest_after(lock, 0); d0 != UINT32_MAX; d0 = lowest_after(lock, d0 + 1)) {
			step_clear(st, pointing ? DLX_SUDOKU_TECH_POINTING : DLX_SUDOKU_TECH_CLAIMING, pointing ? 26 : 28);
			const uint32_t *bs = unit_cells(g, b);
			for (unsigned i = 0; i < side; i++)
				if (has(g, bs[i], d0) && !in_unit(g, bs[i], a))
					add_elim(st, bs[i], d0);
			if (st->n_elims) {
				st->n_units = 2;
				st->units[0] = a;
				st->units[1] = b;
				st->n_digits = 1;
				st->digits[0] = d0 + 1;
				return true;
			}
		}
	}
	return false;
}

/* ---- k-subsets: k sets whose union has k members ---- */

struct combo {
	const uint64_t *sets; /* m · WORDS */
	unsigned m, k;
	unsigned pick[4];
	uint64_t uni[WORDS];
};

static bool combo_next(struct combo *cb, unsigned depth, unsigned start, const uint64_t *u,
	bool (*found)(struct combo *cb, void *ctx), void *ctx)
{
	if (depth == cb->k) {
		if (pop_at(u) != cb->k)
			return false;
		memcpy(cb->uni, u, sizeof cb->uni);
		return found(cb, ctx);
	}
	if (depth >= 4) /* k is 2..4 */
		return false;
	for (unsigned i = start; i + (cb->k - depth) <= cb->m; i++) {
		uint64_t n[WORDS];
		for (unsigned w = 0; w < WORDS; w++)
			n[w] = u[w] | cb->sets[(size_t)i * WORDS + w];
		if (pop_at(n) > cb->k)
			continue;
		cb->pick[depth] = i;
		if (combo_next(cb, depth + 1, i + 1, n, found, ctx))
			return true;
	}
	return false;
}

static bool combo_search(struct combo *cb, bool (*found)(struct combo *cb, void *ctx), void *ctx)
{
	uint64_t zero[WORDS] = { 0 };
	return cb->m >= cb->k && combo_next(cb, 0, 0, zero, found, ctx);
}

struct subset_ctx {
	dlx_sudoku_glogic *g;
	dlx_sudoku_gstep *st;
	unsigned unit;  /* the unit searched (subsets), or the symbol (fish) */
	bool rows;      /* fish: base lines are rows */
};


/* k cells whose candidates are k symbols: those symbols leave every unit the k cells share. */
static bool naked_found(struct combo *cb, void *ctx)
{
	struct subset_ctx *x = ctx;
	dlx_sudoku_glogic *g = x->g;
	dlx_sudoku_gstep *st = x->st;
	uint32_t cells[4];
	for (unsigned i = 0; i < cb->k; i++)
		cells[i] = g->ids[cb->pick[i]];
	step_clear(st, dlx__subset_technique('n', cb->k), dlx_sudoku_technique_rating(dlx__subset_technique('n', cb->k)));
	uint32_t tick = next_tick(g);
	for (unsigned i = 0; i < cb->k; i++)
		g->stamp[cells[i]] = tick;
	for (unsigned j = 0; j < g->n_cell_units[cells[0]]; j++) {
		unsigned u = g->cell_units[(size_t)cells[0] * DLX__SUDOKU_MAX_UNITS + j];
		bool common = true;
		for (unsigned i = 1; i < cb->k && common; i++)
			common = in_unit(g, cells[i], u);
		if (!common)
			continue;
		st->units[st->n_units++] = u;
		const uint32_t *cs = unit_cells(g, u);
		for (unsigned i = 0; i < g->side; i++) {
			if (g->stamp[cs[i]] == tick)
				continue;
			g->stamp[cs[i]] = tick;
			for (unsigned d0 = lowest_after(cb->uni, 0); d0 != UINT32_MAX; d0 = lowest_after(cb->uni, d0 + 1))
				if (has(g, cs[i], d0))
					add_elim(st, cs[i], d0);
		}
	}
	if (!st->n_elims)
		return false;
	st->n_cells = cb->k;
	memcpy(st->cells, cells, sizeof cells);
	for (unsigned d0 = lowest_after(cb->uni, 0); d0 != UINT32_MAX; d0 = lowest_after(cb->uni, d0 + 1))
		st->digits[st->n_digits++] = d0 + 1;
	return true;
}

static bool naked_subset(dlx_sudoku_glogic *g, unsigned k, dlx_sudoku_gstep *st)
{
	struct subset_ctx x = { g, st, 0, false };
	for (unsigned u = 0; u < g->n_units; u++) {
		const uint32_t *cs = unit_cells(g, u);
		unsigned m = 0;
		for (unsigned i = 0; i < g->side; i++) {
			size_t c = cs[i];
			unsigned n = g->value[c] ? 0 : pop_at(g->cand + c * WORDS);
			if (n >= 2 && n <= k) {
				memcpy(g->sets + (size_t)m * WORDS, g->cand + c * WORDS, WORDS * sizeof *g->sets);
				g->ids[m++] = (unsigned)c;
			}
		}
		struct combo cb = { g->sets, m, k, { 0 }, { 0 } };
		x.unit = u;
		if (combo_search(&cb, naked_found, &x))
			return true;
	}
	return false;
}

/* k symbols whose places in a unit are k cells: those cells lose their other candidates. */
static bool hidden_found(struct combo *cb, void *ctx)
{
	struct subset_ctx *x = ctx;
	dlx_sudoku_glogic *g = x->g;
	dlx_sudoku_gstep *st = x->st;
	const uint32_t *cs = unit_cells(g, x->unit);
	uint64_t keep[WORDS] = { 0 };
	for (unsigned i = 0; i < cb->k; i++) {
		unsigned d0 = g->ids[cb->pick[i]];
		keep[d0 / 64] |= (uint64_t)1 << (d0 % 64);
	}
	step_clear(st, dlx__subset_technique('h', cb->k), dlx_sudoku_technique_rating(dlx__subset_technique('h', cb->k)));
	for (unsigned p = lowest_after(cb->uni, 0); p != UINT32_MAX; p = lowest_after(cb->uni, p + 1)) {
		size_t c = cs[p];
		for (unsigned d0 = 0; d0 < g->side; d0++)
			if (has(g, c, d0) && !((keep[d0 / 64] >> (d0 % 64)) & 1u))
				add_elim(st, c, d0);
		st->cells[st->n_cells++] = (uint32_t)c;
	}
	if (!st->n_elims)
		return false;
	st->n_units = 1;
	st->units[0] = x->unit;
	for (unsigned i = 0; i < cb->k; i++)
		st->digits[st->n_digits++] = g->ids[cb->pick[i]] + 1;
	return true;
}

static bool hidden_subset(dlx_sudoku_glogic *g, unsigned k, dlx_sudoku_gstep *st)
{
	struct subset_ctx x = { g, st, 0, false };
	const unsigned side = g->side;
	for (unsigned u = 0; u < g->n_units; u++) {
		const uint32_t *cs = unit_cells(g, u);
		/* The places of every symbol in the unit, then those with 2..k of them kept in order. */
		memset(g->sets, 0, (size_t)side * WORDS * sizeof *g->sets);
		for (unsigned i = 0; i < side; i++)
			for (unsigned w = 0; w < WORDS; w++)
				for (uint64_t b = g->cand[(size_t)cs[i] * WORDS + w]; b; b &= b - 1) {
					unsigned d0 = w * 64 + (unsigned)__builtin_ctzll(b);
					g->sets[(size_t)d0 * WORDS + i / 64] |= (uint64_t)1 << (i % 64);
				}
		unsigned m = 0;
		for (unsigned d0 = 0; d0 < side; d0++) {
			unsigned n = pop_at(g->sets + (size_t)d0 * WORDS);
			if (n >= 2 && n <= k) {
				memmove(g->sets + (size_t)m * WORDS, g->sets + (size_t)d0 * WORDS, WORDS * sizeof *g->sets);
				g->ids[m++] = d0;
			}
		}
		struct combo cb = { g->sets, m, k, { 0 }, { 0 } };
		x.unit = u;
		if (combo_search(&cb, hidden_found, &x))
			return true;
	}
	return false;
}

/* k rows (columns) whose places of a symbol lie in k columns (rows): it leaves those lines' other cells. */
static bool fish_found(struct combo *cb, void *ctx)
{
	struct subset_ctx *x = ctx;
	dlx_sudoku_glogic *g = x->g;
	dlx_sudoku_gstep *st = x->st;
	const unsigned side = g->side, d0 = x->unit;
	step_clear(st, dlx__subset_technique('f', cb->k), dlx_sudoku_technique_rating(dlx__subset_technique('f', cb->k)));
	for (unsigned i = 0; i < cb->k; i++)
		st->units[st->n_units++] = (x->rows ? 0 : side) + g->ids[cb->pick[i]];
	for (unsigned l = lowest_after(cb->uni, 0); l != UINT32_MAX; l = lowest_after(cb->uni, l + 1)) {
		st->units[st->n_units++] = (x->rows ? side : 0) + l;
		unsigned b = 0;
		for (unsigned o = 0; o < side; o++) {
			if (b < cb->k && g->ids[cb->pick[b]] == o) {
				b++;
				continue;
			}
			size_t c = x->rows ? (size_t)o * side + l : (size_t)l * side + o;
			if (has(g, c, d0))
				add_elim(st, c, d0);
		}
	}
	if (!st->n_elims)
		return false;
	st->n_digits = 1;
	st->digits[0] = d0 + 1;
	return true;
}

static bool fish(dlx_sudoku_glogic *g, unsigned k, dlx_sudoku_gstep *st)
{
	const unsigned side = g->side;
	struct subset_ctx x = { g, st, 0, false };
	for (unsigned d0 = 0; d0 < side; d0++) {
		for (int rows = 1; rows >= 0; rows--) {
			unsigned m = 0;
			for (unsigned l = 0; l < side; l++) {
				uint64_t *set = g->sets + (size_t)m * WORDS;
				memset(set, 0, WORDS * sizeof *set);
				for (unsigned o = 0; o < side; o++) {
					size_t c = rows ? (size_t)l * side + o : (size_t)o * side + l;
					if (has(g, c, d0))
						set[o / 64] |= (uint64_t)1 << (o % 64);
				}
				unsigned n = pop_at(set);
				if (n >= 2 && n <= k)
					g->ids[m++] = l;
			}
			struct combo cb = { g->sets, m, k, { 0 }, { 0 } };
			x.unit = d0;
			x.rows = rows;
			if (combo_search(&cb, fish_found, &x))
				return true;
		}
	}
	return false;
}

int dlx_sudoku_glogic_next_step(dlx_sudoku_glogic *g, unsigned max_rating, dlx_sudoku_gstep *st, dlx_error_info *err)
{
	dlx__sudoku_clear_error(err);
	if (!g || !st)
		return DLX_ERR_INVALID;
	step_clear(st, DLX_SUDOKU_TECH_NONE, 0);
	if (dlx_sudoku_glogic_solved(g))
		return DLX_OK;
	int rc = scan_units(g, err);
	if (rc)
		return rc;
	/* The ladder, by weight: each rung is tried when every easier one found nothing. */
	if (max_rating >= 12 && hidden_single(g, true, st))
		return DLX_OK;
	if (max_rating >= 15 && hidden_single(g, false, st))
		return DLX_OK;
	if (max_rating >= 23 && naked_single(g, st))
		return DLX_OK;
	if (max_rating >= 26 && locked(g, true, st))
		return DLX_OK;
	if (max_rating >= 28 && locked(g, false, st))
		return DLX_OK;
	static const struct {
		unsigned rating;
		char kind; /* 'n'aked, 'h'idden, 'f'ish */
		unsigned k;
	} rungs[] = { { 30, 'n', 2 }, { 32, 'f', 2 }, { 34, 'h', 2 }, { 36, 'n', 3 }, { 38, 'f', 3 }, { 40, 'h', 3 },
		{ 50, 'n', 4 }, { 52, 'f', 4 }, { 54, 'h', 4 } };
	for (size_t i = 0; i < sizeof rungs / sizeof rungs[0] && rungs[i].rating <= max_rating; i++) {
		bool found = rungs[i].kind == 'n' ? naked_subset(g, rungs[i].k, st)
			: rungs[i].kind == 'h' ? hidden_subset(g, rungs[i].k, st) : fish(g, rungs[i].k, st);
		if (found)
			return DLX_OK;
	}
	step_clear(st, DLX_SUDOKU_TECH_NONE, 0);
	return DLX_OK;
}

int dlx_sudoku_glogic_apply_step(dlx_sudoku_glogic *g, const dlx_sudoku_gstep *st)
{
	if (!g || !st || st->n_elims > DLX_SUDOKU_GSTEP_MAX_ELIMS)
		return DLX_ERR_INVALID;
	for (unsigned i = 0; i < st->n_elims; i++)
		if (st->elim_cell[i] >= g->cells || st->elim_digit[i] < 1 || st->elim_digit[i] > g->side)
			return DLX_ERR_INVALID;
	if (st->place_digit && (st->place_cell >= g->cells || st->place_digit > g->side))
		return DLX_ERR_INVALID;
	for (unsigned i = 0; i < st->n_elims; i++)
		clear_cand(g, st->elim_cell[i], st->elim_digit[i] - 1u);
	if (st->place_digit) {
		if (!has(g, st->place_cell, st->place_digit - 1))
			return DLX_ERR_INVALID;
		place(g, st->place_cell, st->place_digit - 1);
	}
	return DLX_OK;
}

int dlx_sudoku_glogic_rate(dlx_sudoku_glogic *g, dlx_sudoku_rating *out,
	int (*on_step)(void *ctx, const dlx_sudoku_gstep *step), void *ctx, dlx_error_info *err)
{
	dlx__sudoku_clear_error(err);
	if (!g || !out)
		return DLX_ERR_INVALID;
	out->rating = 0;
	out->solved = 0;
	out->steps = 0;
	out->hardest = DLX_SUDOKU_TECH_NONE;
	dlx_sudoku_gstep *st = malloc(sizeof *st);
	if (!st)
		return DLX_ERR_NOMEM;
	int rc = DLX_OK;
	for (;;) {
		rc = dlx_sudoku_glogic_next_step(g, UINT32_MAX, st, err);
		if (rc || st->technique == DLX_SUDOKU_TECH_NONE)
			break;
		if (st->rating > out->rating) {
			out->rating = st->rating;
			out->hardest = st->technique;
		}
		out->steps++;
		if (on_step && on_step(ctx, st))
			break;
		rc = dlx_sudoku_glogic_apply_step(g, st);
		if (rc)
			break;
	}
	free(st);
	out->solved = dlx_sudoku_glogic_solved(g);
	if (!rc && !out->solved && out->rating < DLX_SUDOKU_GRATING_BEYOND)
		out->rating = DLX_SUDOKU_GRATING_BEYOND;
	return rc;
}
