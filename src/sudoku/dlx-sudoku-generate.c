/*
 * Puzzle generation on a dlx_sudoku solver (see dlx-sudoku-generate.h).
 *
 * Everything random goes through struct rng, seeded from the params only,
 * and every choice is an integer draw: no floating point, no qsort (whose
 * order of equal elements is the C library's), no clock.  That is what makes
 * a seed give the same puzzles on every machine.
 */
#include "dlx-sudoku-generate.h"
#include "dlx-sudoku-internal.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/*
 * Random givens placed before a full board is searched for: one per
 * GRID_CELLS_PER_GIVEN cells, enough that boards vary a lot, few enough that
 * they rarely contradict each other.  Found by trying box sizes 2..5 with
 * and without the variants.
 */
#define GRID_CELLS_PER_GIVEN 8u
/*
 * How long a search for a full board runs before other givens are tried:
 * GRID_BUDGET_PER_CELL nodes per cell at first, doubling every other
 * attempt.  Searches from random givens have a heavy tail (most take a
 * few hundred nodes, a few take millions), so giving up early and
 * drawing again is much faster on average than waiting.
 */
#define GRID_BUDGET_PER_CELL 64u
/* Attempts at random givens before the empty board is searched instead. */
#define GRID_ATTEMPTS 40u
/*
 * From this side on (49x49), a classic board is constructed instead: the
 * search cannot complete near-empty boards that large in reasonable time
 * (from 64x64 on, not even the empty board within 10^8 nodes), while 36x36
 * takes it a fraction of a second.
 */
#define GRID_CONSTRUCT_SIDE 49u

/* xoshiro256** (Blackman and Vigna), seeded with splitmix64. */
struct rng {
	uint64_t s[4];
};

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t rng_next(struct rng *g)
{
	uint64_t *s = g->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

/* The sequence number goes through its own splitmix64 step so that nearby (seed, sequence) pairs do not meet. */
static void rng_seed(struct rng *g, uint64_t seed, uint64_t sequence)
{
	uint64_t q = sequence;
	uint64_t x = seed ^ dlx__splitmix64(&q);
	for (int k = 0; k < 4; k++)
		g->s[k] = dlx__splitmix64(&x);
}

/* Uniform in 0..n−1 (n ≥ 1): rejecting the low values that would bias the remainder. */
static uint64_t rng_below(struct rng *g, uint64_t n)
{
	uint64_t threshold = (0 - n) % n;
	uint64_t r;
	do
		r = rng_next(g);
	while (r < threshold);
	return r % n;
}

/* Fisher-Yates. */
static void shuffle(struct rng *g, uint32_t *a, size_t n)
{
	for (size_t k = n; k > 1; k--) {
		size_t j = (size_t)rng_below(g, k);
		uint32_t t = a[k - 1];
		a[k - 1] = a[j];
		a[j] = t;
	}
}

struct gen {
	dlx_sudoku *s;
	const dlx_sudoku_gen_params *gp;
	dlx_sudoku_gen_result *res;
	dlx_error_info *err; /* the caller's, may be NULL */
	struct rng rng;
	unsigned side;
	size_t cells;
	uint8_t *grid;   /* the full board */
	uint8_t *work;   /* givens being tried */
	uint32_t *order; /* cells in a random order */
	uint8_t *used;   /* n_units · N: digit d is in unit u */
	uint8_t *cand;   /* N candidate digits of one cell */
};

static uint64_t node_limit(const struct gen *g)
{
	return g->gp->node_limit ? g->gp->node_limit : DLX_SUDOKU_GEN_NODE_LIMIT;
}

/* One search on the solver (at most `nodes` nodes), counted in the result. */
static int search(struct gen *g, const uint8_t *givens, uint64_t limit, uint64_t nodes, uint8_t *solution,
	dlx_sudoku_result *r)
{
	const dlx_sudoku_gen_params *gp = g->gp;
	/* A puzzle's searches are many and mostly too short to reach a poll of their own. */
	if (gp->on_poll) {
		dlx_stats so_far;
		memset(&so_far, 0, sizeof so_far);
		so_far.nodes = g->res->nodes;
		if (gp->on_poll(gp->poll_ctx, &so_far)) {
			memset(r, 0, sizeof *r);
			r->stats.stop = DLX_STOP_POLL;
			return DLX_OK;
		}
	}
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = limit;
	sp.node_limit = nodes;
	sp.on_poll = gp->on_poll;
	sp.poll_ctx = gp->poll_ctx;
	sp.poll_interval = gp->poll_interval;
	/* Generating counts dancing links' nodes, whatever engine the solver answers with. */
	dlx_sudoku_engine was = dlx__sudoku_engine_swap(g->s, DLX_SUDOKU_ENGINE_DLX);
	int rc = dlx_sudoku_solve(g->s, givens, &sp, solution, r, g->err);
	dlx__sudoku_engine_swap(g->s, was);
	g->res->searches++;
	g->res->nodes += r->stats.nodes;
	return rc;
}

/* Places random givens in g->work, none breaking a unit with another. */
static void random_givens(struct gen *g)
{
	const unsigned side = g->side;
	const size_t cells = g->cells;
	/* Non-consecutive boards are few: random givens rarely fit one, so fewer are drawn. */
	size_t want = cells / GRID_CELLS_PER_GIVEN / (dlx_sudoku_flags(g->s) & DLX_SUDOKU_NONCONSECUTIVE ? 4 : 1);
	memset(g->work, 0, cells);
	memset(g->used, 0, (size_t)dlx__sudoku_n_units(g->s) * side);
	for (size_t k = 0; k < cells; k++)
		g->order[k] = (uint32_t)k;
	shuffle(&g->rng, g->order, cells);
	size_t placed = 0;
	for (size_t k = 0; k < cells && placed < want; k++) {
		size_t cell = g->order[k];
		unsigned units[DLX__SUDOKU_MAX_UNITS];
		unsigned nu = dlx__sudoku_units(g->s, cell, units);
		unsigned nc = 0;
		for (unsigned d = 0; d < side; d++) {
			bool free_here = dlx__sudoku_links_ok(g->s, g->work, cell, d + 1) && dlx__sudoku_parity_ok(g->s, cell, d);
			for (unsigned j = 0; j < nu && free_here; j++)
				free_here = !g->used[(size_t)units[j] * side + d];
			if (free_here)
				g->cand[nc++] = (uint8_t)d;
		}
		if (nc == 0)
			continue;
		unsigned d = g->cand[rng_below(&g->rng, nc)];
		g->work[cell] = (uint8_t)(d + 1);
		for (unsigned j = 0; j < nu; j++)
			g->used[(size_t)units[j] * side + d] = 1;
		placed++;
	}
}

/* True for the boxes of a classic board (no variant units, no jigsaw map, no parity marks). */
static bool classic(const dlx_sudoku *s)
{
	if (dlx_sudoku_flags(s) || dlx_sudoku_get_extras(s).parity)
		return false;
	const unsigned br = dlx_sudoku_box_rows(s), bc = dlx_sudoku_box_cols(s), side = br * bc;
	const uint8_t *reg = dlx_sudoku_regions(s);
	for (unsigned r = 0; r < side; r++)
		for (unsigned c = 0; c < side; c++)
			if (reg[(size_t)r * side + c] != (r / br) * br + c / bc + 1)
				return false;
	return true;
}

/* A random order of the bands·size rows (or columns) that keeps bands (stacks) of `size` together. */
static void band_order(struct gen *g, unsigned bands, unsigned size, uint32_t *order)
{
	uint32_t band[DLX_SUDOKU_MAX_SIDE], within[DLX_SUDOKU_MAX_SIDE];
	for (unsigned b = 0; b < bands; b++)
		band[b] = b;
	shuffle(&g->rng, band, bands);
	for (unsigned b = 0; b < bands; b++) {
		for (unsigned k = 0; k < size; k++)
			within[k] = k;
		shuffle(&g->rng, within, size);
		for (unsigned k = 0; k < size; k++)
			order[b * size + k] = band[b] * size + within[k];
	}
}

/*
 * A classic full board of R×C boxes without a search: the pattern whose
 * row r is the first row shifted by C·(r mod R) + r div R, with its rows
 * permuted within and across bands, its columns within and across stacks,
 * and, for square boxes, perhaps transposed, all of which keep every unit
 * whole.
 */
static void construct_grid(struct gen *g)
{
	const unsigned br = dlx_sudoku_box_rows(g->s), bc = dlx_sudoku_box_cols(g->s), side = br * bc;
	uint32_t rows[DLX_SUDOKU_MAX_SIDE], cols[DLX_SUDOKU_MAX_SIDE];
	band_order(g, bc, br, rows);
	band_order(g, br, bc, cols);
	bool transpose = rng_below(&g->rng, 2) != 0 && br == bc;
	for (unsigned r = 0; r < side; r++) {
		for (unsigned c = 0; c < side; c++) {
			unsigned pr = rows[r], pc = cols[c];
			unsigned v = (bc * (pr % br) + pr / br + pc) % side + 1;
			g->grid[transpose ? (size_t)c * side + r : (size_t)r * side + c] = (uint8_t)v;
		}
	}
}

/*
 * Makes a full board in g->grid.  Sets *made, or leaves it false with
 * res->stop saying why (a limit or the poll).
 */
static int make_grid(struct gen *g, bool *made)
{
	dlx_sudoku_result r;
	*made = false;
	if (g->side >= GRID_CONSTRUCT_SIDE && classic(g->s)) {
		construct_grid(g);
		*made = true;
	}
	for (unsigned attempt = 0; !*made && attempt <= GRID_ATTEMPTS; attempt++) {
		/* Random givens can contradict each other in ways no unit shows; the empty board is the last resort. */
		uint64_t budget = node_limit(g);
		if (attempt < GRID_ATTEMPTS) {
			random_givens(g);
			unsigned doublings = attempt / 2;
			uint64_t base = (uint64_t)g->cells * GRID_BUDGET_PER_CELL;
			if (doublings < 40 && (base << doublings) < budget)
				budget = base << doublings;
		} else {
			memset(g->work, 0, g->cells);
		}
		int rc = search(g, g->work, 1, budget, g->grid, &r);
		if (rc)
			return rc;
		if (r.stats.solutions == 1) {
			*made = true;
			break;
		}
		if (r.stats.stop == DLX_STOP_POLL) {
			g->res->stop = DLX_STOP_POLL;
			return DLX_OK;
		}
		if (attempt == GRID_ATTEMPTS) {
			if (r.stats.stop == DLX_STOP_COMPLETE)
				return dlx__sudoku_fail(g->err, DLX_ERR_CONFLICT,
					"no full board satisfies the units of this shape");
			g->res->stop = r.stats.stop;
			return DLX_OK;
		}
	}
	/*
	 * Relabelling hides the search's habit of filling in low digits first,
	 * and varies a constructed board.  Non-consecutive boards allow only
	 * the relabellings that keep digits one apart so: none, or d -> N+1-d.
	 */
	uint32_t perm[256];
	for (unsigned d = 0; d < g->side; d++)
		perm[d] = d + 1;
	/* Parity marks allow only relabellings that keep each digit's parity. */
	const bool parity = dlx_sudoku_get_extras(g->s).parity != NULL;
	if (dlx_sudoku_flags(g->s) & DLX_SUDOKU_NONCONSECUTIVE) {
		/* d -> N+1-d keeps parities when N is odd. */
		if ((!parity || g->side % 2) && rng_below(&g->rng, 2))
			for (unsigned d = 0; d < g->side; d++)
				perm[d] = g->side - d;
	} else if (parity) {
		uint32_t odd[128], even[128];
		unsigned no = 0, ne = 0;
		for (unsigned d = 1; d <= g->side; d++) {
			if (d % 2)
				odd[no++] = d;
			else
				even[ne++] = d;
		}
		shuffle(&g->rng, odd, no);
		shuffle(&g->rng, even, ne);
		for (unsigned d = 1; d <= g->side; d++)
			perm[d - 1] = d % 2 ? odd[(d - 1) / 2] : even[d / 2 - 1];
	} else {
		shuffle(&g->rng, perm, g->side);
	}
	for (size_t k = 0; k < g->cells; k++)
		g->grid[k] = (uint8_t)perm[g->grid[k] - 1];
	return DLX_OK;
}

/*
 * The orbit of a cell under the symmetry: the cells that come and go with
 * it, at most 4, into orbit[]; returns how many (duplicates removed).
 */
static unsigned orbit_of(unsigned sym, unsigned side, size_t cell, size_t *orbit)
{
	const size_t r = cell / side, c = cell % side, e = side - 1;
	size_t img[4];
	unsigned n = 0;
	img[n++] = cell;
	switch (sym) {
	case DLX_SUDOKU_SYM_ROTATE180: img[n++] = (e - r) * side + (e - c); break;
	case DLX_SUDOKU_SYM_MIRROR: img[n++] = r * side + (e - c); break;
	case DLX_SUDOKU_SYM_FLIP: img[n++] = (e - r) * side + c; break;
	case DLX_SUDOKU_SYM_ROTATE90:
		/* (r, c) turns to (c, e − r): a quarter turn clockwise. */
		img[n++] = c * side + (e - r);
		img[n++] = (e - r) * side + (e - c);
		img[n++] = (e - c) * side + r;
		break;
	default: break;
	}
	unsigned k = 0;
	for (unsigned i = 0; i < n; i++) {
		bool dup = false;
		for (unsigned j = 0; j < k; j++)
			dup |= orbit[j] == img[i];
		if (!dup)
			orbit[k++] = img[i];
	}
	return k;
}

/* Whether cell is the smallest of its orbit: the one that stands for it in the removal order. */
static bool orbit_leader(unsigned sym, unsigned side, size_t cell)
{
	size_t orbit[4];
	unsigned n = orbit_of(sym, side, cell, orbit);
	for (unsigned k = 0; k < n; k++)
		if (orbit[k] < cell)
			return false;
	return true;
}

/* Takes clues away from the full board in a random order, keeping the puzzle unique. */
static int remove_clues(struct gen *g, uint8_t *puzzle)
{
	const dlx_sudoku_gen_params *gp = g->gp;
	dlx_sudoku_gen_result *res = g->res;
	const size_t cells = g->cells;
	unsigned sym = gp->symmetric;
	/* Drawn only when asked for, so that the other symmetries keep their puzzles. */
	if (sym == DLX_SUDOKU_SYM_RANDOM) {
		static const unsigned pick[4] = {
			DLX_SUDOKU_SYM_ROTATE90, DLX_SUDOKU_SYM_ROTATE180, DLX_SUDOKU_SYM_MIRROR, DLX_SUDOKU_SYM_FLIP
		};
		sym = pick[rng_below(&g->rng, 4)];
	}
	size_t n = 0;
	for (size_t cell = 0; cell < cells; cell++)
		if (orbit_leader(sym, g->side, cell))
			g->order[n++] = (uint32_t)cell;
	shuffle(&g->rng, g->order, n);
	memcpy(puzzle, g->grid, cells);
	size_t clues = cells;
	bool all_tried = true;
	for (size_t k = 0; k < n; k++) {
		if (gp->clues && clues <= gp->clues) {
			all_tried = false;
			break;
		}
		size_t orbit[4];
		unsigned size = orbit_of(sym, g->side, g->order[k], orbit);
		if (gp->clues && clues - size < gp->clues) {
			all_tried = false;
			continue;
		}
		for (unsigned j = 0; j < size; j++)
			puzzle[orbit[j]] = 0;
		dlx_sudoku_result r;
		int rc = search(g, puzzle, 2, node_limit(g), NULL, &r);
		if (rc == DLX_OK && r.stats.solutions == 1 && r.stats.stop == DLX_STOP_COMPLETE) {
			clues -= size;
			continue;
		}
		for (unsigned j = 0; j < size; j++)
			puzzle[orbit[j]] = g->grid[orbit[j]];
		if (rc) {
			res->clues = clues;
			return rc;
		}
		if (r.stats.stop == DLX_STOP_POLL) {
			res->stop = DLX_STOP_POLL;
			all_tried = false;
			break;
		}
		/* Two solutions found: the clue is needed.  A node limit proves nothing either way. */
		if (r.stats.stop == DLX_STOP_NODE_LIMIT) {
			res->stop = DLX_STOP_NODE_LIMIT;
			all_tried = false;
		}
	}
	res->clues = clues;
	res->minimal = all_tried;
	return DLX_OK;
}

int dlx_sudoku_generate(dlx_sudoku *s, const dlx_sudoku_gen_params *params, uint8_t *puzzle,
	uint8_t *solution, dlx_sudoku_gen_result *res, dlx_error_info *err)
{
	static const dlx_sudoku_gen_params defaults = DLX_SUDOKU_GEN_PARAMS_INIT;
	dlx__sudoku_clear_error(err);
	if (!res)
		return DLX_ERR_INVALID;
	memset(res, 0, sizeof *res);
	res->stop = DLX_STOP_COMPLETE;
	if (!s || !puzzle || (params && params->symmetric > DLX_SUDOKU_SYM_RANDOM))
		return DLX_ERR_INVALID;
	dlx_sudoku_extras x = dlx_sudoku_get_extras(s);
	if (x.cages)
		return dlx__sudoku_fail(err, DLX_ERR_INVALID, "cannot generate puzzles of givens with cages");
	struct gen g;
	memset(&g, 0, sizeof g);
	g.s = s;
	g.gp = params ? params : &defaults;
	g.res = res;
	g.err = err;
	g.side = dlx_sudoku_side(s);
	g.cells = dlx_sudoku_cells(s);
	rng_seed(&g.rng, g.gp->seed, g.gp->sequence);
	memset(puzzle, 0, g.cells);
	g.grid = malloc(g.cells);
	g.work = malloc(g.cells);
	g.order = malloc(g.cells * sizeof *g.order);
	g.used = malloc((size_t)dlx__sudoku_n_units(s) * g.side);
	g.cand = malloc(g.side);
	int rc = DLX_ERR_NOMEM;
	if (g.grid && g.work && g.order && g.used && g.cand) {
		bool made;
		rc = make_grid(&g, &made);
		if (rc == DLX_OK && made) {
			rc = remove_clues(&g, puzzle);
			if (solution)
				memcpy(solution, g.grid, g.cells);
		}
	}
	if (rc == DLX_ERR_NOMEM && err && !err->message[0])
		dlx__sudoku_fail(err, rc, "%s", dlx_strerror(rc));
	free(g.grid);
	free(g.work);
	free(g.order);
	free(g.used);
	free(g.cand);
	return rc;
}

/* The node budget of a killer generator's uniqueness search, per cell (see its use). */
#define KILLER_NODES_PER_CELL 1000u

/* Two solutions of a killer search: the first two it finds. */
struct two {
	size_t cells;
	uint64_t found;
	uint8_t *first, *second;
};

static int keep_two(void *ctx, const uint8_t *sol)
{
	struct two *t = ctx;
	memcpy(t->found++ ? t->second : t->first, sol, t->cells);
	return 0;
}

/* Renumbers cages by their first cells in row-major order, as the readers number them. */
static void renumber(uint32_t *cages, uint32_t *sums, size_t cells, uint32_t n, uint32_t *map, uint32_t *tmp)
{
	memset(map, 0, (n + 1) * sizeof *map);
	uint32_t next = 0;
	for (size_t cell = 0; cell < cells; cell++) {
		if (!map[cages[cell]]) {
			map[cages[cell]] = ++next;
			tmp[next - 1] = sums[cages[cell] - 1];
		}
		cages[cell] = map[cages[cell]];
	}
	memcpy(sums, tmp, n * sizeof *sums);
}

/* Grows random cages over the full board g->grid: 2-5 connected cells each, digits distinct. */
static uint32_t grow_cages(struct gen *g, uint32_t *cages, uint32_t *sums, uint32_t *members)
{
	const unsigned side = g->side;
	uint32_t n = 0;
	for (size_t k = 0; k < g->cells; k++)
		g->order[k] = (uint32_t)k;
	shuffle(&g->rng, g->order, g->cells);
	memset(cages, 0, g->cells * sizeof *cages);
	for (size_t k = 0; k < g->cells; k++) {
		uint32_t start = g->order[k];
		if (cages[start])
			continue;
		cages[start] = ++n;
		sums[n - 1] = g->grid[start];
		members[0] = start;
		unsigned size = 1, want = 2 + (unsigned)rng_below(&g->rng, 4);
		while (size < want) {
			/* Free neighbours of the cage whose digits it lacks, each once per member it touches. */
			uint32_t cand[4 * 5];
			unsigned nc = 0;
			for (unsigned m = 0; m < size; m++) {
				size_t cell = members[m], r = cell / side, c = cell % side;
				size_t nb[4] = { r > 0 ? cell - side : SIZE_MAX, r + 1 < side ? cell + side : SIZE_MAX,
					c > 0 ? cell - 1 : SIZE_MAX, c + 1 < side ? cell + 1 : SIZE_MAX };
				for (unsigned j = 0; j < 4; j++) {
					if (nb[j] == SIZE_MAX || cages[nb[j]])
						continue;
					bool repeat = false;
					for (unsigned i = 0; i < size && !repeat; i++)
						repeat = g->grid[members[i]] == g->grid[nb[j]];
					if (!repeat)
						cand[nc++] = (uint32_t)nb[j];
				}
			}
			if (nc == 0)
				break;
			uint32_t pick = cand[rng_below(&g->rng, nc)];
			cages[pick] = n;
			sums[n - 1] += g->grid[pick];
			members[size++] = pick;
		}
	}
	return n;
}

int dlx_sudoku_generate_killer(dlx_sudoku *s, const dlx_sudoku_gen_params *params, uint32_t *cages,
	uint32_t *sums, uint32_t *n_cages, uint8_t *solution, dlx_sudoku_gen_result *res, dlx_error_info *err)
{
	static const dlx_sudoku_gen_params defaults = DLX_SUDOKU_GEN_PARAMS_INIT;
	dlx__sudoku_clear_error(err);
	if (!res)
		return DLX_ERR_INVALID;
	memset(res, 0, sizeof *res);
	res->stop = DLX_STOP_COMPLETE;
	if (!s || !cages || !sums || !n_cages)
		return DLX_ERR_INVALID;
	*n_cages = 0;
	if (!params)
		params = &defaults;
	/* The full board: a "puzzle" that keeps every clue. */
	dlx_sudoku_gen_params full = *params;
	full.clues = dlx_sudoku_cells(s);
	full.symmetric = DLX_SUDOKU_SYM_NONE;
	struct gen g;
	memset(&g, 0, sizeof g);
	g.s = s;
	g.gp = params;
	g.res = res;
	g.err = err;
	g.side = dlx_sudoku_side(s);
	g.cells = dlx_sudoku_cells(s);
	/* Its own stream, so that the cages do not repeat the board's draws. */
	rng_seed(&g.rng, params->seed ^ 0x6b696c6c6572u, params->sequence);
	g.grid = malloc(g.cells);
	g.work = malloc(g.cells);
	g.order = malloc(g.cells * sizeof *g.order);
	uint32_t *members = malloc(g.cells * sizeof *members);
	uint32_t *scratch = malloc(2 * (g.cells + 1) * sizeof *scratch);
	uint8_t *two_sol = malloc(2 * g.cells);
	int rc = g.grid && g.work && g.order && members && scratch && two_sol ? DLX_OK : DLX_ERR_NOMEM;
	if (!rc)
		rc = dlx_sudoku_generate(s, &full, g.work, g.grid, res, err);
	uint64_t nodes = res->nodes;
	bool made = rc == DLX_OK && res->clues == g.cells;
	res->clues = 0;
	uint32_t n = made ? grow_cages(&g, cages, sums, members) : 0;
	const dlx_sudoku_board board = { dlx_sudoku_box_rows(s), dlx_sudoku_box_cols(s), dlx_sudoku_flags(s),
		dlx_sudoku_regions(s) };
	/*
	 * Searches of near-empty killer boards have a heavy tail (9x9: most take
	 * hundreds of nodes, a few millions); one cut short moves a cell out of
	 * its cage instead, which makes the next search shorter.
	 */
	const uint64_t budget = node_limit(&g) < KILLER_NODES_PER_CELL * g.cells ? node_limit(&g)
		: KILLER_NODES_PER_CELL * g.cells;
	for (size_t round = 0; made && rc == DLX_OK && round <= g.cells; round++) {
		dlx_sudoku_extras x = { NULL, cages, sums, n };
		dlx_sudoku *k;
		rc = dlx_sudoku_new_extras(&board, &x, &k, err);
		if (rc)
			break;
		struct two t = { g.cells, 0, two_sol, two_sol + g.cells };
		dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
		sp.limit = 2;
		sp.node_limit = budget;
		sp.on_solution = keep_two;
		sp.solution_ctx = &t;
		sp.on_poll = params->on_poll;
		sp.poll_ctx = params->poll_ctx;
		sp.poll_interval = params->poll_interval;
		dlx_sudoku_result r;
		memset(g.work, 0, g.cells);
		rc = dlx_sudoku_solve(k, g.work, &sp, NULL, &r, err);
		dlx_sudoku_free(k);
		nodes += r.stats.nodes;
		if (rc)
			break;
		if (r.stats.stop == DLX_STOP_POLL) {
			res->stop = DLX_STOP_POLL;
			made = false;
			break;
		}
		if (r.stats.stop == DLX_STOP_COMPLETE && t.found == 1) {
			renumber(cages, sums, g.cells, n, scratch, scratch + g.cells + 1);
			*n_cages = n;
			res->clues = n;
			if (solution)
				memcpy(solution, g.grid, g.cells);
			break;
		}
		/* A cell the second solution changed (or, cut short, any caged one) gets a cage of its own. */
		uint32_t *size = scratch;
		memset(size, 0, (n + 1) * sizeof *size);
		for (size_t cell = 0; cell < g.cells; cell++)
			size[cages[cell]]++;
		size_t pick = SIZE_MAX, seen = 0;
		for (size_t cell = 0; cell < g.cells; cell++) {
			if (size[cages[cell]] > 1 && (t.found < 2 || t.first[cell] != t.second[cell]) &&
				rng_below(&g.rng, ++seen) == 0)
				pick = cell;
		}
		if (pick == SIZE_MAX)
			break; /* every cell alone: the grid itself, which the search cannot miss */
		sums[cages[pick] - 1] -= g.grid[pick];
		cages[pick] = ++n;
		sums[n - 1] = g.grid[pick];
	}
	res->nodes = nodes;
	if (rc == DLX_ERR_NOMEM && err && !err->message[0])
		dlx__sudoku_fail(err, rc, "%s", dlx_strerror(rc));
	free(g.grid);
	free(g.work);
	free(g.order);
	free(members);
	free(scratch);
	free(two_sol);
	return rc;
}
