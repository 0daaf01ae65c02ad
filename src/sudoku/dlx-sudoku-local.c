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
 * The method is Lewis's (2007): every region (box, or jigsaw region) is kept
 * a permutation of its digits, the givens fixed and the other cells filled
 * with the region's missing digits, so the region units always hold; the
 * cost is the number of repeated digits in every other unit (rows, columns,
 * diagonals, windows, disjoint groups).  A move swaps two free cells of one
 * region: downhill and sideways moves are taken, uphill ones seldom (a
 * fixed temperature, as in simulated annealing without the cooling).  Each move looks for a cell that takes part in a
 * repeat (up to FOCUS_TRIES random cells), as min-conflicts search does:
 * once few repeats are left, a random swap almost never touches them.  A
 * run that stops improving starts again from a new deal of the digits.
 *
 * It answers a first solution or nothing: it cannot prove that a puzzle has
 * none or only one.  Deterministic for a given seed.  A move costs O(units
 * of a cell); the set-up O(cells · units).
 */
#include "dlx-sudoku-internal.h"

#include <stdlib.h>
#include <string.h>

/* Cells tried per move for one that repeats a digit in one of its units. */
#define FOCUS_TRIES 64u
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
	uint8_t *count;      /* n_units · side: how often each unit holds each digit */
	uint64_t repeats;    /* the cost: sum over units and digits of count − 1 when above 1 */
	uint64_t rng;
};

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
}

/* Deals each region's free digits to its free cells at random, and counts the repeats of that board. */
static void refill(struct local *l, unsigned n_units)
{
	const unsigned side = l->side;
	for (unsigned region = 0; region < side; region++) {
		uint32_t *cells = l->region_free + (size_t)region * side;
		for (unsigned j = l->n_region_free[region]; j > 1; j--) {
			unsigned i = below(l, j);
			uint8_t t = l->value[cells[j - 1]];
			l->value[cells[j - 1]] = l->value[cells[i]];
			l->value[cells[i]] = t;
		}
	}
	memset(l->count, 0, (size_t)n_units * side);
	l->repeats = 0;
	for (size_t cell = 0; cell < l->cells; cell++)
		for (unsigned j = 0; j < l->n_units[cell]; j++)
			if (l->count[(size_t)l->units[cell * DLX__SUDOKU_MAX_UNITS + j] * side + l->value[cell]]++)
				l->repeats++;
}

/* Lays out the units and fills each region with its missing digits at random. */
static int start(struct local *l, const dlx_sudoku *s, const uint8_t *givens, uint64_t seed)
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
	l->count = calloc((size_t)n_units * side, 1);
	if (!l->value || !l->n_units || !l->units || !l->region || !l->free_cells || !l->region_free ||
		!l->n_region_free || !l->count) {
		free_local(l);
		return DLX_ERR_NOMEM;
	}
	/* A region's digits: which of them the givens hold, per region. */
	uint8_t *given_in = calloc((size_t)side * side, 1);
	uint8_t *missing = malloc(side);
	if (!given_in || !missing) {
		free(given_in);
		free(missing);
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
		if (givens[cell]) {
			l->value[cell] = (uint8_t)(givens[cell] - 1);
			given_in[(size_t)region * side + givens[cell] - 1] = 1;
		} else {
			l->free_cells[l->n_free++] = (uint32_t)cell;
			l->region_free[(size_t)region * side + l->n_region_free[region]++] = (uint32_t)cell;
		}
	}
	for (unsigned region = 0; region < side; region++) {
		unsigned m = 0;
		for (unsigned d = 0; d < side; d++)
			if (!given_in[(size_t)region * side + d])
				missing[m++] = (uint8_t)d;
		/* The givens check leaves each region as many missing digits as free cells. */
		for (unsigned j = 0; j < m && j < l->n_region_free[region]; j++)
			l->value[l->region_free[(size_t)region * side + j]] = missing[j];
	}
	free(given_in);
	free(missing);
	refill(l, n_units);
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

int dlx__sudoku_local(const dlx_sudoku *s, const uint8_t *givens, uint64_t seed, uint64_t move_limit,
	const dlx_sudoku_params *params, uint8_t *board, dlx_stats *stats)
{
	memset(stats, 0, sizeof *stats);
	struct local l;
	int rc = start(&l, s, givens, seed);
	if (rc)
		return rc;
	const uint32_t interval = params->poll_interval ? params->poll_interval : 65536u;
	uint32_t to_poll = interval;
	uint64_t moves = 0;
	/* A run whose best board has not improved for this long starts again from a fresh deal. */
	const uint64_t side3 = (uint64_t)l.side * l.side * l.side;
	const uint64_t patience = RESTART_AFTER * side3 < 10000u ? 10000u : RESTART_AFTER * side3;
	uint64_t best = l.repeats, best_at = 0;
	const unsigned n_units = dlx__sudoku_n_units(s);
	stats->stop = DLX_STOP_COMPLETE;
	/*
	 * Without a free cell nothing moves: repeats then prove there is no
	 * solution (DLX_STOP_COMPLETE, none found); the givens check keeps such
	 * boards away, this keeps the loop from drawing among no cells.
	 */
	while (l.repeats && l.n_free) {
		if (moves - best_at > patience) {
			refill(&l, n_units);
			best = l.repeats;
			best_at = moves;
			stats->branches++;
		}
		if (move_limit && moves >= move_limit) {
			stats->stop = DLX_STOP_NODE_LIMIT;
			break;
		}
		if (params->on_poll && --to_poll == 0) {
			to_poll = interval;
			stats->nodes = moves;
			if (params->on_poll(params->poll_ctx, stats)) {
				stats->stop = DLX_STOP_POLL;
				break;
			}
		}
		moves++;
		size_t p = 0;
		for (unsigned t = 0; t < FOCUS_TRIES; t++) {
			p = l.free_cells[below(&l, (uint32_t)l.n_free)];
			if (repeats_a_digit(&l, p))
				break;
		}
		const unsigned region = l.region[p];
		const unsigned n = l.n_region_free[region];
		if (n < 2)
			continue;
		size_t q = l.region_free[(size_t)region * l.side + below(&l, n)];
		if (q == p || l.value[p] == l.value[q])
			continue;
		int delta = swap_delta_half(&l, p, q) + swap_delta_half(&l, q, p);
		if (delta > 0 && (delta > 3 || (uint32_t)(next_random(&l) >> 32) >= uphill_odds[delta]))
			continue;
		swap_apply_half(&l, p, q);
		swap_apply_half(&l, q, p);
		uint8_t t = l.value[p];
		l.value[p] = l.value[q];
		l.value[q] = t;
		l.repeats = (uint64_t)((int64_t)l.repeats + delta);
		if (l.repeats < best) {
			best = l.repeats;
			best_at = moves;
		}
	}
	stats->nodes = moves;
	if (!l.repeats) {
		for (size_t cell = 0; cell < l.cells; cell++)
			board[cell] = (uint8_t)(l.value[cell] + 1);
		stats->solutions = 1;
		stats->stop = DLX_STOP_LIMIT;
	}
	free_local(&l);
	return DLX_OK;
}
