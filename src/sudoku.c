/*
 * Sudoku as exact cover, built on the public dlx API only.
 *
 * Item layout (N = side, all primary): cell (r,c) is r·N + c; "row r has d"
 * is N² + r·N + d−1; "column c has d" is 2N² + c·N + d−1; "box b has d" is
 * 3N² + b·N + d−1.  The option for (r, c, d) is added as number
 * (r·N + c)·N + d−1, so a solution's options decode to cells and digits by
 * one division each, with no lookup table.
 */
#include "dlx-sudoku.h"

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
	unsigned box, side;
	size_t cells;
	dlx_problem *p;
	uint8_t *board;   /* the solution handed to callbacks */
	struct seen *seen; /* 3·N² entries: rows, columns, boxes, each N units × N digits */
	uint32_t stamp;   /* a fresh stamp per check saves clearing seen[] per puzzle */
	/* For the solution callback of one dlx_sudoku_solve() call. */
	const dlx_sudoku_params *params;
	uint8_t *first;
	bool have_first;
};

int dlx_sudoku_new(unsigned box, dlx_sudoku **out)
{
	if (!out)
		return DLX_ERR_INVALID;
	*out = NULL;
	if (box < DLX_SUDOKU_MIN_BOX)
		return DLX_ERR_INVALID;
	if (box > DLX_SUDOKU_MAX_BOX)
		return DLX_ERR_TOO_BIG;
	/* Within the cap these cannot overflow: N ≤ 100, N³ options of 4 nodes. */
	size_t n = box, side = n * n, cells = side * side;
	dlx_sudoku *s = calloc(1, sizeof *s);
	if (!s)
		return DLX_ERR_NOMEM;
	s->box = box;
	s->side = (unsigned)side;
	s->cells = cells;
	s->p = dlx_problem_new(4 * cells, 0);
	s->board = malloc(cells);
	s->seen = calloc(3 * cells, sizeof *s->seen);
	if (!s->p || !s->board || !s->seen) {
		dlx_sudoku_free(s);
		return DLX_ERR_NOMEM;
	}
	for (size_t r = 0; r < side; r++) {
		for (size_t c = 0; c < side; c++) {
			size_t b = (r / n) * n + c / n;
			for (size_t d = 0; d < side; d++) {
				size_t items[4] = {
					r * side + c,
					cells + r * side + d,
					2 * cells + c * side + d,
					3 * cells + b * side + d,
				};
				long id = dlx_add_option(s->p, items, 4);
				if (id < 0) {
					dlx_sudoku_free(s);
					return (int)id;
				}
			}
		}
	}
	*out = s;
	return DLX_OK;
}

void dlx_sudoku_free(dlx_sudoku *s)
{
	if (!s)
		return;
	dlx_problem_free(s->p);
	free(s->board);
	free(s->seen);
	free(s);
}

unsigned dlx_sudoku_box(const dlx_sudoku *s) { return s ? s->box : 0; }
unsigned dlx_sudoku_side(const dlx_sudoku *s) { return s ? s->side : 0; }
size_t dlx_sudoku_cells(const dlx_sudoku *s) { return s ? s->cells : 0; }
const dlx_problem *dlx_sudoku_problem(const dlx_sudoku *s) { return s ? s->p : NULL; }

static void clear_result(dlx_sudoku_result *res)
{
	memset(res, 0, sizeof *res);
	res->stats.stop = DLX_STOP_COMPLETE;
}

int dlx_sudoku_check(dlx_sudoku *s, const uint8_t *givens, dlx_sudoku_result *res)
{
	dlx_sudoku_result scratch;
	if (!res)
		res = &scratch;
	clear_result(res);
	if (!s || !givens)
		return DLX_ERR_INVALID;
	if (++s->stamp == 0) {
		memset(s->seen, 0, 3 * s->cells * sizeof *s->seen);
		s->stamp = 1;
	}
	const uint32_t stamp = s->stamp;
	const unsigned side = s->side, box = s->box;
	const size_t cells = s->cells;
	for (size_t cell = 0; cell < cells; cell++) {
		unsigned d = givens[cell];
		if (d == 0)
			continue;
		unsigned r = (unsigned)(cell / side), c = (unsigned)(cell % side);
		if (d > side) {
			snprintf(res->message, sizeof res->message, "r%uc%u holds %u, more than %u",
				r + 1, c + 1, d, side);
			return DLX_ERR_INVALID;
		}
		unsigned b = (r / box) * box + c / box;
		struct seen *unit[3] = {
			&s->seen[(size_t)r * side + d - 1],
			&s->seen[cells + (size_t)c * side + d - 1],
			&s->seen[2 * cells + (size_t)b * side + d - 1],
		};
		for (int k = 0; k < 3; k++) {
			if (unit[k]->stamp == stamp) {
				unsigned other = unit[k]->cell;
				dlx_sudoku_conflict *cf = &res->conflict;
				cf->row1 = other / side;
				cf->col1 = other % side;
				cf->row2 = r;
				cf->col2 = c;
				cf->digit = d;
				snprintf(res->message, sizeof res->message, "r%uc%u and r%uc%u both hold %u",
					cf->row1 + 1, cf->col1 + 1, r + 1, c + 1, d);
				return DLX_ERR_CONFLICT;
			}
		}
		for (int k = 0; k < 3; k++) {
			unit[k]->stamp = stamp;
			unit[k]->cell = (uint32_t)cell;
		}
	}
	return DLX_OK;
}

static int on_solution(void *ctx, const size_t *options, size_t n)
{
	dlx_sudoku *s = ctx;
	const size_t side = s->side;
	/* Every cell item is covered exactly once, so the n options fill the board. */
	for (size_t k = 0; k < n; k++)
		s->board[options[k] / side] = (uint8_t)(options[k] % side + 1);
	if (s->first && !s->have_first) {
		memcpy(s->first, s->board, s->cells);
		s->have_first = true;
	}
	const dlx_sudoku_params *sp = s->params;
	return sp->on_solution ? sp->on_solution(sp->solution_ctx, s->board) : 0;
}

int dlx_sudoku_solve(dlx_sudoku *s, const uint8_t *givens, const dlx_sudoku_params *params,
	uint8_t *solution, dlx_sudoku_result *res)
{
	static const dlx_sudoku_params defaults = DLX_SUDOKU_PARAMS_INIT;
	if (!res)
		return DLX_ERR_INVALID;
	int rc = dlx_sudoku_check(s, givens, res);
	if (rc)
		return rc;
	if (!params)
		params = &defaults;
	const size_t side = s->side;
	for (size_t cell = 0; cell < s->cells; cell++) {
		if (givens[cell]) {
			rc = dlx_force_option(s->p, cell * side + givens[cell] - 1u);
			if (rc) {
				/* Unreachable after the check; kept so a core change cannot corrupt state. */
				dlx_release_forced(s->p);
				return rc;
			}
		}
	}
	s->params = params;
	s->first = solution;
	s->have_first = false;
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.solution_limit = params->limit;
	sp.node_limit = params->node_limit;
	sp.on_solution = solution || params->on_solution ? on_solution : NULL;
	sp.solution_ctx = s;
	sp.on_poll = params->on_poll;
	sp.poll_ctx = params->poll_ctx;
	sp.poll_interval = params->poll_interval;
	if (params->threads > 1) {
		/* The split clones the problem with its forced givens, one copy per thread. */
		dlx_split_params split = { params->threads, 0, 0 };
		rc = dlx_search_split(s->p, &sp, &split, &res->stats);
	} else {
		rc = dlx_search(s->p, &sp, &res->stats);
	}
	dlx_release_forced(s->p);
	s->params = NULL;
	s->first = NULL;
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
