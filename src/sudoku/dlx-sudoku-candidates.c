/*
 * Pencil marks on a dlx_sudoku solver (see dlx-sudoku.h): puzzles given as
 * the candidates left in each cell, and the marks that givens and singles
 * leave.
 *
 * A puzzle of candidates is searched on a matrix of its own that holds only
 * the options of those candidates, in the solver's item layout: the same
 * encoding, smaller.  Building it costs O(N³) per puzzle, less than any
 * search of it; the solver's own matrix, shared by every puzzle, is not
 * touched, since the core can force options but not take one away.
 */
#include "dlx-sudoku.h"
#include "dlx-sudoku-internal.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/*
 * Checks the marks: a cell without a candidate, or two cells with the same
 * lone candidate in one unit, are conflicts (as clashing givens are).
 */
static int check_marks(dlx_sudoku *s, const uint8_t *marks, dlx_sudoku_result *res, dlx_error_info *err)
{
	const unsigned side = dlx_sudoku_side(s);
	const size_t cells = dlx_sudoku_cells(s);
	uint8_t *singles = calloc(cells, 1);
	if (!singles)
		return DLX_ERR_NOMEM;
	for (size_t cell = 0; cell < cells; cell++) {
		unsigned n = 0, last = 0;
		for (unsigned d = 0; d < side; d++) {
			if (marks[cell * side + d] && dlx__sudoku_parity_ok(s, cell, d)) {
				n++;
				last = d + 1;
			}
		}
		if (n == 0) {
			free(singles);
			res->conflict.row1 = res->conflict.row2 = (unsigned)(cell / side);
			res->conflict.col1 = res->conflict.col2 = (unsigned)(cell % side);
			res->conflict.digit = 0;
			return dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "r%zuc%zu has no candidate", cell / side + 1,
				cell % side + 1);
		}
		if (n == 1)
			singles[cell] = (uint8_t)last;
	}
	int rc = dlx_sudoku_check(s, singles, res, err);
	free(singles);
	return rc;
}

int dlx_sudoku_solve_candidates(dlx_sudoku *s, const uint8_t *marks, const dlx_sudoku_params *params,
	uint8_t *solution, dlx_sudoku_result *res, dlx_error_info *err)
{
	static const dlx_sudoku_params defaults = DLX_SUDOKU_PARAMS_INIT;
	dlx__sudoku_clear_error(err);
	if (!res)
		return DLX_ERR_INVALID;
	memset(res, 0, sizeof *res);
	res->stats.stop = DLX_STOP_COMPLETE;
	if (!s || !marks)
		return DLX_ERR_INVALID;
	int rc = check_marks(s, marks, res, err);
	if (rc)
		return rc;
	const unsigned side = dlx_sudoku_side(s);
	const size_t cells = dlx_sudoku_cells(s), options = cells * side + dlx__sudoku_n_cage_options(s);
	dlx_problem *p = dlx_problem_new(dlx__sudoku_n_primary(s), dlx__sudoku_n_secondary(s));
	uint32_t *codes = malloc(options * sizeof *codes);
	rc = p && codes ? DLX_OK : DLX_ERR_NOMEM;
	/* The puzzle's own matrix searches as the solver's does (dlx_sudoku_set_propagation()). */
	if (!rc)
		rc = dlx_set_propagation(p, dlx_get_propagation(dlx_sudoku_problem(s)));
	for (size_t cell = 0; cell < cells && rc == DLX_OK; cell++) {
		for (unsigned d = 0; d < side && rc == DLX_OK; d++) {
			if (!marks[cell * side + d] || !dlx__sudoku_parity_ok(s, cell, d))
				continue;
			size_t items[DLX__SUDOKU_MAX_ITEMS];
			uint32_t colors[DLX__SUDOKU_MAX_ITEMS];
			unsigned k = dlx__sudoku_option_items(s, cell, d, items, colors);
			long id = dlx_add_option_colored(p, items, dlx__sudoku_colored(s) ? colors : NULL, k);
			if (id < 0)
				rc = (int)id;
			else
				codes[id] = (uint32_t)(cell * side + d);
		}
	}
	if (rc == DLX_OK)
		rc = dlx__sudoku_add_cages(s, p, codes);
	if (rc == DLX_OK)
		rc = dlx__sudoku_search(s, p, codes, NULL, params ? params : &defaults, solution, res);
	dlx_problem_free(p);
	free(codes);
	return rc;
}

int dlx_sudoku_grade_candidates(dlx_sudoku *s, const uint8_t *marks, const dlx_sudoku_params *params,
	uint64_t *grade, dlx_sudoku_result *res, dlx_error_info *err)
{
	dlx_sudoku_params sp = dlx__sudoku_grade_params(params);
	/* A grade is a count of dancing links' nodes. */
	dlx_sudoku_engine was = s ? dlx__sudoku_engine_swap(s, DLX_SUDOKU_ENGINE_DLX) : DLX_SUDOKU_ENGINE_DLX;
	int rc = dlx_sudoku_solve_candidates(s, marks, &sp, NULL, res, err);
	if (s)
		dlx__sudoku_engine_swap(s, was);
	if (rc || res->stats.solutions != 1 || res->stats.stop != DLX_STOP_COMPLETE || !grade)
		return rc;
	/* No cell is forced: the solution's path has a node for every cell, and one per summed cage. */
	*grade = res->stats.nodes - dlx_sudoku_cells(s) - dlx__sudoku_n_summed(s) - 1;
	return rc;
}

/* The bookkeeping of the singles: the marks, and the cells of every unit. */
struct marks {
	dlx_sudoku *s;
	unsigned side, n_units;
	size_t cells;
	uint8_t *m;        /* cells · N, as dlx_sudoku_candidates()'s out */
	uint32_t *members; /* n_units · N: the cells of each unit */
	uint8_t *placed;   /* cells: its lone candidate already cleared from its peers */
	/* Killer cages (NULL without): the cells of cage c (1-based) are cage_cells[cage_start[c] .. cage_start[c + 1]). */
	uint32_t *cage_start, *cage_cells;
	uint8_t *allowed;  /* N: the digits of some digit set that fits the cage being looked at */
	const uint32_t *sum_cells; /* that cage's cells, for the digit sets' callback */
	uint32_t n_sum_cells;
};

static unsigned count_of(const struct marks *mk, size_t cell, unsigned *last)
{
	unsigned n = 0;
	for (unsigned d = 0; d < mk->side; d++) {
		if (mk->m[cell * mk->side + d]) {
			n++;
			*last = d;
		}
	}
	return n;
}

/* Naked singles: a cell's lone candidate leaves every peer.  Returns whether a mark went. */
static bool naked_singles(struct marks *mk)
{
	bool changed = false;
	const unsigned side = mk->side;
	for (size_t cell = 0; cell < mk->cells; cell++) {
		unsigned d = 0;
		if (mk->placed[cell] || count_of(mk, cell, &d) != 1)
			continue;
		mk->placed[cell] = 1;
		unsigned units[DLX__SUDOKU_MAX_UNITS];
		unsigned k = dlx__sudoku_units(mk->s, cell, units);
		for (unsigned j = 0; j < k; j++) {
			for (unsigned i = 0; i < side; i++) {
				size_t peer = mk->members[(size_t)units[j] * side + i];
				if (peer != cell && mk->m[peer * side + d]) {
					mk->m[peer * side + d] = 0;
					changed = true;
				}
			}
		}
		/* A cage's other cells lose the digit: its digits differ. */
		uint32_t cage = mk->cage_start ? dlx_sudoku_get_extras(mk->s).cages[cell] : 0;
		for (uint32_t i = cage ? mk->cage_start[cage] : 0; cage && i < mk->cage_start[cage + 1]; i++) {
			uint8_t *o = mk->m + (size_t)mk->cage_cells[i] * side;
			if (mk->cage_cells[i] != cell && o[d]) {
				o[d] = 0;
				changed = true;
			}
		}
		/* Linked cells lose the digit (anti-knight, anti-king) or its neighbours (non-consecutive). */
		const struct dlx__sudoku_link *l;
		unsigned nl = dlx__sudoku_links(mk->s, cell, &l);
		for (unsigned j = 0; j < nl; j++) {
			uint8_t *o = mk->m + (size_t)l[j].other * side;
			for (unsigned e = 0; e < side; e++) {
				bool clash = l[j].kind == DLX__LINK_SAME ? e == d : e + 1 == d || d + 1 == e;
				if (clash && o[e]) {
					o[e] = 0;
					changed = true;
				}
			}
		}
	}
	return changed;
}

/* A digit set of the cage being looked at: if every cell has a candidate in it, its digits may stay. */
static int fitting_set(void *ctx, const uint8_t *digits, unsigned k)
{
	struct marks *mk = ctx;
	for (uint32_t i = 0; i < mk->n_sum_cells; i++) {
		const uint8_t *m = mk->m + (size_t)mk->sum_cells[i] * mk->side;
		bool any = false;
		for (unsigned j = 0; j < k && !any; j++)
			any = m[digits[j] - 1] != 0;
		if (!any)
			return 0;
	}
	for (unsigned j = 0; j < k; j++)
		mk->allowed[digits[j] - 1] = 1;
	return 0;
}

/*
 * Cage sums: the digits of a cage with a sum are one of its digit sets, one
 * that gives every cell a candidate, so a candidate in no such set goes.
 * Returns whether a mark went.
 */
static bool cage_sums(struct marks *mk)
{
	if (!mk->cage_start)
		return false;
	const dlx_sudoku_extras x = dlx_sudoku_get_extras(mk->s);
	bool changed = false;
	for (uint32_t k = 0; k < x.n_cages; k++) {
		if (!x.sums || !x.sums[k])
			continue;
		mk->sum_cells = mk->cage_cells + mk->cage_start[k + 1];
		mk->n_sum_cells = mk->cage_start[k + 2] - mk->cage_start[k + 1];
		memset(mk->allowed, 0, mk->side);
		dlx__sudoku_digit_sets(mk->side, mk->n_sum_cells, x.sums[k], fitting_set, mk);
		for (uint32_t i = 0; i < mk->n_sum_cells; i++) {
			uint8_t *m = mk->m + (size_t)mk->sum_cells[i] * mk->side;
			for (unsigned d = 0; d < mk->side; d++) {
				if (m[d] && !mk->allowed[d]) {
					m[d] = 0;
					changed = true;
				}
			}
		}
	}
	return changed;
}

/* The cells of each cage, in mk->cage_start and mk->cage_cells; false when memory is short. */
static bool list_cages(struct marks *mk)
{
	const dlx_sudoku_extras x = dlx_sudoku_get_extras(mk->s);
	if (!x.cages || !x.n_cages)
		return true;
	mk->cage_start = calloc((size_t)x.n_cages + 2, sizeof *mk->cage_start);
	mk->cage_cells = malloc(mk->cells * sizeof *mk->cage_cells);
	mk->allowed = malloc(mk->side);
	if (!mk->cage_start || !mk->cage_cells || !mk->allowed)
		return false;
	/* Counts, then their running sums: entry c is then where cage c ends; each cell moves it back to its start. */
	for (size_t cell = 0; cell < mk->cells; cell++)
		if (x.cages[cell])
			mk->cage_start[x.cages[cell]]++;
	for (uint32_t c = 1; c <= x.n_cages; c++)
		mk->cage_start[c] += mk->cage_start[c - 1];
	mk->cage_start[x.n_cages + 1] = mk->cage_start[x.n_cages];
	for (size_t cell = mk->cells; cell-- > 0;)
		if (x.cages[cell])
			mk->cage_cells[--mk->cage_start[x.cages[cell]]] = (uint32_t)cell;
	return true;
}

/*
 * Hidden singles: a digit with one place left in a unit takes it.  Returns
 * whether a mark went; *stuck names a digit with no place left, if any.
 */
static bool hidden_singles(struct marks *mk, unsigned *stuck_unit, unsigned *stuck_digit, bool *stuck)
{
	bool changed = false;
	const unsigned side = mk->side;
	for (unsigned u = 0; u < mk->n_units; u++) {
		for (unsigned d = 0; d < side; d++) {
			unsigned n = 0;
			size_t at = 0;
			for (unsigned i = 0; i < side; i++) {
				size_t cell = mk->members[(size_t)u * side + i];
				if (mk->m[cell * side + d]) {
					n++;
					at = cell;
				}
			}
			if (n == 0 && !*stuck) {
				*stuck = true;
				*stuck_unit = u;
				*stuck_digit = d + 1;
			}
			if (n != 1)
				continue;
			for (unsigned e = 0; e < side; e++) {
				if (e != d && mk->m[at * side + e]) {
					mk->m[at * side + e] = 0;
					changed = true;
				}
			}
		}
	}
	return changed;
}

int dlx_sudoku_candidates(dlx_sudoku *s, const uint8_t *givens, const uint8_t *marks, uint8_t *out,
	dlx_error_info *err)
{
	dlx__sudoku_clear_error(err);
	if (!s || !out || (!givens && !marks))
		return DLX_ERR_INVALID;
	int rc;
	dlx_sudoku_result res;
	if (givens && (rc = dlx_sudoku_check(s, givens, &res, err)) != DLX_OK)
		return rc;
	struct marks mk = { s, dlx_sudoku_side(s), dlx__sudoku_n_units(s), dlx_sudoku_cells(s), out, NULL, NULL, NULL,
		NULL, NULL, NULL, 0 };
	const unsigned side = mk.side;
	for (size_t cell = 0; cell < mk.cells; cell++) {
		for (unsigned d = 0; d < side; d++) {
			bool may = (!marks || marks[cell * side + d]) && dlx__sudoku_parity_ok(s, cell, d);
			if (givens && givens[cell])
				may = may && givens[cell] == d + 1;
			out[cell * side + d] = may;
		}
	}
	mk.members = malloc((size_t)mk.n_units * side * sizeof *mk.members);
	mk.placed = calloc(mk.cells, 1);
	unsigned *filled = calloc(mk.n_units, sizeof *filled);
	if (!mk.members || !mk.placed || !filled || !list_cages(&mk)) {
		free(mk.members);
		free(mk.placed);
		free(filled);
		free(mk.cage_start);
		free(mk.cage_cells);
		free(mk.allowed);
		return DLX_ERR_NOMEM;
	}
	/* Every unit has N cells: rows, columns, boxes, regions, diagonals and windows alike. */
	for (size_t cell = 0; cell < mk.cells; cell++) {
		unsigned units[DLX__SUDOKU_MAX_UNITS];
		unsigned k = dlx__sudoku_units(s, cell, units);
		for (unsigned j = 0; j < k; j++)
			mk.members[(size_t)units[j] * side + filled[units[j]]++] = (uint32_t)cell;
	}
	free(filled);
	bool stuck = false;
	unsigned stuck_unit = 0, stuck_digit = 0;
	for (bool changed = true; changed && !stuck;) {
		changed = naked_singles(&mk);
		changed |= hidden_singles(&mk, &stuck_unit, &stuck_digit, &stuck);
		changed |= cage_sums(&mk);
	}
	rc = DLX_OK;
	for (size_t cell = 0; cell < mk.cells && rc == DLX_OK; cell++) {
		unsigned d;
		if (count_of(&mk, cell, &d) == 0)
			rc = dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "r%zuc%zu has no candidate left", cell / side + 1,
				cell % side + 1);
	}
	if (rc == DLX_OK && stuck) {
		char name[32];
		dlx__sudoku_unit_name(s, stuck_unit, name, sizeof name);
		rc = dlx__sudoku_fail(err, DLX_ERR_CONFLICT, "%u has no place left in %s", stuck_digit, name);
	}
	free(mk.members);
	free(mk.placed);
	free(mk.cage_start);
	free(mk.cage_cells);
	free(mk.allowed);
	return rc;
}
