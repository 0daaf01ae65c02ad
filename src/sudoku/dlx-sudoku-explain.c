/*
 * Explained solving of 9x9 sudoku (dlx-sudoku-explain.h): the techniques
 * of a human solver on a grid of candidate bitmasks, each step found as the
 * easiest one available, and SE's rating built from them.
 *
 * Bitmasks rather than the exact-cover matrix: on 9x9 every unit fits a
 * 9-bit word, which makes the subset and fish searches a few thousand word
 * operations a step; the header names each technique as the matrix rule it
 * is.
 */
#include "dlx-sudoku-explain.h"
#include "dlx-sudoku-internal.h"

#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *name;
	unsigned rating;
} techniques[DLX_SUDOKU_TECH_COUNT] = {
	[DLX_SUDOKU_TECH_NONE] = { "none", 0 },
	[DLX_SUDOKU_TECH_HIDDEN_SINGLE_BOX] = { "hidden single", 12 },
	[DLX_SUDOKU_TECH_HIDDEN_SINGLE_LINE] = { "hidden single", 15 },
	[DLX_SUDOKU_TECH_NAKED_SINGLE] = { "naked single", 23 },
	[DLX_SUDOKU_TECH_POINTING] = { "pointing", 26 },
	[DLX_SUDOKU_TECH_CLAIMING] = { "claiming", 28 },
	[DLX_SUDOKU_TECH_NAKED_PAIR] = { "naked pair", 30 },
	[DLX_SUDOKU_TECH_X_WING] = { "X-wing", 32 },
	[DLX_SUDOKU_TECH_HIDDEN_PAIR] = { "hidden pair", 34 },
	[DLX_SUDOKU_TECH_NAKED_TRIPLE] = { "naked triple", 36 },
	[DLX_SUDOKU_TECH_SWORDFISH] = { "swordfish", 38 },
	[DLX_SUDOKU_TECH_HIDDEN_TRIPLE] = { "hidden triple", 40 },
	[DLX_SUDOKU_TECH_SKYSCRAPER] = { "skyscraper", 40 },
	[DLX_SUDOKU_TECH_TWO_STRING_KITE] = { "two-string kite", 41 },
	[DLX_SUDOKU_TECH_TURBOT_FISH] = { "turbot fish", 42 },
	[DLX_SUDOKU_TECH_XY_WING] = { "XY-wing", 42 },
	[DLX_SUDOKU_TECH_XYZ_WING] = { "XYZ-wing", 44 },
	[DLX_SUDOKU_TECH_UNIQUE_RECT_1] = { "unique rectangle type 1", 45 },
	[DLX_SUDOKU_TECH_UNIQUE_RECT_4] = { "unique rectangle type 4", 45 },
	[DLX_SUDOKU_TECH_UNIQUE_RECT_2] = { "unique rectangle type 2", 46 },
	[DLX_SUDOKU_TECH_NAKED_QUAD] = { "naked quad", 50 },
	[DLX_SUDOKU_TECH_JELLYFISH] = { "jellyfish", 52 },
	[DLX_SUDOKU_TECH_HIDDEN_QUAD] = { "hidden quad", 54 },
	[DLX_SUDOKU_TECH_STRONG_LINKS_3] = { "three strong links", 54 },
	[DLX_SUDOKU_TECH_BUG] = { "BUG+1", 56 },
	[DLX_SUDOKU_TECH_STRONG_LINKS_4] = { "four strong links", 58 },
	[DLX_SUDOKU_TECH_X_CHAIN] = { "X-chain", 66 },
	[DLX_SUDOKU_TECH_Y_CHAIN] = { "Y-chain", 66 },
	[DLX_SUDOKU_TECH_XY_CHAIN] = { "forcing chain", 70 },
	[DLX_SUDOKU_TECH_ALIGNED_TRIPLE] = { "aligned triple exclusion", 75 },
	[DLX_SUDOKU_TECH_NISHIO] = { "Nishio forcing chains", 75 },
	[DLX_SUDOKU_TECH_CELL_FORCING] = { "cell forcing chains", 80 },
	[DLX_SUDOKU_TECH_REGION_FORCING] = { "region forcing chains", 80 },
	[DLX_SUDOKU_TECH_DYNAMIC_CONTRADICTION] = { "dynamic contradiction forcing chains", 85 },
	[DLX_SUDOKU_TECH_DYNAMIC_DOUBLE] = { "dynamic double forcing chains", 85 },
	[DLX_SUDOKU_TECH_DYNAMIC_CELL] = { "dynamic cell forcing chains", 85 },
	[DLX_SUDOKU_TECH_DYNAMIC_REGION] = { "dynamic region forcing chains", 85 },
};

const char *dlx_sudoku_technique_name(dlx_sudoku_technique t)
{
	return (unsigned)t < DLX_SUDOKU_TECH_COUNT ? techniques[t].name : "?";
}

unsigned dlx_sudoku_technique_rating(dlx_sudoku_technique t)
{
	return (unsigned)t < DLX_SUDOKU_TECH_COUNT ? techniques[t].rating : 0;
}

/*
 * The classes, the one table that both dlx_sudoku_rating_class() and
 * dlx_sudoku_class_range() read, so that a generator asked for a class
 * makes puzzles that --rate puts in it.  The solved ones partition 0..UINT_MAX.
 */
static const struct {
	const char *name;
	dlx_sudoku_rating_range range;
} classes[] = {
	{ "easy", { 0, 25, 0 } },
	{ "medium", { 26, 34, 0 } },
	{ "hard", { 35, 44, 0 } },
	{ "expert", { 45, UINT_MAX, 0 } },
	{ "beyond logic", { DLX_SUDOKU_RATING_BEYOND, UINT_MAX, 1 } },
};
#define N_CLASSES (sizeof classes / sizeof classes[0])

const char *dlx_sudoku_rating_class(unsigned rating, int solved)
{
	dlx_sudoku_rating r = { rating, solved, 0, DLX_SUDOKU_TECH_NONE };
	for (size_t k = 0; k < N_CLASSES; k++)
		if (dlx_sudoku_rating_in_range(&r, &classes[k].range))
			return classes[k].name;
	return "beyond logic"; /* unreachable: the solved classes cover every rating */
}

int dlx_sudoku_class_range(const char *name, dlx_sudoku_rating_range *out)
{
	if (!name || !out)
		return DLX_ERR_INVALID;
	for (size_t k = 0; k < N_CLASSES; k++) {
		/* "beyond" is how a command line says "beyond logic". */
		if (strcmp(name, classes[k].name) == 0 || (classes[k].range.beyond && strcmp(name, "beyond") == 0)) {
			*out = classes[k].range;
			return DLX_OK;
		}
	}
	return DLX_ERR_INVALID;
}

int dlx_sudoku_rating_in_range(const dlx_sudoku_rating *r, const dlx_sudoku_rating_range *range)
{
	if (!r || !range)
		return 0;
	if (range->beyond)
		return !r->solved;
	return r->solved && r->rating >= range->min && r->rating <= range->max;
}

static unsigned row_of(unsigned c) { return c / 9; }
static unsigned col_of(unsigned c) { return c % 9; }
static unsigned box_of(unsigned c) { return c / 27 * 3 + c % 9 / 3; }

/* Cell i (0..8) of unit u: rows 0..8, columns 9..17, boxes 18..26, each in reading order. */
static unsigned unit_cell(unsigned u, unsigned i)
{
	if (u < 9)
		return u * 9 + i;
	if (u < 18)
		return i * 9 + (u - 9);
	unsigned b = u - 18;
	return (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3;
}

static bool sees(unsigned a, unsigned b)
{
	return a != b && (row_of(a) == row_of(b) || col_of(a) == col_of(b) || box_of(a) == box_of(b));
}

#define ALL_DIGITS 0x1ffu

/* Bits of a 9-bit mask by table: without -mpopcnt __builtin_popcount is a call. */
#define POP2(n) n, n + 1, n + 1, n + 2
#define POP4(n) POP2(n), POP2(n + 1), POP2(n + 1), POP2(n + 2)
#define POP6(n) POP4(n), POP4(n + 1), POP4(n + 1), POP4(n + 2)
#define POP8(n) POP6(n), POP6(n + 1), POP6(n + 1), POP6(n + 2)
static const uint8_t pop9[512] = { POP8(0), POP8(1) };
static unsigned bits(unsigned m) { return m < 512 ? pop9[m] : (unsigned)__builtin_popcount(m); }
static unsigned low(unsigned m) { return (unsigned)__builtin_ctz(m); }

/* What every finder reads: the grid and, per unit and digit, the unit's places (bit i: unit_cell(u, i)) left for it. */
struct scan {
	const dlx_sudoku_logic *g;
	uint16_t pos[27][9];
	uint16_t placed[27]; /* digits placed in the unit */
};

/* Finders fill *s and return true when they found a step that removes something. */

static void step_start(dlx_sudoku_step *s, dlx_sudoku_technique t)
{
	s->technique = t;
	s->rating = techniques[t].rating;
	s->n_units = s->n_cells = s->n_elims = s->n_chain = 0;
	s->digits = 0;
	s->place_cell = s->place_digit = 0;
}

static void elim(const struct scan *x, dlx_sudoku_step *s, unsigned cell, unsigned d)
{
	if (!(x->g->cand[cell] & (1u << d)) || s->n_elims >= DLX_SUDOKU_STEP_MAX_ELIMS)
		return;
	for (unsigned k = 0; k < s->n_elims; k++)
		if (s->elim_cell[k] == cell && s->elim_digit[k] == d + 1)
			return;
	s->elim_cell[s->n_elims] = (uint8_t)cell;
	s->elim_digit[s->n_elims++] = (uint8_t)(d + 1);
}

static bool accept(const dlx_sudoku_step *s)
{
	return s->n_elims > 0;
}

static bool hidden_single(const struct scan *x, dlx_sudoku_step *s, unsigned from, unsigned to,
	dlx_sudoku_technique t)
{
	for (unsigned u = from; u < to; u++) {
		for (unsigned d = 0; d < 9; d++) {
			if (bits(x->pos[u][d]) != 1)
				continue;
			step_start(s, t);
			s->units[s->n_units++] = (uint8_t)u;
			s->digits = (uint16_t)(1u << d);
			unsigned c = unit_cell(u, low(x->pos[u][d]));
			s->cells[s->n_cells++] = (uint8_t)c;
			s->place_cell = (uint8_t)c;
			s->place_digit = (uint8_t)(d + 1);
			return true;
		}
	}
	return false;
}

static bool naked_single(const struct scan *x, dlx_sudoku_step *s)
{
	for (unsigned c = 0; c < 81; c++) {
		if (bits(x->g->cand[c]) != 1)
			continue;
		step_start(s, DLX_SUDOKU_TECH_NAKED_SINGLE);
		s->units[s->n_units++] = (uint8_t)(box_of(c) + 18);
		s->digits = x->g->cand[c];
		s->cells[s->n_cells++] = (uint8_t)c;
		s->place_cell = (uint8_t)c;
		s->place_digit = (uint8_t)(low(x->g->cand[c]) + 1);
		return true;
	}
	return false;
}

/* Pointing: digit d of a box lies in one row or column, and leaves the rest of that line. */
static bool pointing(const struct scan *x, dlx_sudoku_step *s)
{
	for (unsigned b = 18; b < 27; b++) {
		for (unsigned d = 0; d < 9; d++) {
			unsigned m = x->pos[b][d];
			if (bits(m) < 2)
				continue;
			unsigned line = 27;
			for (unsigned k = 0; k < 3; k++) {
				if ((m & (7u << (3 * k))) == m)
					line = unit_cell(b, 3 * k) / 9;
				if ((m & (0x49u << k)) == m)
					line = 9 + unit_cell(b, k) % 9;
			}
			if (line == 27)
				continue;
			step_start(s, DLX_SUDOKU_TECH_POINTING);
			s->units[0] = (uint8_t)b;
			s->units[1] = (uint8_t)line;
			s->n_units = 2;
			s->digits = (uint16_t)(1u << d);
			for (unsigned i = 0; i < 9; i++) {
				unsigned c = unit_cell(line, i);
				if (box_of(c) + 18 != b)
					elim(x, s, c, d);
			}
			if (accept(s))
				return true;
		}
	}
	return false;
}

/* Claiming: digit d of a row or column lies in one box, and leaves the rest of that box. */
static bool claiming(const struct scan *x, dlx_sudoku_step *s)
{
	for (unsigned u = 0; u < 18; u++) {
		for (unsigned d = 0; d < 9; d++) {
			unsigned m = x->pos[u][d];
			if (bits(m) < 2)
				continue;
			unsigned k = low(m) / 3;
			if ((m & (7u << (3 * k))) != m)
				continue;
			unsigned b = box_of(unit_cell(u, low(m))) + 18;
			step_start(s, DLX_SUDOKU_TECH_CLAIMING);
			s->units[0] = (uint8_t)u;
			s->units[1] = (uint8_t)b;
			s->n_units = 2;
			s->digits = (uint16_t)(1u << d);
			for (unsigned i = 0; i < 9; i++) {
				unsigned c = unit_cell(b, i);
				bool in_line = u < 9 ? row_of(c) == u : col_of(c) == u - 9;
				if (!in_line)
					elim(x, s, c, d);
			}
			if (accept(s))
				return true;
		}
	}
	return false;
}

/*
 * Chooses k of the n masks (in order) whose union has exactly k bits;
 * calls found() with the chosen indices (as a bitmask of 0..n−1) and the union until it returns true.
 */
struct combo {
	const uint16_t *masks;
	unsigned n, k;
	bool (*found)(void *ctx, unsigned chosen, unsigned uni);
	void *ctx;
};

static bool combos(const struct combo *cb, unsigned start, unsigned depth, unsigned chosen, unsigned uni)
{
	if (bits(uni) > cb->k)
		return false;
	if (depth == cb->k)
		return bits(uni) == cb->k && cb->found(cb->ctx, chosen, uni);
	for (unsigned i = start; i + (cb->k - depth) <= cb->n; i++) {
		if (combos(cb, i + 1, depth + 1, chosen | 1u << i, uni | cb->masks[i]))
			return true;
	}
	return false;
}

/* A subset search in one unit, or a fish on one digit. */
struct subset {
	const struct scan *x;
	dlx_sudoku_step *s;
	dlx_sudoku_technique t;
	unsigned unit, digit, lines_from; /* lines_from: 0 rows, 9 columns (fish) */
	uint8_t idx[9];                   /* what each mask stands for: unit places, digits or lines */
};


/* Naked subset: k cells of the unit hold k digits between them, which leave every unit the cells share. */
static bool naked_found(void *ctx, unsigned chosen, unsigned digits)
{
	struct subset *q = ctx;
	dlx_sudoku_step *s = q->s;
	step_start(s, q->t);
	s->digits = (uint16_t)digits;
	for (unsigned i = 0; i < 9; i++)
		if (chosen & (1u << i))
			s->cells[s->n_cells++] = q->idx[i];
	/* The unit searched, then a box or line that also holds every cell. */
	s->units[s->n_units++] = (uint8_t)q->unit;
	unsigned r = row_of(s->cells[0]), c = col_of(s->cells[0]), b = box_of(s->cells[0]);
	bool same_r = true, same_c = true, same_b = true;
	for (unsigned i = 1; i < s->n_cells; i++) {
		same_r = same_r && row_of(s->cells[i]) == r;
		same_c = same_c && col_of(s->cells[i]) == c;
		same_b = same_b && box_of(s->cells[i]) == b;
	}
	if (same_r && q->unit != r)
		s->units[s->n_units++] = (uint8_t)r;
	if (same_c && q->unit != c + 9)
		s->units[s->n_units++] = (uint8_t)(c + 9);
	if (same_b && q->unit != b + 18)
		s->units[s->n_units++] = (uint8_t)(b + 18);
	for (unsigned j = 0; j < s->n_units; j++) {
		for (unsigned i = 0; i < 9; i++) {
			unsigned cell = unit_cell(s->units[j], i);
			bool mine = false;
			for (unsigned k = 0; k < s->n_cells; k++)
				mine = mine || s->cells[k] == cell;
			if (mine)
				continue;
			for (unsigned d = 0; d < 9; d++)
				if (digits & (1u << d))
					elim(q->x, s, cell, d);
		}
	}
	return accept(s);
}

static bool naked_subset(const struct scan *x, dlx_sudoku_step *s, unsigned k)
{
	struct subset q = { x, s, dlx__subset_technique('n', k), 0, 0, 0, { 0 } };
	uint16_t masks[9];
	for (unsigned u = 0; u < 27; u++) {
		unsigned n = 0, empty = 0;
		for (unsigned i = 0; i < 9; i++) {
			unsigned c = unit_cell(u, i), m = x->g->cand[c];
			empty += m != 0;
			if (bits(m) >= 2 && bits(m) <= k) {
				masks[n] = (uint16_t)m;
				q.idx[n++] = (uint8_t)c;
			}
		}
		q.unit = u;
		struct combo cb = { masks, n, k, naked_found, &q };
		if (empty > k && combos(&cb, 0, 0, 0, 0))
			return true;
	}
	return false;
}

/* Hidden subset: k digits of the unit lie within k of its cells, which lose their other digits. */
static bool hidden_found(void *ctx, unsigned chosen, unsigned places)
{
	struct subset *q = ctx;
	dlx_sudoku_step *s = q->s;
	step_start(s, q->t);
	s->units[s->n_units++] = (uint8_t)q->unit;
	unsigned digits = 0;
	for (unsigned i = 0; i < 9; i++)
		if (chosen & (1u << i))
			digits |= 1u << q->idx[i];
	s->digits = (uint16_t)digits;
	for (unsigned i = 0; i < 9; i++) {
		if (!(places & (1u << i)))
			continue;
		unsigned c = unit_cell(q->unit, i);
		s->cells[s->n_cells++] = (uint8_t)c;
		for (unsigned d = 0; d < 9; d++)
			if (!(digits & (1u << d)))
				elim(q->x, s, c, d);
	}
	return accept(s);
}

static bool hidden_subset(const struct scan *x, dlx_sudoku_step *s, unsigned k)
{
	struct subset q = { x, s, dlx__subset_technique('h', k), 0, 0, 0, { 0 } };
	uint16_t masks[9];
	for (unsigned u = 0; u < 27; u++) {
		unsigned n = 0, empty = 0;
		for (unsigned d = 0; d < 9; d++) {
			unsigned m = x->pos[u][d];
			empty += !(x->placed[u] & (1u << d));
			if (bits(m) >= 2 && bits(m) <= k) {
				masks[n] = (uint16_t)m;
				q.idx[n++] = (uint8_t)d;
			}
		}
		q.unit = u;
		struct combo cb = { masks, n, k, hidden_found, &q };
		if (empty > k && combos(&cb, 0, 0, 0, 0))
			return true;
	}
	return false;
}

/* Fish: digit d of k base lines lies within k cover lines across them, and leaves the rest of the cover lines. */
static bool fish_found(void *ctx, unsigned chosen, unsigned covers)
{
	struct subset *q = ctx;
	dlx_sudoku_step *s = q->s;
	step_start(s, q->t);
	s->digits = (uint16_t)(1u << q->digit);
	unsigned base_mask = 0;
	for (unsigned i = 0; i < 9; i++) {
		if (chosen & (1u << i)) {
			s->units[s->n_units++] = (uint8_t)(q->lines_from + q->idx[i]);
			base_mask |= 1u << q->idx[i];
		}
	}
	unsigned cover_from = q->lines_from ? 0 : 9;
	for (unsigned j = 0; j < 9; j++) {
		if (!(covers & (1u << j)))
			continue;
		s->units[s->n_units++] = (uint8_t)(cover_from + j);
		for (unsigned i = 0; i < 9; i++)
			if (!(base_mask & (1u << i)))
				elim(q->x, s, unit_cell(cover_from + j, i), q->digit);
	}
	return accept(s);
}

static bool fish(const struct scan *x, dlx_sudoku_step *s, unsigned k)
{
	struct subset q = { x, s, dlx__subset_technique('f', k), 0, 0, 0, { 0 } };
	uint16_t masks[9];
	for (unsigned d = 0; d < 9; d++) {
		for (unsigned from = 0; from < 18; from += 9) {
			unsigned n = 0;
			for (unsigned l = 0; l < 9; l++) {
				unsigned m = x->pos[from + l][d];
				if (bits(m) >= 2 && bits(m) <= k) {
					masks[n] = (uint16_t)m;
					q.idx[n++] = (uint8_t)l;
				}
			}
			q.digit = d;
			q.lines_from = from;
			struct combo cb = { masks, n, k, fish_found, &q };
			if (combos(&cb, 0, 0, 0, 0))
				return true;
		}
	}
	return false;
}

/*
 * Turbot fish: strong links a-b (unit u) and c-e (unit v) of digit d, b and c
 * seeing each other: if a is not d, b is, so c is not, so e is; one of a and
 * e holds d, and a cell seeing both loses it.  Skyscraper when u and v are
 * parallel lines, two-string kite when they are a row and a column, turbot
 * fish when one is a box (SE names them by those units).
 */
static bool turbot(const struct scan *x, dlx_sudoku_step *s, dlx_sudoku_technique t)
{
	for (unsigned d = 0; d < 9; d++) {
		uint8_t ends[27][2];
		uint8_t unit[27];
		unsigned n = 0;
		for (unsigned u = 0; u < 27; u++) {
			unsigned m = x->pos[u][d];
			if (bits(m) != 2)
				continue;
			ends[n][0] = (uint8_t)unit_cell(u, low(m));
			ends[n][1] = (uint8_t)unit_cell(u, low(m & (m - 1)));
			unit[n++] = (uint8_t)u;
		}
		for (unsigned i = 0; i < n; i++) {
			for (unsigned j = i + 1; j < n; j++) {
				unsigned ui = unit[i], uj = unit[j];
				bool box = ui >= 18 || uj >= 18, parallel = !box && (ui < 9) == (uj < 9);
				dlx_sudoku_technique kind = box ? DLX_SUDOKU_TECH_TURBOT_FISH
					: parallel ? DLX_SUDOKU_TECH_SKYSCRAPER : DLX_SUDOKU_TECH_TWO_STRING_KITE;
				if (kind != t)
					continue;
				for (unsigned k = 0; k < 4; k++) {
					unsigned a = ends[i][k & 1], b = ends[i][!(k & 1)];
					unsigned c = ends[j][k >> 1], e = ends[j][!(k >> 1)];
					if (a == c || a == e || b == c || b == e || !sees(b, c))
						continue;
					step_start(s, t);
					s->units[0] = (uint8_t)ui;
					s->units[1] = (uint8_t)uj;
					s->n_units = 2;
					s->digits = (uint16_t)(1u << d);
					s->cells[0] = (uint8_t)a;
					s->cells[1] = (uint8_t)b;
					s->cells[2] = (uint8_t)c;
					s->cells[3] = (uint8_t)e;
					s->n_cells = 4;
					for (unsigned z = 0; z < 81; z++)
						if (z != b && z != c && sees(z, a) && sees(z, e))
							elim(x, s, z, d);
					if (accept(s))
						return true;
				}
			}
		}
	}
	return false;
}

/*
 * Chains of n strong links on one digit (Sukaku Explainer's "n strong
 * links": 3 at 5.4, 4 at 5.8; its skyscraper, kite and turbot fish are
 * n = 2): units u1..un with two places each for d, a1-b1 in u1, ..., each
 * b seeing the next a.  If a1 is not d then b1 is, a2 is not, ..., bn is:
 * one of a1 and bn holds d, and a cell seeing both loses it.  SE adds 0.1
 * when the links mix a box and lines, or rows and columns, 0.2 when both,
 * nothing for parallel lines; grouped links and loops are left out.  The
 * easiest chain that removes something, the first found of its rating.
 */
struct slinks {
	unsigned n, nl, d;
	uint8_t a[54], b[54], u[54];   /* oriented links: from a to b in unit u */
	uint64_t adj[54];              /* adj[i] bit j: b_i sees a_j, four cells apart */
	uint64_t ends[54];             /* ends[i] bit j: some cell of d sees both a_i and b_j */
	uint64_t peers[81][2], dmask[2];
	unsigned path[4], best_inc, best_d;
	uint8_t best_cells[8], best_units[4]; /* the best chain's, kept: the next digit's links replace a, b, u */
	uint64_t best_el[2];
};

static unsigned slinks_inc(const struct slinks *k, const unsigned *path)
{
	bool box = false, row = false, col = false;
	for (unsigned i = 0; i < k->n; i++) {
		unsigned u = k->u[path[i]];
		box = box || u >= 18;
		row = row || u < 9;
		col = col || (u >= 9 && u < 18);
	}
	return box && row && col ? 2 : box || (row && col) ? 1 : 0;
}

static void slinks_dfs(struct slinks *k, unsigned depth, uint64_t used0, uint64_t used1)
{
	if (k->best_inc == 0)
		return;
	unsigned last = k->path[depth - 1];
	uint64_t next = k->adj[last];
	if (depth + 1 == k->n) /* the last link: one whose far end and a1 see a cell of d, the reverse of no chain seen */
		next &= k->ends[k->path[0]] & ~((2ull << (k->path[0] ^ 1)) - 1);
	if (depth == k->n) {
		unsigned a = k->a[k->path[0]], b = k->b[last];
		uint64_t el[2];
		for (unsigned w = 0; w < 2; w++)
			el[w] = k->peers[a][w] & k->peers[b][w] & k->dmask[w] & ~(w ? used1 : used0);
		if (!(el[0] | el[1]))
			return;
		unsigned inc = slinks_inc(k, k->path);
		if (inc < k->best_inc) {
			k->best_inc = inc;
			k->best_d = k->d;
			for (unsigned i = 0; i < k->n; i++) {
				k->best_cells[2 * i] = k->a[k->path[i]];
				k->best_cells[2 * i + 1] = k->b[k->path[i]];
				k->best_units[i] = k->u[k->path[i]];
			}
			k->best_el[0] = el[0];
			k->best_el[1] = el[1];
		}
		return;
	}
	for (uint64_t m = next; m; m &= m - 1) {
		unsigned j = (unsigned)__builtin_ctzll(m), a = k->a[j], b = k->b[j];
		uint64_t ua = a < 64 ? 1ull << a : 0, ub = b < 64 ? 1ull << b : 0;
		uint64_t va = a >= 64 ? 1ull << (a - 64) : 0, vb = b >= 64 ? 1ull << (b - 64) : 0;
		if ((used0 & (ua | ub)) || (used1 & (va | vb)))
			continue;
		k->path[depth] = j;
		slinks_dfs(k, depth + 1, used0 | ua | ub, used1 | va | vb);
	}
}

static bool strong_links(const struct scan *x, dlx_sudoku_step *s, unsigned n, dlx_sudoku_technique t)
{
	struct slinks k;
	k.n = n;
	k.best_inc = 3;
	for (unsigned c = 0; c < 81; c++) {
		k.peers[c][0] = k.peers[c][1] = 0;
		for (unsigned o = 0; o < 81; o++)
			if (sees(c, o))
				k.peers[c][o >> 6] |= 1ull << (o & 63);
	}
	for (unsigned d = 0; d < 9 && k.best_inc; d++) {
		k.d = d;
		k.nl = 0;
		k.dmask[0] = k.dmask[1] = 0;
		for (unsigned c = 0; c < 81; c++)
			if (x->g->cand[c] & (1u << d))
				k.dmask[c >> 6] |= 1ull << (c & 63);
		for (unsigned u = 0; u < 27; u++) {
			unsigned m = x->pos[u][d];
			if (bits(m) != 2)
				continue;
			unsigned p = unit_cell(u, low(m)), q = unit_cell(u, low(m & (m - 1)));
			k.a[k.nl] = (uint8_t)p, k.b[k.nl] = (uint8_t)q, k.u[k.nl++] = (uint8_t)u;
			k.a[k.nl] = (uint8_t)q, k.b[k.nl] = (uint8_t)p, k.u[k.nl++] = (uint8_t)u;
		}
		for (unsigned i = 0; i < k.nl; i++) {
			k.adj[i] = k.ends[i] = 0;
			for (unsigned j = 0; j < k.nl; j++) {
				if ((k.peers[k.a[i]][0] & k.peers[k.b[j]][0] & k.dmask[0]) |
					(k.peers[k.a[i]][1] & k.peers[k.b[j]][1] & k.dmask[1]))
					k.ends[i] |= 1ull << j;
				unsigned b = k.b[i], a = k.a[j];
				if (b != a && k.a[i] != a && k.a[i] != k.b[j] && b != k.b[j] && sees(b, a))
					k.adj[i] |= 1ull << j;
			}
		}
		for (unsigned i = 0; i < k.nl && k.best_inc; i++) {
			k.path[0] = i;
			unsigned a = k.a[i], b = k.b[i];
			slinks_dfs(&k, 1, (a < 64 ? 1ull << a : 0) | (b < 64 ? 1ull << b : 0),
				(a >= 64 ? 1ull << (a - 64) : 0) | (b >= 64 ? 1ull << (b - 64) : 0));
		}
	}
	if (k.best_inc == 3)
		return false;
	step_start(s, t);
	s->rating += k.best_inc;
	s->digits = (uint16_t)(1u << k.best_d);
	for (unsigned i = 0; i < n; i++) {
		s->units[s->n_units++] = k.best_units[i];
		s->cells[s->n_cells++] = k.best_cells[2 * i];
		s->cells[s->n_cells++] = k.best_cells[2 * i + 1];
	}
	for (unsigned w = 0; w < 2; w++)
		for (uint64_t m = k.best_el[w]; m; m &= m - 1)
			elim(x, s, w * 64 + (unsigned)__builtin_ctzll(m), k.best_d);
	return accept(s);
}

/* SE's added difficulty for a chain of n nodes, in tenths: one for each of the scale's steps passed. */
static unsigned length_rating(unsigned nodes)
{
	unsigned added = 0, ceil = 4, length = nodes - 2;
	for (bool odd = false; length > ceil; odd = !odd) {
		added++;
		ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
	}
	return added;
}

/*
 * The breadth-first search of a forcing chain: from "candidate p chosen",
 * what follows through weak links (a chosen candidate removes the others of
 * its cell and its digit's in the cells it sees) and strong links (a removed
 * candidate leaves the other of its bivalue cell, or of a unit with two
 * places for its digit, chosen).  Nodes are candidates c·9 + d, on (chosen)
 * or off (removed).  The shortest way to "p removed" proves p false.
 */
struct chain_search {
	int16_t parent[2][729]; /* [on][node]: the node it came from, −1 unseen, −2 the start */
	uint8_t depth[2][729];
	uint16_t queue[2 * 729];
	unsigned used;          /* the nodes the last search reached, queue[0..used): set back to unseen by the next */
};

/*
 * Returns the nodes of the shortest chain from p chosen to p removed (or,
 * start_on 0, from p removed to p chosen), 0 if none of max_nodes nodes
 * or fewer, and whether its strong links were both of
 * cells and of units (*y: SE's "XY" chains, rated higher).
 */
static unsigned chain_from(const struct scan *x, struct chain_search *cs, unsigned p, unsigned start_on, bool xonly,
	unsigned max_nodes, uint16_t *path, bool *y)
{
	const uint16_t *cand = x->g->cand;
	for (unsigned i = 0; i < cs->used; i++)
		cs->parent[cs->queue[i] & 1][cs->queue[i] >> 1] = -1;
	unsigned head = 0, tail = 0;
	cs->parent[start_on][p] = -2;
	cs->depth[start_on][p] = 1;
	cs->queue[tail++] = (uint16_t)(p << 1 | start_on);
	while (head < tail) {
		unsigned q = cs->queue[head++], v = q >> 1, on = q & 1, c = v / 9, d = v % 9;
		unsigned dep = cs->depth[on][v];
		if (dep >= max_nodes)
			continue;
		uint16_t next[32];
		unsigned n = 0;
		if (on) {
			for (unsigned e = 0; e < 9 && !xonly; e++)
				if (e != d && (cand[c] & (1u << e)))
					next[n++] = (uint16_t)(c * 9 + e);
			/* The row, the column, then the box's cells in neither (which the row or column gave). */
			const unsigned us[3] = { row_of(c), col_of(c) + 9, box_of(c) + 18 };
			for (unsigned j = 0; j < 3; j++) {
				for (unsigned m = x->pos[us[j]][d]; m; m &= m - 1) {
					unsigned o = unit_cell(us[j], low(m));
					if (o != c && (j < 2 || (row_of(o) != row_of(c) && col_of(o) != col_of(c))))
						next[n++] = (uint16_t)(o * 9 + d);
				}
			}
		} else {
			if (!xonly && bits(cand[c]) == 2)
				next[n++] = (uint16_t)(c * 9 + low(cand[c] & ~(1u << d)));
			const unsigned us[3] = { row_of(c), col_of(c) + 9, box_of(c) + 18 };
			for (unsigned j = 0; j < 3; j++) {
				unsigned m = x->pos[us[j]][d];
				if (bits(m) != 2)
					continue;
				unsigned o = unit_cell(us[j], low(m)) == c ? unit_cell(us[j], low(m & (m - 1))) : unit_cell(us[j], low(m));
				next[n++] = (uint16_t)(o * 9 + d);
			}
		}
		unsigned to = !on;
		for (unsigned k = 0; k < n; k++) {
			unsigned w = next[k];
			if (cs->parent[to][w] != -1)
				continue;
			cs->parent[to][w] = (int16_t)v;
			cs->depth[to][w] = (uint8_t)(dep + 1);
			if (to != start_on && w == p) {
				/* Back from the end to the start, then reversed. */
				unsigned len = dep + 1, at = w, side = to;
				/* SE tells chains apart by their strong links: across cells (X), within a cell (Y), or both. */
				bool xs = false, ys = false;
				for (unsigned i = len; i-- > 0;) {
					path[i] = (uint16_t)at;
					int prev = cs->parent[side][at];
					if (prev >= 0 && side == 1) {
						xs = xs || (unsigned)prev / 9 != at / 9;
						ys = ys || (unsigned)prev / 9 == at / 9;
					}
					at = prev >= 0 ? (unsigned)prev : at;
					side = !side;
				}
				*y = xs && ys;
				cs->queue[tail++] = (uint16_t)(w << 1 | to); /* reached too: set back next time */
				cs->used = tail;
				return len;
			}
			cs->queue[tail++] = (uint16_t)(w << 1 | to);
		}
	}
	cs->used = tail;
	return 0;
}

/* The easiest forcing chain of the grid (SE's rating, then the shortest), as an elimination of its start. */
static bool chains(const struct scan *x, dlx_sudoku_step *s, unsigned max_rating)
{
	struct chain_search cs;
	memset(cs.parent, 0xff, sizeof cs.parent);
	cs.used = 0;
	uint16_t path[DLX_SUDOKU_CHAIN_MAX], best[DLX_SUDOKU_CHAIN_MAX];
	unsigned best_rating = UINT32_MAX, best_len = 0, best_on = 1;
	bool best_y = false;
	/*
	 * The search through any links first, for its lengths: where it finds no
	 * chain from a start, the one-digit search (a subset of its links) finds
	 * none either, and when it finds none at all (the steps that need more
	 * than these chains) there is nothing more to search.
	 */
	uint8_t any_len[729][2];
	bool any_y[729][2], any = false;
	for (unsigned p = 0; p < 729; p++) {
		for (unsigned on = 0; on < 2; on++) {
			any_len[p][on] = 0;
			any_y[p][on] = false;
			if (!(x->g->cand[p / 9] & (1u << (p % 9))))
				continue;
			any_len[p][on] = (uint8_t)chain_from(x, &cs, p, on, false, DLX_SUDOKU_CHAIN_MAX, path, &any_y[p][on]);
			any = any || any_len[p][on];
		}
	}
	if (!any)
		return false;
	/*
	 * Chains on one digit first, then any: the shortest chain of the second
	 * pass may mix strong links where a longer one does without.  A chain
	 * of the lowest rating ends the search.
	 */
	for (unsigned pass = 0; pass < 2 && best_rating > 66u; pass++) {
		for (unsigned p = 0; p < 729 && best_rating > 66u; p++) {
			if (!(x->g->cand[p / 9] & (1u << (p % 9))))
				continue;
			/* p chosen leads to p removed: p goes; p removed leads to p chosen: p is placed. */
			for (unsigned on = 1; on < 2; on--) {
				if (!any_len[p][on])
					continue;
				bool y = false;
				/* Only a chain short enough to rate below the best so far can replace it. */
				unsigned cap = 0;
				for (unsigned len = 4; len <= DLX_SUDOKU_CHAIN_MAX; len++)
					if (66 + length_rating(len) < best_rating)
						cap = len;
				/* The second pass's length and kind are the first search's (capped alike); its path only if it is the best. */
				unsigned len = pass == 0 ? chain_from(x, &cs, p, on, true, cap, path, &y)
					: any_len[p][on] <= cap ? any_len[p][on] : 0;
				if (pass == 1)
					y = any_y[p][on];
				if (!len)
					continue;
				unsigned r = (y ? 70 : 66) + length_rating(len);
				if (r < best_rating && pass == 1)
					chain_from(x, &cs, p, on, false, cap, path, &y);
				if (r < best_rating) {
					best_rating = r;
					best_len = len;
					best_y = y;
					best_on = on;
					memcpy(best, path, len * sizeof *path);
				}
			}
		}
	}
	if (!best_len || best_rating > max_rating)
		return false;
	bool one_digit = true;
	for (unsigned i = 1; i < best_len; i++)
		one_digit = one_digit && best[i] % 9 == best[0] % 9;
	step_start(s, best_y ? DLX_SUDOKU_TECH_XY_CHAIN : one_digit ? DLX_SUDOKU_TECH_X_CHAIN : DLX_SUDOKU_TECH_Y_CHAIN);
	s->rating = best_rating;
	s->n_chain = best_len;
	for (unsigned i = 0; i < best_len; i++) {
		s->chain_cell[i] = (uint8_t)(best[i] / 9);
		s->chain_digit[i] = (uint8_t)(best[i] % 9 + 1);
	}
	s->digits = (uint16_t)(1u << (best[0] % 9));
	if (best_on) {
		elim(x, s, best[0] / 9, best[0] % 9);
		return accept(s);
	}
	s->place_cell = (uint8_t)(best[0] / 9);
	s->place_digit = (uint8_t)(best[0] % 9 + 1);
	return true;
}

/*
 * Aligned triple exclusion (SE's AlignedExclusion(3), 7.5): three cells,
 * the third seeing one of the first two, seen all three by two or more
 * cells of two or three candidates (the excluders).  A choice of one digit
 * per cell is impossible when two cells that see each other take one digit,
 * or when it takes every candidate of an excluder; a candidate of the three
 * cells that no possible choice uses goes.  SE's order: pairs (0,1), (0,2),
 * (1,2), (0,3), ... of the cells of two or more candidates with an
 * excluder, then the third cell among the pair's excluders.
 */
static bool aligned_triple(const struct scan *x, dlx_sudoku_step *s)
{
	const uint16_t *cand = x->g->cand;
	uint8_t list[81];
	uint64_t excl[81][2], base[2] = { 0, 0 };
	/* Per unit, its cells, those of two or three candidates, and of one (a naked single not yet placed). */
	uint64_t few[27][2], one[27][2], all_of[27][2], peer[81][2];
	memset(few, 0, sizeof few);
	memset(one, 0, sizeof one);
	memset(all_of, 0, sizeof all_of);
	for (unsigned c = 0; c < 81; c++) {
		unsigned k = bits(cand[c]);
		const unsigned us[3] = { row_of(c), col_of(c) + 9, box_of(c) + 18 };
		for (unsigned j = 0; j < 3; j++) {
			all_of[us[j]][c >> 6] |= 1ull << (c & 63);
			if (k >= 2 && k <= 3)
				few[us[j]][c >> 6] |= 1ull << (c & 63);
			if (k == 1)
				one[us[j]][c >> 6] |= 1ull << (c & 63);
		}
	}
	for (unsigned c = 0; c < 81; c++) {
		const unsigned us[3] = { row_of(c), col_of(c) + 9, box_of(c) + 18 };
		for (unsigned w = 0; w < 2; w++)
			peer[c][w] = all_of[us[0]][w] | all_of[us[1]][w] | all_of[us[2]][w];
		peer[c][c >> 6] &= ~(1ull << (c & 63));
	}
	unsigned n = 0;
	for (unsigned c = 0; c < 81; c++) {
		if (bits(cand[c]) < 2)
			continue;
		const unsigned us[3] = { row_of(c), col_of(c) + 9, box_of(c) + 18 };
		uint64_t single = 0;
		for (unsigned w = 0; w < 2; w++) {
			excl[c][w] = few[us[0]][w] | few[us[1]][w] | few[us[2]][w];
			single |= one[us[0]][w] | one[us[1]][w] | one[us[2]][w];
		}
		excl[c][c >> 6] &= ~(1ull << (c & 63));
		if (single || !(excl[c][0] | excl[c][1]))
			continue;
		list[n++] = (uint8_t)c;
		base[c >> 6] |= 1ull << (c & 63);
	}
	for (unsigned j = 1; j < n; j++) {
		for (unsigned i = 0; i < j; i++) {
			unsigned c0 = list[i], c1 = list[j];
			uint64_t twin[2];
			for (unsigned w = 0; w < 2; w++)
				twin[w] = (excl[c0][w] | excl[c1][w]) & base[w];
			twin[c0 >> 6] &= ~(1ull << (c0 & 63));
			twin[c1 >> 6] &= ~(1ull << (c1 & 63));
			/*
			 * A triple comes up once for each of its pairs whose excluders hold its
			 * third cell: only its first time counts (a later one finds the same).
			 * The list is in cell order, so a third cell t below c1 came up before
			 * with the pair (min(t, c0), max(t, c0)) when c1 is an excluder of one
			 * of them, or, t below c0, with (t, c1) when c0 is one of t's or c1's.
			 */
			bool few0 = bits(cand[c0]) <= 3, few1 = bits(cand[c1]) <= 3;
			bool c1_of_c0 = (excl[c0][c1 >> 6] >> (c1 & 63)) & 1, c0_of_c1 = (excl[c1][c0 >> 6] >> (c0 & 63)) & 1;
			for (unsigned w = 0; w < 2; w++) {
				uint64_t below1 = c1 >= 64 * (w + 1) ? ~0ull : c1 <= 64 * w ? 0 : (1ull << (c1 - 64 * w)) - 1;
				uint64_t below0 = c0 >= 64 * (w + 1) ? ~0ull : c0 <= 64 * w ? 0 : (1ull << (c0 - 64 * w)) - 1;
				uint64_t lo = twin[w] & below1, hi = twin[w] & ~below1;
				if (c1_of_c0)
					lo = 0;
				else if (few1)
					lo &= ~peer[c1][w];
				/* t below c0: the pair (t, c1) came first, with c0 an excluder of t or of c1 */
				if (c0_of_c1)
					lo &= ~below0;
				else if (few0)
					lo &= ~(below0 & peer[c0][w]);
				twin[w] = lo | hi;
			}
			for (unsigned w = 0; w < 2; w++) {
				for (uint64_t tm = twin[w]; tm; tm &= tm - 1) {
					unsigned t = w * 64 + (unsigned)__builtin_ctzll(tm);
					uint64_t common[2];
					for (unsigned v = 0; v < 2; v++)
						common[v] = excl[c0][v] & excl[c1][v] & excl[t][v];
					/* Two excluders or more: two words set, or one with two bits. */
					if (!(common[0] && common[1]) && !(common[0] & (common[0] - 1)) &&
						!(common[1] & (common[1] - 1)))
						continue;
					bool s01 = sees(c0, c1), s02 = sees(c0, t), s12 = sees(c1, t);
					/* The excluders the three cells' digits can fill (the others never block). */
					uint16_t ex[20];
					unsigned ne = 0, all = cand[c0] | cand[c1] | cand[t];
					for (unsigned v = 0; v < 2; v++)
						for (uint64_t m = common[v]; m; m &= m - 1) {
							unsigned e = cand[v * 64 + (unsigned)__builtin_ctzll(m)];
							if (!(e & ~all))
								ex[ne++] = (uint16_t)e;
						}
					/*
					 * Without an excluder only the three cells' own exclusion can remove
					 * something: two of them one pair of digits, seeing each other, and
					 * the third seeing both.
					 */
					if (!ne) {
						bool pair = (cand[c0] == cand[c1] && bits(cand[c0]) == 2 && s01 && s02 && s12) ||
							(cand[c0] == cand[t] && bits(cand[t]) == 2 && s02 && s01 && s12) ||
							(cand[c1] == cand[t] && bits(cand[t]) == 2 && s12 && s01 && s02);
						if (!pair)
							continue;
					}
					const unsigned cells[3] = { c0, c1, t };
					unsigned allowed[3] = { 0, 0, 0 };
					for (unsigned m0 = cand[c0]; m0; m0 &= m0 - 1) {
						unsigned b0 = m0 & -m0;
						for (unsigned m1 = cand[c1]; m1; m1 &= m1 - 1) {
							unsigned b1 = m1 & -m1;
							if (b0 == b1 && s01)
								continue;
							for (unsigned m2 = cand[t]; m2; m2 &= m2 - 1) {
								unsigned b2 = m2 & -m2;
								if ((b2 == b0 && s02) || (b2 == b1 && s12))
									continue;
								unsigned taken = b0 | b1 | b2;
								bool ok = true;
								for (unsigned e = 0; e < ne && ok; e++)
									ok = (ex[e] & ~taken) != 0;
								if (!ok)
									continue;
								allowed[0] |= b0;
								allowed[1] |= b1;
								allowed[2] |= b2;
							}
						}
					}
					step_start(s, DLX_SUDOKU_TECH_ALIGNED_TRIPLE);
					for (unsigned k = 0; k < 3; k++) {
						s->cells[s->n_cells++] = (uint8_t)cells[k];
						for (unsigned m = cand[cells[k]] & ~allowed[k]; m; m &= m - 1) {
							elim(x, s, cells[k], low(m));
							s->digits |= (uint16_t)(m & -m);
						}
					}
					if (accept(s))
						return true;
				}
			}
		}
	}
	return false;
}

/*
 * Forcing chains of several branches, as Sudoku Explainer (SE) finds and
 * rates them.  One engine follows what a candidate's choice (or removal)
 * implies: a chosen candidate removes its cell's others (Y-links, left out
 * in Nishio) and its digit from its peers; a removed one leaves chosen its
 * cell's last candidate (Y) and its digit's last place in a unit.  SE's
 * order: chosen candidates first, then one removal at a time.  Static runs
 * read the step's grid; dynamic ones (Nishio, dynamic chains) remove each
 * removal from a copy, so that later links see the earlier conclusions.  A
 * run stops at its first contradiction (a candidate both chosen and removed).
 *
 * A conclusion's length is SE's: the number of its distinct ancestors (its
 * first cause, and in a dynamic run the removals that left a cell or a unit
 * one place), itself included; a step's is the sum over its branches, rated
 * as a chain of that many nodes (length_rating()).
 *
 * Nodes are 2·candidate + on; node NODES is the contradiction's new end.
 */
#define CANDS 729u
#define NODES (2u * CANDS)
#define WORDS ((CANDS + 63) / 64)

struct fc_run {
	uint64_t set[2][WORDS];   /* [on]: the candidates reached removed (0) or chosen (1) */
	int16_t parent[NODES + 1]; /* the first cause, −1 for the start */
	uint8_t depth[NODES + 1];  /* the first causes back to the start, itself included (at most 255): a
	                              lower bound of its length */
	uint8_t kind[NODES + 1];   /* how a chosen node followed: 0 a choice's, 1 its cell's last, 2 + u a unit's last */
	uint16_t hidden[NODES + 1]; /* dynamic: the cell's digits (kind 1) or unit's places (kind ≥ 2) removed before */
	uint32_t stamp[NODES + 1];
	uint32_t now;
	uint16_t cand[81];         /* the grid as the run left it (dynamic) */
	uint16_t pos[27][9];       /* and its units' places (struct scan's) */
	uint16_t qon[CANDS], qoff[CANDS]; /* the chosen and removed candidates in the order reached */
	unsigned ton, toff;
	unsigned contra_on, contra_off; /* the contradiction's two nodes, when it had one */
	uint16_t stack[NODES + 1];
};

static bool has(const uint64_t *s, unsigned p) { return s[p >> 6] >> (p & 63) & 1; }
static void put_bit(uint64_t *s, unsigned p) { s[p >> 6] |= 1ull << (p & 63); }

static unsigned fc_node(unsigned p, unsigned on) { return 2 * p + on; }

/* Runs from candidate p chosen (on) or removed; returns whether it met a contradiction. */
static bool fc_run(const struct scan *x, struct fc_run *r, unsigned p, unsigned on, bool dynamic, bool ylinks)
{
	const dlx_sudoku_logic *g = x->g;
	memset(r->set, 0, sizeof r->set);
	if (dynamic) {
		memcpy(r->cand, g->cand, sizeof r->cand);
		memcpy(r->pos, x->pos, sizeof r->pos);
	}
	const uint16_t *cand = dynamic ? r->cand : g->cand;
	const uint16_t(*pos)[9] = dynamic ? (const uint16_t(*)[9])r->pos : x->pos;
	unsigned hon = 0, ton = 0, hoff = 0, toff = 0;
	put_bit(r->set[on], p);
	unsigned n0 = fc_node(p, on);
	r->parent[n0] = -1;
	r->depth[n0] = 1;
	r->kind[n0] = 0;
	if (on)
		r->qon[ton++] = (uint16_t)p;
	else
		r->qoff[toff++] = (uint16_t)p;
	for (;;) {
		unsigned v, c, d, from;
		bool chosen = hon < ton;
		if (chosen)
			v = r->qon[hon++];
		else if (hoff < toff)
			v = r->qoff[hoff++];
		else
			break;
		c = v / 9;
		d = v % 9;
		from = fc_node(v, chosen);
		/* The cell's units (box, row, column: SE's order) and the cell's place in each. */
		const unsigned us[3] = { box_of(c) + 18, row_of(c), col_of(c) + 9 };
		const unsigned at[3] = { row_of(c) % 3 * 3 + col_of(c) % 3, col_of(c), row_of(c) };
		if (chosen) {
			uint16_t next[28];
			unsigned n = 0;
			if (ylinks)
				for (unsigned m = cand[c] & ~(1u << d); m; m &= m - 1)
					next[n++] = (uint16_t)(c * 9 + low(m));
			for (unsigned j = 0; j < 3; j++) {
				for (unsigned m = pos[us[j]][d] & ~(1u << at[j]); m; m &= m - 1) {
					unsigned o = unit_cell(us[j], low(m));
					if (!j || box_of(o) != box_of(c))
						next[n++] = (uint16_t)(o * 9 + d);
				}
			}
			for (unsigned k = 0; k < n; k++) {
				unsigned q = next[k];
				if (has(r->set[1], q)) {
					r->parent[NODES] = (int16_t)from;
					r->depth[NODES] = (uint8_t)(r->depth[from] + (r->depth[from] < 255));
					r->kind[NODES] = 0;
					r->contra_on = fc_node(q, 1);
					r->contra_off = NODES;
					r->ton = ton;
					r->toff = toff;
					return true;
				}
				if (has(r->set[0], q))
					continue;
				put_bit(r->set[0], q);
				r->parent[fc_node(q, 0)] = (int16_t)from;
				r->depth[fc_node(q, 0)] = (uint8_t)(r->depth[from] + (r->depth[from] < 255));
				r->qoff[toff++] = (uint16_t)q;
			}
			continue;
		}
		uint16_t next[4], hid[4];
		uint8_t kinds[4];
		unsigned n = 0;
		if (ylinks && bits(cand[c]) == 2) {
			next[n] = (uint16_t)(c * 9 + low(cand[c] & ~(1u << d)));
			kinds[n] = 1;
			hid[n++] = (uint16_t)(g->cand[c] & ~cand[c]);
		}
		for (unsigned j = 0; j < 3; j++) {
			unsigned m = pos[us[j]][d] & ~(1u << at[j]);
			if (bits(m) != 1)
				continue;
			unsigned q = unit_cell(us[j], low(m)) * 9 + d;
			bool dup = false;
			for (unsigned k = 0; k < n; k++)
				dup = dup || next[k] == q;
			if (dup)
				continue;
			next[n] = (uint16_t)q;
			kinds[n] = (uint8_t)(2 + us[j]);
			hid[n++] = (uint16_t)(x->pos[us[j]][d] & ~pos[us[j]][d]);
		}
		if (dynamic) {
			r->cand[c] &= (uint16_t)~(1u << d);
			for (unsigned j = 0; j < 3; j++)
				r->pos[us[j]][d] &= (uint16_t)~(1u << at[j]);
		}
		for (unsigned k = 0; k < n; k++) {
			unsigned q = next[k];
			unsigned to = has(r->set[0], q) ? NODES : fc_node(q, 1);
			if (to != NODES && has(r->set[1], q))
				continue;
			r->parent[to] = (int16_t)from;
			r->depth[to] = (uint8_t)(r->depth[from] + (r->depth[from] < 255));
			r->kind[to] = kinds[k];
			r->hidden[to] = hid[k];
			if (to == NODES) {
				r->contra_on = NODES;
				r->contra_off = fc_node(q, 0);
				r->ton = ton;
				r->toff = toff;
				return true;
			}
			put_bit(r->set[1], q);
			r->qon[ton++] = (uint16_t)q;
		}
	}
	r->ton = ton;
	r->toff = toff;
	return false;
}

/* A run's storage, its ancestor stamps cleared; NULL when out of memory. */
static struct fc_run *fc_run_new(void)
{
	struct fc_run *r = malloc(sizeof *r);
	if (r) {
		r->now = 0;
		memset(r->stamp, 0, sizeof r->stamp);
	}
	return r;
}

/* SE's length of a node of the run: its distinct ancestors, itself included. */
static unsigned fc_ancestors(struct fc_run *r, unsigned node)
{
	if (++r->now == 0) {
		memset(r->stamp, 0, sizeof r->stamp);
		r->now = 1;
	}
	unsigned sp = 0, count = 0;
	r->stack[sp++] = (uint16_t)node;
	r->stamp[node] = r->now;
	while (sp) {
		unsigned n = r->stack[--sp];
		count++;
		unsigned par[10], np = 0;
		if (r->parent[n] >= 0)
			par[np++] = (unsigned)r->parent[n];
		unsigned p = n == NODES ? 0 : n / 2;
		if ((n == NODES || n & 1) && r->kind[n]) {
			if (n == NODES)
				p = (unsigned)r->parent[n] / 2; /* the same cell or unit as its parent */
			unsigned c = p / 9, d = p % 9;
			if (r->kind[n] == 1) {
				for (unsigned m = r->hidden[n]; m; m &= m - 1)
					par[np++] = fc_node(c * 9 + low(m), 0);
			} else {
				unsigned u = r->kind[n] - 2u;
				for (unsigned m = r->hidden[n]; m; m &= m - 1)
					par[np++] = fc_node(unit_cell(u, low(m)) * 9 + d, 0);
			}
		}
		for (unsigned k = 0; k < np; k++) {
			if (r->stamp[par[k]] == r->now)
				continue;
			r->stamp[par[k]] = r->now;
			r->stack[sp++] = (uint16_t)par[k];
		}
	}
	return count;
}

/* A step of several branches, as SE sorts them: shortest first, then by kind (SE's keys), then found first. */
struct fc_hint {
	bool found;
	unsigned cx, key;
	dlx_sudoku_technique t;
	unsigned target, on;  /* the candidate concluded chosen (placed) or removed */
	unsigned src;         /* the assumption (a candidate), the cell (cell·9) or the unit (u·9 + d) */
	unsigned contra;      /* the candidate both chosen and removed, CANDS if none */
};

static void fc_offer(struct fc_hint *best, unsigned cx, unsigned key, dlx_sudoku_technique t, unsigned target,
	unsigned on, unsigned src, unsigned contra)
{
	if (best->found && (best->cx < cx || (best->cx == cx && best->key <= key)))
		return;
	*best = (struct fc_hint){ true, cx, key, t, target, on, src, contra };
}

/* The contradiction of the run just made, as a step: the start removed (it was chosen) or placed. */
/* Whether a step of length at least lb and sort key key could still replace the best (fc_offer's rule). */
static bool fc_may_beat(const struct fc_hint *best, unsigned lb, unsigned key)
{
	return !best->found || lb < best->cx || (lb == best->cx && key < best->key);
}

static void fc_offer_contradiction(struct fc_run *r, struct fc_hint *best, dlx_sudoku_technique t, unsigned p,
	unsigned on)
{
	if (!fc_may_beat(best, r->depth[r->contra_on] + r->depth[r->contra_off], 7))
		return;
	unsigned cx = fc_ancestors(r, r->contra_on) + fc_ancestors(r, r->contra_off);
	unsigned contra = r->contra_on == NODES ? r->contra_off / 2 : r->contra_on / 2;
	fc_offer(best, cx, 7, t, p, !on, p, contra);
}

/* Nishio: a candidate chosen that, by links on its digit only and dynamically, contradicts itself goes; removed, is placed. */
static void nishio(const struct scan *x, struct fc_run *r, struct fc_hint *best)
{
	const dlx_sudoku_logic *g = x->g;
	for (unsigned p = 0; p < CANDS; p++) {
		if (!(g->cand[p / 9] & (1u << (p % 9))) || bits(g->cand[p / 9]) < 2)
			continue;
		for (unsigned on = 1; on < 2; on--)
			if (fc_run(x, r, p, on, true, false))
				fc_offer_contradiction(r, best, DLX_SUDOKU_TECH_NISHIO, p, on);
	}
}

/* Per candidate, what its choice implies: the sets of one run (left partial at a contradiction). */
struct fc_table {
	uint64_t set[CANDS][2][WORDS];
	uint8_t depth[CANDS][NODES];   /* the run's depths (fc_run), for lower bounds of lengths */
	uint32_t sum[2][CANDS];
	uint64_t want[2][WORDS];
};

/*
 * The branches of a cell (every candidate chosen) or a unit's digit (every
 * place chosen): candidates every branch chooses are placed, those every
 * branch removes go.  want holds what all branches share; the branches are
 * run again to measure each conclusion's length, the first one last, so that
 * its order of discovery (SE's order among one pattern's conclusions) is
 * what the queues hold at the end.
 */
static void fc_branches(const struct scan *x, struct fc_run *r, struct fc_table *tb, const uint16_t *starts,
	unsigned n, bool dynamic, struct fc_hint *best, dlx_sudoku_technique t, unsigned key, unsigned src)
{
	const dlx_sudoku_logic *g = x->g;
	uint64_t any = 0;
	for (unsigned on = 0; on < 2; on++) {
		for (unsigned w = 0; w < WORDS; w++) {
			uint64_t m = ~0ull;
			for (unsigned i = 0; i < n; i++)
				m &= tb->set[starts[i]][on][w];
			tb->want[on][w] = m;
			any |= m;
		}
	}
	if (!any)
		return;
	/* Only conclusions whose lengths' lower bound (the branches' depths) could beat the best are measured. */
	any = 0;
	for (unsigned on = 0; on < 2; on++) {
		for (unsigned w = 0; w < WORDS; w++) {
			for (uint64_t m = tb->want[on][w]; m; m &= m - 1) {
				unsigned q = w * 64 + (unsigned)__builtin_ctzll(m), lb = 0;
				for (unsigned i = 0; i < n; i++)
					lb += tb->depth[starts[i]][fc_node(q, on)];
				if (!fc_may_beat(best, lb, key))
					tb->want[on][w] &= ~(1ull << (q & 63));
			}
			any |= tb->want[on][w];
		}
	}
	if (!any)
		return;
	for (unsigned on = 0; on < 2; on++)
		for (unsigned w = 0; w < WORDS; w++)
			for (uint64_t m = tb->want[on][w]; m; m &= m - 1)
				tb->sum[on][w * 64 + (unsigned)__builtin_ctzll(m)] = 0;
	for (unsigned i = n; i-- > 0;) {
		fc_run(x, r, starts[i], 1, dynamic, true);
		for (unsigned on = 0; on < 2; on++)
			for (unsigned w = 0; w < WORDS; w++)
				for (uint64_t m = tb->want[on][w]; m; m &= m - 1) {
					unsigned q = w * 64 + (unsigned)__builtin_ctzll(m);
					tb->sum[on][q] += fc_ancestors(r, fc_node(q, on));
				}
	}
	/* r holds the first branch: its conclusions in the order found, chosen ones first (SE's order). */
	for (unsigned on = 2; on-- > 0;) {
		const uint16_t *q = on ? r->qon : r->qoff;
		unsigned nq = on ? r->ton : r->toff;
		for (unsigned k = 0; k < nq; k++)
			if (has(tb->want[on], q[k]) && (on || (g->cand[q[k] / 9] & (1u << (q[k] % 9)))))
				fc_offer(best, tb->sum[on][q[k]], key, t, q[k], on, src, CANDS);
	}
}

/*
 * Multiple forcing chains (static: SE's cell and region forcing chains) or
 * dynamic ones (with contradictions and double chains: a candidate of a
 * cell of three or more that chosen and removed leads to one conclusion).
 * SE's quirks kept: static ones look only at cells of three candidates or
 * more, and at units whose first place for the digit is such a cell.
 */
static int multiple(const struct scan *x, struct fc_run *r, bool dynamic, struct fc_hint *best)
{
	const dlx_sudoku_logic *g = x->g;
	struct fc_table *tb = malloc(sizeof *tb);
	struct fc_run *r2 = dynamic ? fc_run_new() : NULL;
	if (!tb || (dynamic && !r2)) {
		free(tb);
		free(r2);
		return DLX_ERR_NOMEM;
	}
	const dlx_sudoku_technique tc = dynamic ? DLX_SUDOKU_TECH_DYNAMIC_CONTRADICTION : DLX_SUDOKU_TECH_NONE;
	const dlx_sudoku_technique td = DLX_SUDOKU_TECH_DYNAMIC_DOUBLE;
	const dlx_sudoku_technique tcell = dynamic ? DLX_SUDOKU_TECH_DYNAMIC_CELL : DLX_SUDOKU_TECH_CELL_FORCING;
	const dlx_sudoku_technique treg = dynamic ? DLX_SUDOKU_TECH_DYNAMIC_REGION : DLX_SUDOKU_TECH_REGION_FORCING;
	/* Static: only the candidates of the patterns looked at (cells of three candidates or more, their units). */
	uint64_t need[WORDS];
	memset(need, dynamic ? 0xff : 0, sizeof need);
	for (unsigned c = 0; c < 81 && !dynamic; c++) {
		if (bits(g->cand[c]) < 3)
			continue;
		for (unsigned m = g->cand[c]; m; m &= m - 1) {
			unsigned d = low(m);
			put_bit(need, c * 9 + d);
			const unsigned us[3] = { box_of(c) + 18, row_of(c), col_of(c) + 9 };
			for (unsigned j = 0; j < 3; j++)
				if (unit_cell(us[j], low(x->pos[us[j]][d])) == c)
					for (unsigned pm = x->pos[us[j]][d]; pm; pm &= pm - 1)
						put_bit(need, unit_cell(us[j], low(pm)) * 9 + d);
		}
	}
	for (unsigned p = 0; p < CANDS; p++) {
		unsigned c = p / 9, d = p % 9;
		if (!(g->cand[c] & (1u << d)) || bits(g->cand[c]) < 2 || !has(need, p))
			continue;
		bool contra = fc_run(x, r, p, 1, dynamic, true);
		memcpy(tb->set[p], r->set, sizeof r->set);
		memcpy(tb->depth[p], r->depth, sizeof tb->depth[p]);
		if (!dynamic)
			continue;
		if (contra)
			fc_offer_contradiction(r, best, tc, p, 1);
		if (fc_run(x, r2, p, 0, dynamic, true))
			fc_offer_contradiction(r2, best, tc, p, 0);
		if (bits(g->cand[c]) < 3)
			continue;
		/* Double forcing chains: what p chosen and p removed both imply, in the order p chosen found it. */
		for (unsigned on = 2; on-- > 0;) {
			const uint16_t *q = on ? r->qon : r->qoff;
			unsigned nq = on ? r->ton : r->toff;
			for (unsigned k = 0; k < nq; k++) {
				if (!has(r2->set[on], q[k]) || (on && bits(g->cand[q[k] / 9]) < 2))
					continue;
				unsigned node = fc_node(q[k], on);
				if (!fc_may_beat(best, r->depth[node] + r2->depth[node], 1))
					continue;
				unsigned cx = fc_ancestors(r, fc_node(q[k], on)) + fc_ancestors(r2, fc_node(q[k], on));
				fc_offer(best, cx, 1, td, q[k], on, p, CANDS);
			}
		}
	}
	uint16_t starts[9];
	for (unsigned c = 0; c < 81; c++) {
		unsigned m = g->cand[c];
		if (bits(m) < (dynamic ? 2u : 3u))
			continue;
		/* Units whose first place for d is c, in SE's order: box, row, column. */
		for (unsigned mm = m; mm; mm &= mm - 1) {
			unsigned d = low(mm);
			const unsigned us[3] = { box_of(c) + 18, row_of(c), col_of(c) + 9 };
			for (unsigned j = 0; j < 3; j++) {
				unsigned pm = x->pos[us[j]][d];
				if (bits(pm) < 2 || unit_cell(us[j], low(pm)) != c)
					continue;
				unsigned n = 0;
				for (; pm; pm &= pm - 1)
					starts[n++] = (uint16_t)(unit_cell(us[j], low(pm)) * 9 + d);
				fc_branches(x, r, tb, starts, n, dynamic, best, treg, 6, us[j] * 9 + d);
			}
		}
		unsigned n = 0;
		for (; m; m &= m - 1)
			starts[n++] = (uint16_t)(c * 9 + low(m));
		fc_branches(x, r, tb, starts, n, dynamic, best, tcell, 5, c * 9);
	}
	free(tb);
	free(r2);
	return DLX_OK;
}

/* The step of the best of several branches found. */
static bool fc_step(const struct scan *x, dlx_sudoku_step *s, const struct fc_hint *h, unsigned base)
{
	const dlx_sudoku_logic *g = x->g;
	step_start(s, h->t);
	s->rating = base + length_rating(h->cx);
	if (h->t == DLX_SUDOKU_TECH_CELL_FORCING || h->t == DLX_SUDOKU_TECH_DYNAMIC_CELL) {
		unsigned c = h->src / 9;
		s->cells[s->n_cells++] = (uint8_t)c;
		s->digits = g->cand[c];
		for (unsigned m = g->cand[c]; m; m &= m - 1) {
			s->chain_cell[s->n_chain] = (uint8_t)c;
			s->chain_digit[s->n_chain++] = (uint8_t)(low(m) + 1);
		}
	} else if (h->t == DLX_SUDOKU_TECH_REGION_FORCING || h->t == DLX_SUDOKU_TECH_DYNAMIC_REGION) {
		unsigned u = h->src / 9, d = h->src % 9;
		s->units[s->n_units++] = (uint8_t)u;
		s->digits = (uint16_t)(1u << d);
		for (unsigned m = x->pos[u][d]; m; m &= m - 1) {
			unsigned c = unit_cell(u, low(m));
			s->cells[s->n_cells++] = (uint8_t)c;
			s->chain_cell[s->n_chain] = (uint8_t)c;
			s->chain_digit[s->n_chain++] = (uint8_t)(d + 1);
		}
	} else {
		s->cells[s->n_cells++] = (uint8_t)(h->src / 9);
		s->digits = (uint16_t)(1u << (h->src % 9));
		s->chain_cell[s->n_chain] = (uint8_t)(h->src / 9);
		s->chain_digit[s->n_chain++] = (uint8_t)(h->src % 9 + 1);
		if (h->contra < CANDS) {
			s->chain_cell[s->n_chain] = (uint8_t)(h->contra / 9);
			s->chain_digit[s->n_chain++] = (uint8_t)(h->contra % 9 + 1);
		}
	}
	if (h->on) {
		s->place_cell = (uint8_t)(h->target / 9);
		s->place_digit = (uint8_t)(h->target % 9 + 1);
		return true;
	}
	elim(x, s, h->target / 9, h->target % 9);
	return accept(s);
}

/* SE's forcing chains of several branches at one level: Nishio (75), multiple (80) or dynamic (85). */
static int forcing(const struct scan *x, dlx_sudoku_step *s, unsigned level, unsigned max_rating, bool *found)
{
	*found = false;
	struct fc_run *r = fc_run_new();
	if (!r)
		return DLX_ERR_NOMEM;
	struct fc_hint best = { 0 };
	int rc = DLX_OK;
	if (level == 75)
		nishio(x, r, &best);
	else
		rc = multiple(x, r, level == 85, &best);
	free(r);
	if (rc || !best.found || level + length_rating(best.cx) > max_rating)
		return rc;
	*found = fc_step(x, s, &best, level);
	return DLX_OK;
}

/*
 * Unique rectangles: cells (r1,c1), (r1,c2), (r2,c1), (r2,c2) in two boxes,
 * all empty and all holding a and b.  Were all four left to {a,b}, the two
 * digits could swap for a second solution, so in a unique puzzle:
 *  - type 1: three are {a,b}: the fourth is not a nor b;
 *  - type 2: two are {a,b}, the other two {a,b,c}: one of those is c, and
 *    cells seeing both lose c;
 *  - type 4: two are {a,b}, the other two share a line (or box) in which
 *    a has no other place: one of them is a, so neither is b.
 */
static bool unique_rect(const struct scan *x, dlx_sudoku_step *s, dlx_sudoku_technique t)
{
	const dlx_sudoku_logic *g = x->g;
	for (unsigned r1 = 0; r1 < 9; r1++)
	for (unsigned r2 = r1 + 1; r2 < 9; r2++)
	for (unsigned c1 = 0; c1 < 9; c1++)
	for (unsigned c2 = c1 + 1; c2 < 9; c2++) {
		if ((r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3))
			continue;
		const unsigned q[4] = { r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2 };
		unsigned common = ALL_DIGITS;
		for (unsigned i = 0; i < 4; i++)
			common &= g->cand[q[i]];
		for (unsigned a = 0; a < 9; a++)
		for (unsigned b = a + 1; b < 9; b++) {
			unsigned ab = 1u << a | 1u << b;
			if ((common & ab) != ab)
				continue;
			/* The floor: cells of {a,b} alone; the roof: the others. */
			unsigned roof[4], nf = 0, nr = 0;
			for (unsigned i = 0; i < 4; i++) {
				if (g->cand[q[i]] == ab)
					nf++;
				else
					roof[nr++] = q[i];
			}
			step_start(s, t);
			s->digits = (uint16_t)ab;
			for (unsigned i = 0; i < 4; i++)
				s->cells[s->n_cells++] = (uint8_t)q[i];
			if (t == DLX_SUDOKU_TECH_UNIQUE_RECT_1 && nf == 3) {
				elim(x, s, roof[0], a);
				elim(x, s, roof[0], b);
			} else if (t == DLX_SUDOKU_TECH_UNIQUE_RECT_2 && nf == 2) {
				unsigned extra = g->cand[roof[0]] & ~ab;
				if (bits(extra) != 1 || g->cand[roof[1]] != g->cand[roof[0]])
					continue;
				for (unsigned c = 0; c < 81; c++)
					if (sees(c, roof[0]) && sees(c, roof[1]))
						elim(x, s, c, low(extra));
			} else if (t == DLX_SUDOKU_TECH_UNIQUE_RECT_4 && nf == 2) {
				unsigned u = 27;
				if (row_of(roof[0]) == row_of(roof[1]))
					u = row_of(roof[0]);
				else if (col_of(roof[0]) == col_of(roof[1]))
					u = col_of(roof[0]) + 9;
				if (u == 27)
					continue;
				for (unsigned k = 0; k < 2 && !s->n_elims; k++) {
					unsigned lock = k ? b : a, rem = k ? a : b;
					unsigned m = x->pos[u][lock], both = 0;
					for (unsigned i = 0; i < 9; i++)
						if (m & (1u << i))
							both += unit_cell(u, i) == roof[0] || unit_cell(u, i) == roof[1];
					if (bits(m) == 2 && both == 2) {
						elim(x, s, roof[0], rem);
						elim(x, s, roof[1], rem);
						s->units[s->n_units++] = (uint8_t)u;
					}
				}
			}
			if (accept(s))
				return true;
		}
	}
	return false;
}

/*
 * BUG+1: every empty cell is bivalue but one, which has three candidates.
 * Without its extra digit the grid would be a "bivalue universal grave"
 * (each digit twice in every unit), which has two solutions or none; so
 * that cell holds the digit that appears three times in its row.
 */
static bool bug(const struct scan *x, dlx_sudoku_step *s)
{
	const dlx_sudoku_logic *g = x->g;
	unsigned three = 81;
	for (unsigned c = 0; c < 81; c++) {
		unsigned n = bits(g->cand[c]);
		if (n > 3 || (n == 3 && three != 81))
			return false;
		if (n == 3)
			three = c;
	}
	if (three == 81)
		return false;
	for (unsigned m = g->cand[three]; m; m &= m - 1) {
		unsigned d = low(m);
		if (bits(x->pos[row_of(three)][d]) != 3)
			continue;
		step_start(s, DLX_SUDOKU_TECH_BUG);
		s->digits = (uint16_t)g->cand[three];
		s->cells[s->n_cells++] = (uint8_t)three;
		s->place_cell = (uint8_t)three;
		s->place_digit = (uint8_t)(d + 1);
		return true;
	}
	return false;
}

/* The 20 cells that share a unit with c. */
static unsigned peers_of(unsigned c, uint8_t out[20])
{
	unsigned n = 0;
	for (unsigned i = 0; i < 81; i++)
		if (sees(c, i))
			out[n++] = (uint8_t)i;
	return n;
}

/*
 * XY-wing: pivot {x,y} sees pincers {x,z} and {y,z}; whichever the pivot
 * holds, one pincer is z, so cells seeing both pincers lose z.
 * XYZ-wing: pivot {x,y,z}, the pivot may be z too, so the cells must see all three.
 */
static bool wing(const struct scan *x, dlx_sudoku_step *s, bool xyz)
{
	const uint16_t *cand = x->g->cand;
	for (unsigned p = 0; p < 81; p++) {
		unsigned pm = cand[p];
		if (bits(pm) != (xyz ? 3u : 2u))
			continue;
		uint8_t peers[20];
		unsigned np = peers_of(p, peers);
		for (unsigned i = 0; i < np; i++) {
			unsigned a = peers[i], am = cand[a];
			if (bits(am) != 2 || (xyz ? (am & pm) != am : bits(am & pm) != 1))
				continue;
			for (unsigned j = i + 1; j < np; j++) {
				unsigned b = peers[j], bm = cand[b];
				if (bits(bm) != 2 || bm == am)
					continue;
				unsigned z;
				if (xyz) {
					if ((bm & pm) != bm || (am | bm) != pm)
						continue;
					z = am & bm;
				} else {
					z = am & bm;
					if (bits(z) != 1 || (z & pm) || bits(bm & pm) != 1 || ((am | bm) & pm) != pm)
						continue;
				}
				step_start(s, xyz ? DLX_SUDOKU_TECH_XYZ_WING : DLX_SUDOKU_TECH_XY_WING);
				s->digits = (uint16_t)(pm | z);
				s->cells[0] = (uint8_t)p;
				s->cells[1] = (uint8_t)a;
				s->cells[2] = (uint8_t)b;
				s->n_cells = 3;
				for (unsigned c = 0; c < 81; c++)
					if (c != p && sees(c, a) && sees(c, b) && (!xyz || sees(c, p)))
						elim(x, s, c, low(z));
				if (accept(s))
					return true;
			}
		}
	}
	return false;
}

/* Fills the unit places; DLX_ERR_CONFLICT when a cell or a unit's digit has nowhere to go. */
static int scan_grid(const dlx_sudoku_logic *g, struct scan *x, dlx_error_info *err)
{
	x->g = g;
	memset(x->pos, 0, sizeof x->pos);
	memset(x->placed, 0, sizeof x->placed);
	for (unsigned c = 0; c < 81; c++) {
		if (!g->value[c] && !g->cand[c])
			return dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "r%uc%u has no candidate left", row_of(c) + 1,
				col_of(c) + 1);
	}
	for (unsigned u = 0; u < 27; u++) {
		for (unsigned i = 0; i < 9; i++) {
			unsigned c = unit_cell(u, i);
			if (g->value[c])
				x->placed[u] |= (uint16_t)(1u << (g->value[c] - 1));
			for (unsigned m = g->cand[c]; m; m &= m - 1)
				x->pos[u][low(m)] |= (uint16_t)(1u << i);
		}
		for (unsigned d = 0; d < 9; d++) {
			if (!x->pos[u][d] && !(x->placed[u] & (1u << d))) {
				const char *kind = u < 9 ? "row" : u < 18 ? "column" : "box";
				return dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "%u has no place left in %s %u", d + 1, kind,
					u % 9 + 1);
			}
		}
	}
	return DLX_OK;
}

int dlx_sudoku_logic_solved(const dlx_sudoku_logic *g)
{
	if (!g)
		return 0;
	for (unsigned c = 0; c < 81; c++)
		if (!g->value[c])
			return 0;
	return 1;
}

int dlx_sudoku_next_step(const dlx_sudoku_logic *g, unsigned max_rating, dlx_sudoku_step *step, dlx_error_info *err)
{
	dlx__sudoku_clear_error(err);
	if (!g || !step)
		return DLX_ERR_INVALID;
	step_start(step, DLX_SUDOKU_TECH_NONE);
	struct scan x;
	int rc = scan_grid(g, &x, err);
	if (rc)
		return rc;
	if (dlx_sudoku_logic_solved(g))
		return DLX_OK;
	dlx_sudoku_step *s = step;
	/* SE's ladder, easiest first; each finder either fills *s or leaves nothing that matters in it. */
	for (unsigned t = 1; t < DLX_SUDOKU_TECH_COUNT && techniques[t].rating <= max_rating; t++) {
		bool found = false;
		switch ((dlx_sudoku_technique)t) {
		case DLX_SUDOKU_TECH_HIDDEN_SINGLE_BOX: found = hidden_single(&x, s, 18, 27, t); break;
		case DLX_SUDOKU_TECH_HIDDEN_SINGLE_LINE: found = hidden_single(&x, s, 0, 18, t); break;
		case DLX_SUDOKU_TECH_NAKED_SINGLE: found = naked_single(&x, s); break;
		case DLX_SUDOKU_TECH_POINTING: found = pointing(&x, s); break;
		case DLX_SUDOKU_TECH_CLAIMING: found = claiming(&x, s); break;
		case DLX_SUDOKU_TECH_NAKED_PAIR: found = naked_subset(&x, s, 2); break;
		case DLX_SUDOKU_TECH_X_WING: found = fish(&x, s, 2); break;
		case DLX_SUDOKU_TECH_HIDDEN_PAIR: found = hidden_subset(&x, s, 2); break;
		case DLX_SUDOKU_TECH_NAKED_TRIPLE: found = naked_subset(&x, s, 3); break;
		case DLX_SUDOKU_TECH_SWORDFISH: found = fish(&x, s, 3); break;
		case DLX_SUDOKU_TECH_HIDDEN_TRIPLE: found = hidden_subset(&x, s, 3); break;
		case DLX_SUDOKU_TECH_SKYSCRAPER:
		case DLX_SUDOKU_TECH_TWO_STRING_KITE:
		case DLX_SUDOKU_TECH_TURBOT_FISH: found = turbot(&x, s, t); break;
		case DLX_SUDOKU_TECH_XY_WING: found = wing(&x, s, false); break;
		case DLX_SUDOKU_TECH_XYZ_WING: found = wing(&x, s, true); break;
		case DLX_SUDOKU_TECH_UNIQUE_RECT_1:
		case DLX_SUDOKU_TECH_UNIQUE_RECT_4:
		case DLX_SUDOKU_TECH_UNIQUE_RECT_2: found = g->unique && unique_rect(&x, s, t); break;
		case DLX_SUDOKU_TECH_BUG: found = g->unique && bug(&x, s); break;
		case DLX_SUDOKU_TECH_STRONG_LINKS_3: found = strong_links(&x, s, 3, t); break;
		case DLX_SUDOKU_TECH_STRONG_LINKS_4: found = strong_links(&x, s, 4, t); break;
		case DLX_SUDOKU_TECH_NAKED_QUAD: found = naked_subset(&x, s, 4); break;
		case DLX_SUDOKU_TECH_JELLYFISH: found = fish(&x, s, 4); break;
		case DLX_SUDOKU_TECH_HIDDEN_QUAD: found = hidden_subset(&x, s, 4); break;
		/* Both kinds at once: a long X-chain may rate above a short XY-chain. */
		case DLX_SUDOKU_TECH_X_CHAIN: found = chains(&x, s, max_rating); break;
		case DLX_SUDOKU_TECH_ALIGNED_TRIPLE: found = aligned_triple(&x, s); break;
		/* One finder per SE rule, each its rule's easiest step, whatever it rates (SE's order). */
		case DLX_SUDOKU_TECH_NISHIO:
		case DLX_SUDOKU_TECH_CELL_FORCING:
		case DLX_SUDOKU_TECH_DYNAMIC_CONTRADICTION:
			rc = forcing(&x, s, techniques[t].rating, max_rating, &found);
			if (rc)
				return rc;
			break;
		default: break;
		}
		if (found)
			return DLX_OK;
	}
	step_start(step, DLX_SUDOKU_TECH_NONE);
	return DLX_OK;
}

static void place(dlx_sudoku_logic *g, unsigned c, unsigned d)
{
	g->value[c] = (uint8_t)d;
	g->cand[c] = 0;
	for (unsigned i = 0; i < 81; i++)
		if (sees(c, i))
			g->cand[i] &= (uint16_t)~(1u << (d - 1));
}

int dlx_sudoku_apply_step(dlx_sudoku_logic *g, const dlx_sudoku_step *step)
{
	if (!g || !step || step->n_elims > DLX_SUDOKU_STEP_MAX_ELIMS)
		return DLX_ERR_INVALID;
	for (unsigned k = 0; k < step->n_elims; k++)
		if (step->elim_cell[k] >= 81 || step->elim_digit[k] < 1 || step->elim_digit[k] > 9)
			return DLX_ERR_INVALID;
	if (step->place_digit && (step->place_cell >= 81 || step->place_digit > 9))
		return DLX_ERR_INVALID;
	for (unsigned k = 0; k < step->n_elims; k++)
		g->cand[step->elim_cell[k]] &= (uint16_t)~(1u << (step->elim_digit[k] - 1));
	if (step->place_digit) {
		if (!(g->cand[step->place_cell] & (1u << (step->place_digit - 1))))
			return DLX_ERR_INVALID;
		place(g, step->place_cell, step->place_digit);
	}
	return DLX_OK;
}

int dlx_sudoku_logic_init(const uint8_t *givens, const uint8_t *marks, dlx_sudoku_logic *g, dlx_error_info *err)
{
	dlx__sudoku_clear_error(err);
	if (!g || (!givens && !marks))
		return DLX_ERR_INVALID;
	uint8_t fixed[81]; /* the givens, and the cells whose marks are one digit */
	g->unique = 0;
	for (unsigned c = 0; c < 81; c++) {
		if (givens && givens[c] > 9)
			return DLX_ERR_INVALID;
		unsigned m = 0;
		for (unsigned d = 0; d < 9; d++)
			if (!marks || marks[c * 9 + d])
				m |= 1u << d;
		g->value[c] = 0;
		g->cand[c] = (uint16_t)m;
		fixed[c] = givens && givens[c] ? givens[c] : bits(m) == 1 ? (uint8_t)(low(m) + 1) : 0;
		if (!m)
			return dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "r%uc%u has no candidate", row_of(c) + 1, col_of(c) + 1);
	}
	for (unsigned c = 0; c < 81; c++) {
		unsigned d = fixed[c];
		if (!d)
			continue;
		for (unsigned i = 0; i < c; i++)
			if (fixed[i] == d && sees(i, c))
				return dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "r%uc%u and r%uc%u both hold %u", row_of(i) + 1,
					col_of(i) + 1, row_of(c) + 1, col_of(c) + 1, d);
		if (!(g->cand[c] & (1u << (d - 1))))
			return dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "r%uc%u holds %u, which its marks leave out",
				row_of(c) + 1, col_of(c) + 1, d);
	}
	for (unsigned c = 0; c < 81; c++)
		if (fixed[c])
			place(g, c, fixed[c]);
	for (unsigned c = 0; c < 81; c++)
		if (!g->value[c] && !g->cand[c])
			return dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "r%uc%u has no candidate left", row_of(c) + 1,
				col_of(c) + 1);
	return DLX_OK;
}

int dlx_sudoku_rate(dlx_sudoku_logic *g, dlx_sudoku_rating *out, int (*on_step)(void *ctx, const dlx_sudoku_step *step),
	void *ctx, dlx_error_info *err)
{
	dlx__sudoku_clear_error(err);
	if (!g || !out)
		return DLX_ERR_INVALID;
	memset(out, 0, sizeof *out);
	dlx_sudoku_step step;
	for (;;) {
		int rc = dlx_sudoku_next_step(g, UINT32_MAX, &step, err);
		if (rc)
			return rc;
		if (step.technique == DLX_SUDOKU_TECH_NONE)
			break;
		if (on_step && on_step(ctx, &step))
			return DLX_OK;
		if (step.rating > out->rating) {
			out->rating = step.rating;
			out->hardest = step.technique;
		}
		out->steps++;
		rc = dlx_sudoku_apply_step(g, &step);
		if (rc)
			return rc;
	}
	out->solved = dlx_sudoku_logic_solved(g);
	if (!out->solved && out->rating < DLX_SUDOKU_RATING_BEYOND)
		out->rating = DLX_SUDOKU_RATING_BEYOND;
	return DLX_OK;
}
