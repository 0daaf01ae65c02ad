/*
 * General grids as exact cover (dlx-sudoku-grid.h), on the public dlx API
 * only.  Items: cell k is item k (cells numbered in row-major order of the
 * box), then N items per exactly-once unit, then (secondary) N per
 * at-most-once unit.  Option k·N + d − 1 is "cell k holds d", so a
 * solution decodes by one division per option, as dlx-sudoku.c's do.
 */
#include "dlx-sudoku-grid.h"
#include "dlx-sudoku-internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct unit_info {
	size_t item;            /* "the unit has symbol 1": the first of its N items */
	uint32_t first, n;      /* its cells in unit_cells[first .. first + n) */
	uint32_t r0, c0, r1, c1; /* the rectangle it fills, when it fills one (named by it) */
	bool rect;
};

/* Where a symbol was seen in a unit during a givens check. */
struct seen {
	uint32_t stamp, pos;
};

struct dlx_sudoku_grid {
	unsigned rows, cols, symbols;
	size_t positions, n_cells;
	uint32_t *index;        /* position -> cell number, UINT32_MAX for a hole */
	uint32_t *pos_of;       /* cell number -> position */
	uint32_t *cell_units;   /* the units of cell k: cell_units[unit_start[k] .. unit_start[k + 1]) */
	uint32_t *unit_start;
	struct unit_info *units;
	size_t n_units;
	uint32_t *unit_cells;   /* the units' positions, concatenated */
	struct seen *seen;      /* n_units · N */
	uint32_t stamp;
	dlx_problem *p;
	uint8_t *board;         /* the solution handed to callbacks */
	const dlx_sudoku_params *params;
	uint8_t *first;
	bool have_first;
};

void dlx_sudoku_grid_free(dlx_sudoku_grid *g)
{
	if (!g)
		return;
	dlx_problem_free(g->p);
	free(g->index);
	free(g->pos_of);
	free(g->cell_units);
	free(g->unit_start);
	free(g->units);
	free(g->unit_cells);
	free(g->seen);
	free(g->board);
	free(g);
}

/* The cells and the units' rectangles: everything of the description that needs no allocation but g's own. */
static int take_cells(dlx_sudoku_grid *g, const dlx_sudoku_grid_desc *d, dlx_error_info *err)
{
	for (size_t u = 0; u < d->n_units; u++) {
		const dlx_sudoku_grid_unit *un = &d->units[u];
		if (!un->cells || un->n_cells == 0)
			return dlx__sudoku_fail(err, DLX_ERR_INVALID, "unit %zu has no cells", u + 1);
		if (un->rule > DLX_SUDOKU_GRID_AT_MOST)
			return dlx__sudoku_fail(err, DLX_ERR_INVALID, "unit %zu has rule %u, not 0 or 1", u + 1, un->rule);
		if (un->rule == DLX_SUDOKU_GRID_ONCE ? un->n_cells != d->symbols : un->n_cells > d->symbols)
			return dlx__sudoku_fail(err, DLX_ERR_INVALID, "unit %zu has %u cells, %s %u", u + 1, un->n_cells,
				un->rule == DLX_SUDOKU_GRID_ONCE ? "not" : "more than", d->symbols);
		for (uint32_t k = 0; k < un->n_cells; k++) {
			uint32_t pos = un->cells[k];
			if (pos >= g->positions)
				return dlx__sudoku_fail(err, DLX_ERR_INVALID, "unit %zu holds position %u, outside the %ux%u box",
					u + 1, pos, g->rows, g->cols);
			if (d->cells && !d->cells[pos])
				return dlx__sudoku_fail(err, DLX_ERR_INVALID, "unit %zu holds r%uc%u, a hole", u + 1,
					pos / g->cols + 1, pos % g->cols + 1);
		}
	}
	for (size_t pos = 0; pos < g->positions; pos++)
		g->index[pos] = UINT32_MAX;
	if (d->cells) {
		for (size_t pos = 0; pos < g->positions; pos++)
			if (d->cells[pos])
				g->index[pos] = 0;
	} else {
		for (size_t u = 0; u < d->n_units; u++)
			for (uint32_t k = 0; k < d->units[u].n_cells; k++)
				g->index[d->units[u].cells[k]] = 0;
	}
	g->n_cells = 0;
	for (size_t pos = 0; pos < g->positions; pos++)
		if (g->index[pos] != UINT32_MAX)
			g->index[pos] = (uint32_t)g->n_cells++;
	if (g->n_cells == 0)
		return dlx__sudoku_fail(err, DLX_ERR_INVALID, "the grid has no cells");
	if (g->n_cells * d->symbols > DLX_SUDOKU_GRID_MAX_OPTIONS)
		return dlx__sudoku_fail(err, DLX_ERR_TOO_BIG, "%zu cells of %u symbols are more than %u options",
			g->n_cells, d->symbols, DLX_SUDOKU_GRID_MAX_OPTIONS);
	return DLX_OK;
}

/* Names a unit by the rectangle it fills, if it fills one: its cells are distinct, so counting them is enough. */
static void find_rectangle(dlx_sudoku_grid *g, struct unit_info *ui)
{
	const uint32_t *cells = g->unit_cells + ui->first;
	uint32_t r0 = UINT32_MAX, c0 = UINT32_MAX, r1 = 0, c1 = 0;
	for (uint32_t k = 0; k < ui->n; k++) {
		uint32_t r = cells[k] / g->cols, c = cells[k] % g->cols;
		r0 = r < r0 ? r : r0;
		c0 = c < c0 ? c : c0;
		r1 = r > r1 ? r : r1;
		c1 = c > c1 ? c : c1;
	}
	ui->r0 = r0;
	ui->c0 = c0;
	ui->r1 = r1;
	ui->c1 = c1;
	ui->rect = (size_t)(r1 - r0 + 1) * (c1 - c0 + 1) == ui->n;
}

static void unit_name(const dlx_sudoku_grid *g, size_t u, char *buf, size_t size)
{
	const struct unit_info *ui = &g->units[u];
	if (ui->rect)
		snprintf(buf, size, "r%uc%u-r%uc%u", ui->r0 + 1, ui->c0 + 1, ui->r1 + 1, ui->c1 + 1);
	else
		snprintf(buf, size, "unit %zu", u + 1);
}

/* The units of each cell (a counting sort), refusing a cell twice in one unit. */
static int take_units(dlx_sudoku_grid *g, const dlx_sudoku_grid_desc *d, dlx_error_info *err)
{
	const size_t n = g->n_cells;
	size_t total = 0;
	for (size_t u = 0; u < d->n_units; u++)
		total += d->units[u].n_cells;
	g->unit_start = calloc(n + 1, sizeof *g->unit_start);
	g->cell_units = malloc((total ? total : 1) * sizeof *g->cell_units);
	g->unit_cells = malloc((total ? total : 1) * sizeof *g->unit_cells);
	g->units = calloc(d->n_units ? d->n_units : 1, sizeof *g->units);
	if (!g->unit_start || !g->cell_units || !g->unit_cells || !g->units)
		return DLX_ERR_NOMEM;
	size_t at = 0, primary = n, secondary = 0;
	for (size_t u = 0; u < d->n_units; u++) {
		const dlx_sudoku_grid_unit *un = &d->units[u];
		struct unit_info *ui = &g->units[u];
		ui->first = (uint32_t)at;
		ui->n = un->n_cells;
		memcpy(g->unit_cells + at, un->cells, un->n_cells * sizeof *un->cells);
		at += un->n_cells;
		/* Secondary items are numbered from 0 here and moved past the primary ones below. */
		if (un->rule == DLX_SUDOKU_GRID_ONCE) {
			ui->item = primary;
			primary += g->symbols;
		} else {
			ui->item = SIZE_MAX - secondary;
			secondary += g->symbols;
		}
		for (uint32_t k = 0; k < un->n_cells; k++)
			g->unit_start[g->index[un->cells[k]] + 1]++;
		find_rectangle(g, ui);
	}
	for (size_t u = 0; u < d->n_units; u++)
		if (g->units[u].item > SIZE_MAX / 2)
			g->units[u].item = primary + (SIZE_MAX - g->units[u].item);
	for (size_t k = 0; k < n; k++) {
		if (g->unit_start[k + 1] > DLX_SUDOKU_GRID_MAX_CELL_UNITS)
			return dlx__sudoku_fail(err, DLX_ERR_INVALID, "r%uc%u is in more than %u units",
				g->pos_of[k] / g->cols + 1, g->pos_of[k] % g->cols + 1, DLX_SUDOKU_GRID_MAX_CELL_UNITS);
		g->unit_start[k + 1] += g->unit_start[k];
	}
	uint32_t *fill = calloc(n ? n : 1, sizeof *fill);
	if (!fill)
		return DLX_ERR_NOMEM;
	for (size_t u = 0; u < d->n_units; u++) {
		for (uint32_t k = 0; k < d->units[u].n_cells; k++) {
			uint32_t pos = d->units[u].cells[k], cell = g->index[pos];
			uint32_t *mine = g->cell_units + g->unit_start[cell];
			/* Units come in order, so a repeated cell of unit u meets u last in its list. */
			if (fill[cell] > 0 && mine[fill[cell] - 1] == u) {
				free(fill);
				return dlx__sudoku_fail(err, DLX_ERR_INVALID, "unit %zu holds r%uc%u twice", u + 1,
					pos / g->cols + 1, pos % g->cols + 1);
			}
			mine[fill[cell]++] = (uint32_t)u;
		}
	}
	free(fill);
	g->p = dlx_problem_new(primary, secondary);
	return g->p ? DLX_OK : DLX_ERR_NOMEM;
}

int dlx_sudoku_grid_new(const dlx_sudoku_grid_desc *d, dlx_sudoku_grid **out, dlx_error_info *err)
{
	dlx__sudoku_clear_error(err);
	if (!out)
		return DLX_ERR_INVALID;
	*out = NULL;
	if (!d || (d->n_units && !d->units) || d->rows < 1 || d->cols < 1 || d->rows > DLX_SUDOKU_GRID_MAX_SIDE ||
		d->cols > DLX_SUDOKU_GRID_MAX_SIDE || d->symbols < 2 || d->symbols > DLX_SUDOKU_GRID_MAX_SYMBOLS)
		return DLX_ERR_INVALID;
	dlx_sudoku_grid *g = calloc(1, sizeof *g);
	if (!g)
		return DLX_ERR_NOMEM;
	g->rows = d->rows;
	g->cols = d->cols;
	g->symbols = d->symbols;
	g->positions = (size_t)d->rows * d->cols;
	g->n_units = d->n_units;
	g->index = malloc(g->positions * sizeof *g->index);
	g->board = calloc(g->positions, 1);
	int rc = g->index && g->board ? take_cells(g, d, err) : DLX_ERR_NOMEM;
	if (!rc) {
		g->pos_of = malloc(g->n_cells * sizeof *g->pos_of);
		g->seen = calloc(d->n_units ? d->n_units * d->symbols : 1, sizeof *g->seen);
		rc = g->pos_of && g->seen ? DLX_OK : DLX_ERR_NOMEM;
	}
	if (!rc) {
		for (size_t pos = 0; pos < g->positions; pos++)
			if (g->index[pos] != UINT32_MAX)
				g->pos_of[g->index[pos]] = (uint32_t)pos;
		rc = take_units(g, d, err);
	}
	const unsigned N = g->symbols;
	for (size_t k = 0; !rc && k < g->n_cells; k++) {
		for (unsigned s = 0; !rc && s < N; s++) {
			size_t items[1 + DLX_SUDOKU_GRID_MAX_CELL_UNITS];
			size_t m = 0;
			items[m++] = k;
			for (uint32_t j = g->unit_start[k]; j < g->unit_start[k + 1]; j++)
				items[m++] = g->units[g->cell_units[j]].item + s;
			long id = dlx_add_option(g->p, items, m);
			rc = id < 0 ? (int)id : DLX_OK;
		}
	}
	if (rc) {
		dlx_sudoku_grid_free(g);
		return rc;
	}
	*out = g;
	return DLX_OK;
}

unsigned dlx_sudoku_grid_rows(const dlx_sudoku_grid *g) { return g ? g->rows : 0; }
unsigned dlx_sudoku_grid_cols(const dlx_sudoku_grid *g) { return g ? g->cols : 0; }
unsigned dlx_sudoku_grid_symbols(const dlx_sudoku_grid *g) { return g ? g->symbols : 0; }
size_t dlx_sudoku_grid_cells(const dlx_sudoku_grid *g) { return g ? g->n_cells : 0; }
const dlx_problem *dlx_sudoku_grid_problem(const dlx_sudoku_grid *g) { return g ? g->p : NULL; }

bool dlx_sudoku_grid_is_cell(const dlx_sudoku_grid *g, size_t pos)
{
	return g && pos < g->positions && g->index[pos] != UINT32_MAX;
}

static void set_conflict(dlx_sudoku_result *res, const dlx_sudoku_grid *g, size_t a, size_t b, unsigned d)
{
	res->conflict.row1 = (unsigned)(a / g->cols);
	res->conflict.col1 = (unsigned)(a % g->cols);
	res->conflict.row2 = (unsigned)(b / g->cols);
	res->conflict.col2 = (unsigned)(b % g->cols);
	res->conflict.digit = d;
}

int dlx_sudoku_grid_check(dlx_sudoku_grid *g, const uint8_t *givens, dlx_sudoku_result *res, dlx_error_info *err)
{
	dlx_sudoku_result scratch;
	if (!res)
		res = &scratch;
	memset(res, 0, sizeof *res);
	res->stats.stop = DLX_STOP_COMPLETE;
	dlx__sudoku_clear_error(err);
	if (!g || !givens)
		return DLX_ERR_INVALID;
	if (++g->stamp == 0) {
		memset(g->seen, 0, g->n_units * g->symbols * sizeof *g->seen);
		g->stamp = 1;
	}
	for (size_t pos = 0; pos < g->positions; pos++) {
		unsigned d = givens[pos];
		unsigned r = (unsigned)(pos / g->cols) + 1, c = (unsigned)(pos % g->cols) + 1;
		if (d && g->index[pos] == UINT32_MAX) {
			set_conflict(res, g, pos, pos, d);
			return dlx__sudoku_fail(err, DLX_ERR_INVALID, "r%uc%u is a hole, but holds %u", r, c, d);
		}
		if (d > g->symbols)
			return dlx__sudoku_fail(err, DLX_ERR_INVALID, "r%uc%u holds %u, more than %u", r, c, d, g->symbols);
		if (!d)
			continue;
		uint32_t cell = g->index[pos];
		for (uint32_t j = g->unit_start[cell]; j < g->unit_start[cell + 1]; j++) {
			uint32_t u = g->cell_units[j];
			struct seen *e = &g->seen[(size_t)u * g->symbols + d - 1];
			if (e->stamp == g->stamp) {
				set_conflict(res, g, e->pos, pos, d);
				char name[64];
				unit_name(g, u, name, sizeof name);
				return dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "r%uc%u and r%uc%u both hold %u in %s",
					e->pos / g->cols + 1, e->pos % g->cols + 1, r, c, d, name);
			}
			e->stamp = g->stamp;
			e->pos = (uint32_t)pos;
		}
	}
	return DLX_OK;
}

static int on_solution(void *ctx, const size_t *options, size_t n)
{
	dlx_sudoku_grid *g = ctx;
	for (size_t k = 0; k < n; k++)
		g->board[g->pos_of[options[k] / g->symbols]] = (uint8_t)(options[k] % g->symbols + 1);
	if (g->first && !g->have_first) {
		memcpy(g->first, g->board, g->positions);
		g->have_first = true;
	}
	const dlx_sudoku_params *sp = g->params;
	return sp->on_solution ? sp->on_solution(sp->solution_ctx, g->board) : 0;
}

/* Forces the givens (checked), searches, releases them. */
static int search(dlx_sudoku_grid *g, const uint8_t *givens, const dlx_sudoku_params *params, uint8_t *solution,
	dlx_stats *stats)
{
	int rc = DLX_OK;
	for (size_t pos = 0; pos < g->positions && !rc; pos++)
		if (givens[pos])
			rc = dlx_force_option(g->p, (size_t)g->index[pos] * g->symbols + givens[pos] - 1);
	if (!rc) {
		g->params = params;
		g->first = solution;
		g->have_first = false;
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		sp.solution_limit = params->limit;
		sp.node_limit = params->node_limit;
		sp.on_solution = solution || params->on_solution ? on_solution : NULL;
		sp.solution_ctx = g;
		sp.on_poll = params->on_poll;
		sp.poll_ctx = params->poll_ctx;
		sp.poll_interval = params->poll_interval;
		if (params->threads > 1) {
			dlx_split_params split = { params->threads, 0, 0 };
			rc = dlx_search_split(g->p, &sp, &split, stats);
		} else {
			rc = dlx_search(g->p, &sp, stats);
		}
		g->params = NULL;
		g->first = NULL;
	}
	dlx_release_forced(g->p);
	return rc;
}

int dlx_sudoku_grid_solve(dlx_sudoku_grid *g, const uint8_t *givens, const dlx_sudoku_params *params,
	uint8_t *solution, dlx_sudoku_result *res, dlx_error_info *err)
{
	static const dlx_sudoku_params defaults = DLX_SUDOKU_PARAMS_INIT;
	dlx__sudoku_clear_error(err);
	if (!res)
		return DLX_ERR_INVALID;
	int rc = dlx_sudoku_grid_check(g, givens, res, err);
	if (rc)
		return rc;
	/* The board handed to callbacks keeps the holes at 0 whatever the solutions were. */
	memset(g->board, 0, g->positions);
	return search(g, givens, params ? params : &defaults, solution, &res->stats);
}

/* The first budget of a search for a full board, per cell, and the orders tried before the last search without one. */
#define GEN_BUDGET_PER_CELL 64u
#define GEN_ATTEMPTS 24u

/* splitmix64: the generator's one source of randomness, so a seed means the same on every machine. */
static uint64_t next_random(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

static void add_stats(dlx_stats *total, const dlx_stats *st)
{
	total->nodes += st->nodes;
	total->updates += st->updates;
	total->branches += st->branches;
}

int dlx_sudoku_grid_generate(dlx_sudoku_grid *g, uint64_t seed, size_t clues, const dlx_sudoku_params *params,
	uint8_t *puzzle, uint8_t *solution, dlx_stats *stats)
{
	dlx_stats scratch;
	if (!stats)
		stats = &scratch;
	memset(stats, 0, sizeof *stats);
	stats->stop = DLX_STOP_COMPLETE;
	if (!g || !puzzle)
		return DLX_ERR_INVALID;
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	if (params) {
		sp.node_limit = params->node_limit;
		sp.on_poll = params->on_poll;
		sp.poll_ctx = params->poll_ctx;
		sp.poll_interval = params->poll_interval;
	}
	uint8_t *full = calloc(g->positions, 1), *work = malloc(g->positions);
	uint32_t *order = malloc(g->n_cells * sizeof *order);
	if (!full || !work || !order) {
		free(full);
		free(work);
		free(order);
		return DLX_ERR_NOMEM;
	}
	/*
	 * The full board: the first solution in a random order of every item's
	 * options.  Such searches have a heavy tail (most take about a node per
	 * cell, a few millions), so each order gets a budget, doubled every
	 * other attempt, and a search cut short is tried again in another order.
	 */
	uint64_t state = seed;
	int rc = DLX_OK;
	dlx_stats st;
	memset(work, 0, g->positions);
	sp.limit = 1;
	const uint64_t cap = sp.node_limit;
	for (unsigned attempt = 0; !rc; attempt++) {
		uint64_t budget = (uint64_t)g->n_cells * GEN_BUDGET_PER_CELL << (attempt / 2 < 40 ? attempt / 2 : 40);
		bool last = attempt >= GEN_ATTEMPTS || (cap && budget >= cap);
		sp.node_limit = last ? cap : budget;
		rc = dlx_shuffle_options(g->p, next_random(&state));
		if (rc)
			break;
		rc = search(g, work, &sp, full, &st);
		add_stats(stats, &st);
		int un = dlx_unshuffle_options(g->p);
		rc = rc ? rc : un;
		if (rc || st.solutions)
			break;
		if (st.stop != DLX_STOP_NODE_LIMIT || last) {
			stats->stop = st.stop;
			rc = st.stop == DLX_STOP_COMPLETE ? DLX_ERR_CONFLICT : DLX_ERR_STATE;
		}
	}
	sp.node_limit = cap;
	/* Fisher-Yates over the cells with the seed's draws (a remainder's bias is the same on every machine). */
	for (size_t k = 0; k < g->n_cells; k++)
		order[k] = g->pos_of[k];
	for (size_t k = g->n_cells; k > 1 && !rc; k--) {
		size_t j = (size_t)(next_random(&state) % k);
		uint32_t t = order[k - 1];
		order[k - 1] = order[j];
		order[j] = t;
	}
	size_t left = g->n_cells;
	if (!rc)
		memcpy(work, full, g->positions);
	sp.limit = 2;
	for (size_t k = 0; k < g->n_cells && !rc && left > clues; k++) {
		uint32_t pos = order[k];
		uint8_t keep = work[pos];
		work[pos] = 0;
		rc = search(g, work, &sp, NULL, &st);
		add_stats(stats, &st);
		if (!rc && st.stop == DLX_STOP_POLL) {
			stats->stop = st.stop;
			rc = DLX_ERR_STATE;
		}
		if (!rc && (st.solutions != 1 || st.stop != DLX_STOP_COMPLETE))
			work[pos] = keep;
		else if (!rc)
			left--;
	}
	if (!rc) {
		memcpy(puzzle, work, g->positions);
		if (solution)
			memcpy(solution, full, g->positions);
	}
	free(full);
	free(work);
	free(order);
	return rc;
}
