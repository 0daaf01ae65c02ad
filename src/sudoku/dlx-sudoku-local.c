/*
 * Local search for one solution of a sudoku board (DLX_SUDOKU_ENGINE_LOCAL).
 *
 * Why a second kind of search: on large boards with few givens (the empty
 * 81x81 and 100x100 boards) dancing links thrash 1-3% short of a full board
 * below a mistake made far above, and conflict-driven SAT search stalls as
 * well (BENCHMARKS.md, "Large boards with few clues").  Such boards have
 * solutions in abundance, and repairing a full but wrong board finds one in
 * seconds where a systematic search finds none in minutes.
 *
 * The method is Lewis's (2007): the singles the givens force are placed
 * first (narrow(): the layer's candidates), and every region (box, or
 * jigsaw region) is kept a permutation of its digits, the fixed cells kept and the other cells dealt
 * the region's missing digits, each cell one of its candidates, so the
 * region units always hold; the cost is the number of repeated digits in
 * rows and columns.  A move swaps two free cells of one region whose digits
 * each other allows: downhill and sideways moves are taken, uphill ones
 * seldom (a fixed temperature, as in simulated annealing without the
 * cooling).  Each move looks for a cell that takes part in a repeat (up to
 * FOCUS_TRIES random cells), as min-conflicts search does: once few repeats
 * are left, a random swap almost never touches them.  A run that stops
 * improving starts again from a new deal of the digits.
 *
 * It answers a first solution, or that there is none when the singles (or
 * a region whose cells cannot take its missing digits) prove it, or
 * nothing: it cannot prove more, nor that a solution is the only one.
 * Deterministic for a given seed.  A move costs O(units of a cell); the
 * set-up is dlx_sudoku_candidates()'s rounds, then O(side³) a region's deal.
 */
#include "dlx-sudoku-internal.h"

#include <stdlib.h>
#include <string.h>

/* Cells tried per move for one that repeats a digit in one of its units. */
#define FOCUS_TRIES 64u
/* Cells of its region drawn per move for one that can swap digits with the chosen cell. */
#define SWAP_TRIES 16u
/* Words of a cell's candidate bits: small enough to stay in cache on 100x100 (160 KB, against 1 MB of bytes). */
#define ALLOWED_WORDS 2u
_Static_assert(DLX_SUDOKU_MAX_SIDE <= 64u * ALLOWED_WORDS, "a cell's candidates fit its words");
/*
 * Moves without a better board, in N³ (at least 10,000), after which a run
 * starts again: the longest stretch before a success measured 2.8 N³
 * (100x100 at 10% given), and runs stuck in a local minimum (small boards
 * with givens, windoku) never leave it.
 */
#define RESTART_AFTER 5u
/*
 * exp(-delta / T) · 2^32 for T = 0.15, delta = 1..3 more repeats (4 and
 * more: never).  Measured on empty and sparse boards from 9x9 to 100x100
 * (BENCHMARKS.md): at T = 0.08 the search stalls in local minima on boards
 * with givens (16x16 to 36x36 at 15%), from T = 0.2 it wanders on 100x100.
 */
static const uint32_t uphill_odds[4] = { 0, 5465921u, 6956u, 9u };

struct local {
	unsigned side;
	size_t cells;
	uint8_t *value;      /* cells: the digit 0..side-1 each cell holds */
	uint8_t *n_units;    /* cells: units of the cell other than its region */
	uint16_t *units;     /* cells · DLX__SUDOKU_MAX_UNITS: those units */
	uint16_t *region;    /* cells: the cell's region */
	uint32_t *free_cells; /* the cells not given */
	size_t n_free;
	uint32_t *region_free; /* side · side: each region's free cells, then unused */
	uint16_t *n_region_free;
	uint64_t *allowed;   /* cells · ALLOWED_WORDS: the digits a cell may take, a bit each (narrow()) */
	uint8_t *missing;    /* side · side: each region's digits its fixed cells lack, as many as its free cells */
	int16_t *owner;      /* side: refill()'s matching, the free cell dealt each missing digit */
	uint8_t *seen;       /* side: the digits one augmenting path has visited */
	uint8_t *count;      /* n_units · side: how often each unit holds each digit */
	uint64_t repeats;    /* the cost: sum over units and digits of count − 1 when above 1 */
	uint64_t rng;
	/* Where the search stands between calls of dlx__local_run() */
	unsigned n_all_units;  /* the board's units, regions included (count's rows) */
	uint64_t moves;        /* made so far */
	uint64_t best, best_at; /* the fewest repeats since the last deal, and the move that reached them */
	uint64_t patience;     /* moves without a better board before a fresh deal */
	uint64_t deals;        /* fresh deals after the first */
	uint32_t to_poll;      /* moves until the next poll */
};

/* Whether the cell may take digit d (0-based). */
static inline bool allows(const struct local *l, size_t cell, unsigned d)
{
	return l->allowed[cell * ALLOWED_WORDS + d / 64] >> (d % 64) & 1;
}

static uint64_t next_random(struct local *l)
{
	return dlx__splitmix64(&l->rng);
}

/*
 * 0..n−1 by multiply-shift of 32 random bits (Lemire): no division in the
 * hot loop, a bias below n / 2^32 (10^-5 for the 10,000 cells of 100x100),
 * which a heuristic's draws can bear; the generator's rng_below() rejects
 * to be exact.
 */
static uint32_t below(struct local *l, uint32_t n)
{
	return (uint32_t)(((next_random(l) >> 32) * (uint64_t)n) >> 32);
}

static void free_local(struct local *l)
{
	free(l->value);
	free(l->n_units);
	free(l->units);
	free(l->region);
	free(l->free_cells);
	free(l->region_free);
	free(l->n_region_free);
	free(l->count);
	free(l->allowed);
	free(l->missing);
	free(l->owner);
	free(l->seen);
}

/*
 * Gives the region's i-th free cell (in deal order) a missing digit it
 * allows, moving earlier cells to other digits along an augmenting path
 * (Kuhn's matching); false when none exists.  The depth is at most the
 * region's free cells.
 */
static bool augment(struct local *l, const uint32_t *cells, const uint8_t *digits, unsigned k, unsigned i)
{
	unsigned from = below(l, k);
	for (unsigned j = 0; j < k; j++) {
		unsigned x = from + j < k ? from + j : from + j - k;
		if (allows(l, cells[i], digits[x]) && l->owner[x] < 0) {
			l->owner[x] = (int16_t)i;
			return true;
		}
	}
	for (unsigned j = 0; j < k; j++) {
		unsigned x = from + j < k ? from + j : from + j - k;
		if (allows(l, cells[i], digits[x]) && !l->seen[x]) {
			l->seen[x] = 1;
			if (augment(l, cells, digits, k, (unsigned)l->owner[x])) {
				l->owner[x] = (int16_t)i;
				return true;
			}
		}
	}
	return false;
}

/*
 * Deals each region's missing digits to its free cells at random, each
 * cell a digit it allows (a perfect matching), and counts the repeats of
 * that board.  False when a region has no such deal: then the puzzle has
 * no solution.  O(side³) a region at worst, once a fresh deal.
 */
static bool refill(struct local *l, unsigned n_units)
{
	const unsigned side = l->side;
	for (unsigned region = 0; region < side; region++) {
		uint32_t *cells = l->region_free + (size_t)region * side;
		const unsigned k = l->n_region_free[region];
		for (unsigned j = k; j > 1; j--) {
			unsigned i = below(l, j);
			uint32_t t = cells[j - 1];
			cells[j - 1] = cells[i];
			cells[i] = t;
		}
		const uint8_t *digits = l->missing + (size_t)region * side;
		for (unsigned x = 0; x < k; x++)
			l->owner[x] = -1;
		for (unsigned i = 0; i < k; i++) {
			memset(l->seen, 0, k);
			if (!augment(l, cells, digits, k, i))
				return false;
		}
		for (unsigned x = 0; x < k; x++)
			l->value[cells[l->owner[x]]] = digits[x];
	}
	memset(l->count, 0, (size_t)n_units * side);
	l->repeats = 0;
	for (size_t cell = 0; cell < l->cells; cell++)
		for (unsigned j = 0; j < l->n_units[cell]; j++)
			if (l->count[(size_t)l->units[cell * DLX__SUDOKU_MAX_UNITS + j] * side + l->value[cell]]++)
				l->repeats++;
	return true;
}

/*
 * Narrowing: the candidates the givens and their naked and hidden singles
 * leave (dlx_sudoku_candidates()), into l->allowed.  Between a fifth and a
 * third given, most of a large board's free cells have a few candidates
 * left, and a deal that ignores them starts with thousands of repeats that
 * swaps inside a box cannot take apart (64x64 at 25%: none of six filled in
 * 20 N³ moves).  Keeping each free cell to its candidates makes the repeats
 * the only thing to repair.  *none: the singles show there is no solution.
 * Its rounds cost at most 0.1 s more than an incremental propagation (tried,
 * the same candidates) on 100x100 puzzles at 20-35%.
 */
static int narrow(struct local *l, dlx_sudoku *s, const uint8_t *givens, bool *none)
{
	const unsigned side = l->side;
	uint8_t *cand = malloc(l->cells * side);
	if (!cand)
		return DLX_ERR_NOMEM;
	int rc = dlx_sudoku_candidates(s, givens, NULL, cand, NULL);
	*none = rc == DLX_ERR_CONFLICT;
	for (size_t cell = 0; rc == DLX_OK && cell < l->cells; cell++)
		for (unsigned d = 0; d < side; d++)
			if (cand[cell * side + d])
				l->allowed[cell * ALLOWED_WORDS + d / 64] |= (uint64_t)1 << (d % 64);
	free(cand);
	return *none ? DLX_OK : rc;
}

/*
 * Lays out the units, narrows the candidates and deals the first board.
 * *none: the puzzle has no solution (the singles, or a region without a
 * deal, proved it).
 */
static int start(struct local *l, dlx_sudoku *s, const uint8_t *givens, uint64_t seed, bool *none)
{
	const unsigned side = dlx_sudoku_side(s);
	const size_t cells = dlx_sudoku_cells(s);
	const unsigned n_units = dlx__sudoku_n_units(s);
	memset(l, 0, sizeof *l);
	l->side = side;
	l->cells = cells;
	l->rng = seed;
	l->value = malloc(cells);
	l->n_units = malloc(cells);
	l->units = malloc(cells * DLX__SUDOKU_MAX_UNITS * sizeof *l->units);
	l->region = malloc(cells * sizeof *l->region);
	l->free_cells = malloc(cells * sizeof *l->free_cells);
	l->region_free = malloc((size_t)side * side * sizeof *l->region_free);
	l->n_region_free = calloc(side, sizeof *l->n_region_free);
	l->missing = malloc((size_t)side * side);
	l->owner = malloc(side * sizeof *l->owner);
	l->seen = malloc(side);
	l->allowed = calloc(cells * ALLOWED_WORDS, sizeof *l->allowed);
	l->count = calloc((size_t)n_units * side, 1);
	if (!l->value || !l->n_units || !l->units || !l->region || !l->free_cells || !l->region_free ||
		!l->n_region_free || !l->missing || !l->owner || !l->seen || !l->allowed || !l->count) {
		free_local(l);
		return DLX_ERR_NOMEM;
	}
	int rc = narrow(l, s, givens, none);
	if (rc || *none) {
		free_local(l);
		return rc;
	}
	/* A region's digits: which of them its fixed cells (givens and singles) hold. */
	uint8_t *fixed_in = calloc((size_t)side * side, 1);
	if (!fixed_in) {
		free_local(l);
		return DLX_ERR_NOMEM;
	}
	for (size_t cell = 0; cell < cells; cell++) {
		unsigned u[DLX__SUDOKU_MAX_UNITS];
		unsigned k = dlx__sudoku_units(s, cell, u);
		/* units_of() puts the region third: rows, columns, regions, then the variant's units. */
		unsigned region = u[2] - 2 * side;
		l->region[cell] = (uint16_t)region;
		unsigned m = 0;
		for (unsigned j = 0; j < k; j++)
			if (j != 2)
				l->units[cell * DLX__SUDOKU_MAX_UNITS + m++] = (uint16_t)u[j];
		l->n_units[cell] = (uint8_t)m;
		unsigned d = 0, n = 0;
		for (unsigned e = 0; e < side; e++)
			if (allows(l, cell, e)) {
				d = e;
				n++;
			}
		if (n == 1) {
			l->value[cell] = (uint8_t)d;
			fixed_in[(size_t)region * side + d] = 1;
		} else {
			l->free_cells[l->n_free++] = (uint32_t)cell;
			l->region_free[(size_t)region * side + l->n_region_free[region]++] = (uint32_t)cell;
		}
	}
	for (unsigned region = 0; region < side; region++) {
		unsigned m = 0;
		for (unsigned d = 0; d < side; d++)
			if (!fixed_in[(size_t)region * side + d])
				l->missing[(size_t)region * side + m++] = (uint8_t)d;
	}
	free(fixed_in);
	*none = !refill(l, n_units);
	if (*none) {
		free_local(l);
		return DLX_OK;
	}
	l->n_all_units = n_units;
	/* A run whose best board has not improved for this long starts again from a fresh deal. */
	const uint64_t side3 = (uint64_t)side * side * side;
	l->patience = RESTART_AFTER * side3 < 10000u ? 10000u : RESTART_AFTER * side3;
	l->best = l->repeats;
	return DLX_OK;
}

static bool repeats_a_digit(const struct local *l, size_t cell)
{
	const uint16_t *u = l->units + cell * DLX__SUDOKU_MAX_UNITS;
	for (unsigned j = 0; j < l->n_units[cell]; j++)
		if (l->count[(size_t)u[j] * l->side + l->value[cell]] > 1)
			return true;
	return false;
}

static bool has_unit(const uint16_t *units, unsigned n, uint16_t u)
{
	for (unsigned j = 0; j < n; j++)
		if (units[j] == u)
			return true;
	return false;
}

/* The change of the cost if cell p's digit moved to cell q's units; units both share keep their counts. */
static int swap_delta_half(const struct local *l, size_t p, size_t q)
{
	const uint16_t *up = l->units + p * DLX__SUDOKU_MAX_UNITS, *uq = l->units + q * DLX__SUDOKU_MAX_UNITS;
	const uint8_t from = l->value[p], to = l->value[q];
	int delta = 0;
	for (unsigned j = 0; j < l->n_units[p]; j++) {
		if (has_unit(uq, l->n_units[q], up[j]))
			continue;
		const uint8_t *c = l->count + (size_t)up[j] * l->side;
		delta -= c[from] > 1;
		delta += c[to] > 0;
	}
	return delta;
}

static void swap_apply_half(struct local *l, size_t p, size_t q)
{
	const uint16_t *up = l->units + p * DLX__SUDOKU_MAX_UNITS, *uq = l->units + q * DLX__SUDOKU_MAX_UNITS;
	const uint8_t from = l->value[p], to = l->value[q];
	for (unsigned j = 0; j < l->n_units[p]; j++) {
		if (has_unit(uq, l->n_units[q], up[j]))
			continue;
		uint8_t *c = l->count + (size_t)up[j] * l->side;
		c[from]--;
		c[to]++;
	}
}

struct dlx__local_search {
	struct local l;
};

int dlx__local_start(dlx_sudoku *s, const uint8_t *givens, uint64_t seed, dlx__local_search **out, bool *none)
{
	*out = NULL;
	*none = false;
	dlx__local_search *ls = malloc(sizeof *ls);
	if (!ls)
		return DLX_ERR_NOMEM;
	int rc = start(&ls->l, s, givens, seed, none);
	if (rc || *none) {
		free(ls);
		return rc;
	}
	*out = ls;
	return DLX_OK;
}

void dlx__local_free(dlx__local_search *ls)
{
	if (!ls)
		return;
	free_local(&ls->l);
	free(ls);
}

int dlx__local_run(dlx__local_search *ls, uint64_t moves, const dlx_sudoku_params *params, uint8_t *board,
	dlx_stats *stats)
{
	struct local *l = &ls->l;
	const uint32_t interval = params->poll_interval ? params->poll_interval : 65536u;
	if (l->to_poll == 0 || l->to_poll > interval)
		l->to_poll = interval;
	const uint64_t move_limit = moves && moves < UINT64_MAX - l->moves ? l->moves + moves : UINT64_MAX;
	memset(stats, 0, sizeof *stats);
	stats->stop = DLX_STOP_COMPLETE;
	/*
	 * Without a free cell the singles filled the board, with no repeat
	 * (placing a digit takes it from every peer); the test only keeps the
	 * loop from drawing among no cells.
	 */
	while (l->repeats && l->n_free) {
		if (l->moves - l->best_at > l->patience) {
			/* A first deal was found, so every later one is (the matching finds one whenever one exists). */
			(void)refill(l, l->n_all_units);
			l->best = l->repeats;
			l->best_at = l->moves;
			l->deals++;
		}
		if (l->moves >= move_limit) {
			stats->stop = DLX_STOP_NODE_LIMIT;
			break;
		}
		if (params->on_poll && --l->to_poll == 0) {
			l->to_poll = interval;
			stats->nodes = l->moves;
			stats->branches = l->deals;
			/* No tree, so no share of it done: a poll says so (negative), not 0%. */
			dlx_stats now = *stats;
			now.progress = -1;
			if (params->on_poll(params->poll_ctx, &now)) {
				stats->stop = DLX_STOP_POLL;
				break;
			}
		}
		l->moves++;
		size_t p = 0;
		for (unsigned t = 0; t < FOCUS_TRIES; t++) {
			p = l->free_cells[below(l, (uint32_t)l->n_free)];
			if (repeats_a_digit(l, p))
				break;
		}
		const unsigned region = l->region[p];
		const unsigned n = l->n_region_free[region];
		if (n < 2)
			continue;
		/* A partner whose digit p allows and which allows p's: up to SWAP_TRIES draws. */
		const uint32_t *in_region = l->region_free + (size_t)region * l->side;
		size_t q = p;
		for (unsigned t = 0; t < SWAP_TRIES; t++) {
			size_t c = in_region[below(l, n)];
			if (c != p && allows(l, p, l->value[c]) && allows(l, c, l->value[p])) {
				q = c;
				break;
			}
		}
		if (q == p)
			continue;
		int delta = swap_delta_half(l, p, q) + swap_delta_half(l, q, p);
		if (delta > 0 && (delta > 3 || (uint32_t)(next_random(l) >> 32) >= uphill_odds[delta]))
			continue;
		swap_apply_half(l, p, q);
		swap_apply_half(l, q, p);
		uint8_t t = l->value[p];
		l->value[p] = l->value[q];
		l->value[q] = t;
		l->repeats = (uint64_t)((int64_t)l->repeats + delta);
		if (l->repeats < l->best) {
			l->best = l->repeats;
			l->best_at = l->moves;
		}
	}
	stats->nodes = l->moves;
	stats->branches = l->deals;
	if (!l->repeats) {
		for (size_t cell = 0; cell < l->cells; cell++)
			board[cell] = (uint8_t)(l->value[cell] + 1);
		stats->solutions = 1;
		stats->stop = DLX_STOP_LIMIT;
	}
	return DLX_OK;
}

int dlx__sudoku_local(dlx_sudoku *s, const uint8_t *givens, uint64_t seed, uint64_t move_limit,
	const dlx_sudoku_params *params, uint8_t *board, dlx_stats *stats)
{
	memset(stats, 0, sizeof *stats);
	dlx__local_search *ls;
	bool none;
	int rc = dlx__local_start(s, givens, seed, &ls, &none);
	if (rc)
		return rc;
	if (none) {
		/* The singles or a region without a deal proved it: an answer, as a search to the end gives. */
		stats->stop = DLX_STOP_COMPLETE;
		return DLX_OK;
	}
	rc = dlx__local_run(ls, move_limit, params, board, stats);
	dlx__local_free(ls);
	return rc;
}
