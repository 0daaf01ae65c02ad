/*
 * Killer cages and parity marks (dlx_sudoku_new_extras() in dlx-sudoku.h):
 * their checks, and the options of the cages' digit sets.
 *
 * A cage with a sum is one primary item whose options are its admissible
 * digit sets; each colors the cage's N "has d" items (2: in the set, 1:
 * not), and the cells' options color "has d" 2, so a cell can only take a
 * digit of the chosen set.  The "uses d" items the cells cover without a
 * color keep them distinct, so k cells take exactly the k digits of the set.
 */
#include "dlx-sudoku.h"
#include "dlx-sudoku-internal.h"

#include <stdlib.h>
#include <string.h>

int dlx__sudoku_check_extras(unsigned side, const dlx_sudoku_extras *x, uint32_t *cage_cells, dlx_error_info *err)
{
	const size_t cells = (size_t)side * side;
	if (x->parity) {
		for (size_t cell = 0; cell < cells; cell++) {
			if (x->parity[cell] > DLX_SUDOKU_PARITY_EVEN)
				return dlx__sudoku_fail(err, DLX_ERR_INVALID, "r%zuc%zu has parity %u, not 0-2",
					cell / side + 1, cell % side + 1, x->parity[cell]);
		}
	}
	if (!x->cages)
		return x->n_cages || x->sums ? DLX_ERR_INVALID : DLX_OK;
	if (x->n_cages > cells)
		return dlx__sudoku_fail(err, DLX_ERR_INVALID, "%u cages on %zu cells", x->n_cages, cells);
	memset(cage_cells, 0, (size_t)x->n_cages * sizeof *cage_cells);
	for (size_t cell = 0; cell < cells; cell++) {
		uint32_t k = x->cages[cell];
		if (k > x->n_cages)
			return dlx__sudoku_fail(err, DLX_ERR_INVALID, "r%zuc%zu is in cage %u, not 1-%u",
				cell / side + 1, cell % side + 1, k, x->n_cages);
		if (k)
			cage_cells[k - 1]++;
	}
	for (uint32_t k = 0; k < x->n_cages; k++) {
		if (cage_cells[k] == 0)
			return dlx__sudoku_fail(err, DLX_ERR_INVALID, "cage %u has no cells", k + 1);
		if (cage_cells[k] > side)
			return dlx__sudoku_fail(err, DLX_ERR_INVALID, "cage %u has %u cells, more than %u digits",
				k + 1, cage_cells[k], side);
	}
	return DLX_OK;
}

/* The sum of the j smallest digits from a on, and of the j largest up to side. */
static unsigned long low_sum(unsigned a, unsigned j)
{
	return (unsigned long)j * a + (unsigned long)j * (j - 1) / 2;
}

static unsigned long high_sum(unsigned side, unsigned j)
{
	return (unsigned long)j * side - (unsigned long)j * (j - 1) / 2;
}

struct sets {
	unsigned side;
	uint8_t digits[DLX_SUDOKU_MAX_SIDE];
	int (*fn)(void *ctx, const uint8_t *digits, unsigned k);
	void *ctx;
	unsigned k;
};

/*
 * Digits at positions i.. of the set, from `from` on, summing to `left`.
 * The sums of j distinct digits of from..side fill a whole range, so every
 * call that passes the bounds below ends in at least one set: the walk
 * costs O(k) per set it yields.
 */
static int walk(struct sets *st, unsigned i, unsigned from, unsigned long left)
{
	unsigned j = st->k - i;
	if (j == 0)
		return left == 0 ? st->fn(st->ctx, st->digits, st->k) : 0;
	for (unsigned d = from; d + j - 1 <= st->side; d++) {
		if (low_sum(d, j) > left)
			break;
		if (high_sum(st->side, j - 1) + d < left)
			continue;
		st->digits[i] = (uint8_t)d;
		int rc = walk(st, i + 1, d + 1, left - d);
		if (rc)
			return rc;
	}
	return 0;
}

int dlx__sudoku_digit_sets(unsigned side, unsigned k, unsigned long sum,
	int (*fn)(void *ctx, const uint8_t *digits, unsigned k), void *ctx)
{
	struct sets st;
	st.side = side;
	st.fn = fn;
	st.ctx = ctx;
	st.k = k;
	if (k == 0 || k > side || low_sum(1, k) > sum || high_sum(side, k) < sum)
		return 0;
	return walk(&st, 0, 1, sum);
}

struct adding {
	dlx_problem *p;
	unsigned side;
	size_t item;      /* the cage's primary item */
	size_t has;       /* its first "has d" item */
	size_t *items;    /* 1 + side */
	uint32_t *colors;
	uint32_t *codes;  /* option -> code, UINT32_MAX for these; may be NULL */
	size_t count, limit;
	int rc;
};

static int count_set(void *ctx, const uint8_t *digits, unsigned k)
{
	(void)digits;
	(void)k;
	struct adding *a = ctx;
	return ++a->count > a->limit;
}

static int add_set(void *ctx, const uint8_t *digits, unsigned k)
{
	struct adding *a = ctx;
	a->items[0] = a->item;
	a->colors[0] = 0;
	for (unsigned d = 0; d < a->side; d++) {
		a->items[1 + d] = a->has + d;
		a->colors[1 + d] = 1;
	}
	for (unsigned j = 0; j < k; j++)
		a->colors[digits[j]] = 2;
	long id = dlx_add_option_colored(a->p, a->items, a->colors, 1u + a->side);
	if (id < 0) {
		a->rc = (int)id;
		return 1;
	}
	if (a->codes)
		a->codes[id] = UINT32_MAX;
	return 0;
}

int dlx__sudoku_count_cage_sets(unsigned side, const dlx_sudoku_extras *x, const uint32_t *cage_cells, size_t *total,
	dlx_error_info *err)
{
	struct adding a;
	memset(&a, 0, sizeof a);
	/* Each set is an option of N + 1 nodes. */
	a.limit = DLX_SUDOKU_MAX_CAGE_NODES / (side + 1u);
	for (uint32_t k = 0; x->sums && k < x->n_cages; k++) {
		if (!x->sums[k])
			continue;
		size_t before = a.count;
		if (dlx__sudoku_digit_sets(side, cage_cells[k], x->sums[k], count_set, &a))
			return dlx__sudoku_fail(err, DLX_ERR_TOO_BIG, "the cages up to cage %u have more than %zu digit sets",
				k + 1, a.limit);
		if (a.count == before)
			return dlx__sudoku_fail(err, DLX_ERR_INVALID, "cage %u: no %u distinct digits of 1-%u sum to %u",
				k + 1, cage_cells[k], side, x->sums[k]);
	}
	*total = a.count;
	return DLX_OK;
}

int dlx__sudoku_add_cage_sets(dlx_problem *p, unsigned side, const dlx_sudoku_extras *x, const uint32_t *cage_cells,
	const size_t *cage_item, const size_t *has_item, uint32_t *codes)
{
	struct adding a;
	memset(&a, 0, sizeof a);
	a.p = p;
	a.side = side;
	a.codes = codes;
	a.items = malloc((1u + side) * sizeof *a.items);
	a.colors = malloc((1u + side) * sizeof *a.colors);
	if (!a.items || !a.colors)
		a.rc = DLX_ERR_NOMEM;
	for (uint32_t k = 0; a.rc == DLX_OK && x->sums && k < x->n_cages; k++) {
		if (!x->sums[k])
			continue;
		a.item = cage_item[k];
		a.has = has_item[k];
		dlx__sudoku_digit_sets(side, cage_cells[k], x->sums[k], add_set, &a);
	}
	free(a.items);
	free(a.colors);
	return a.rc;
}

int dlx_sudoku_check_extras(unsigned side, const dlx_sudoku_extras *extras, dlx_error_info *err)
{
	dlx__sudoku_clear_error(err);
	if (!extras || side < 4 || side > DLX_SUDOKU_MAX_SIDE)
		return DLX_ERR_INVALID;
	uint32_t *cage_cells = extras->cages ? malloc((extras->n_cages ? extras->n_cages : 1) * sizeof *cage_cells) : NULL;
	if (extras->cages && !cage_cells)
		return DLX_ERR_NOMEM;
	int rc = dlx__sudoku_check_extras(side, extras, cage_cells, err);
	size_t total;
	if (!rc && extras->cages)
		rc = dlx__sudoku_count_cage_sets(side, extras, cage_cells, &total, err);
	free(cage_cells);
	return rc;
}
