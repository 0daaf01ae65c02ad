/* The independent checker of sudoku-rules.h. */
#include "sudoku-rules.h"

#include <stdlib.h>
#include <string.h>

#include "dlx-sudoku.h"

static unsigned box_rows(const struct rules *ru) { return ru->rows ? ru->rows : ru->n; }
static unsigned box_cols(const struct rules *ru) { return ru->rows ? ru->cols : ru->n; }

unsigned rules_side(const struct rules *ru)
{
	return box_rows(ru) * box_cols(ru);
}

/* Every unit as N cell indices, unit after unit; returns the number of units (NULL on no memory). */
static uint32_t *make_units(const struct rules *ru, size_t *count)
{
	const unsigned R = box_rows(ru), C = box_cols(ru), side = R * C;
	/* Windows are at most one per box; then the disjoint groups. */
	size_t max = 3 * (size_t)side + 2 + side + side;
	uint32_t *u = malloc(max * side * sizeof *u);
	if (!u)
		return NULL;
	size_t k = 0;
	for (unsigned r = 0; r < side; r++, k++)
		for (unsigned c = 0; c < side; c++)
			u[k * side + c] = r * side + c;
	for (unsigned c = 0; c < side; c++, k++)
		for (unsigned r = 0; r < side; r++)
			u[k * side + r] = r * side + c;
	if (ru->regions) {
		for (unsigned g = 1; g <= side; g++, k++) {
			unsigned m = 0;
			for (unsigned cell = 0; cell < side * side && m < side; cell++)
				if (ru->regions[cell] == g)
					u[k * side + m++] = cell;
			/* A region short of cells repeats its first one, which makes it fail every check. */
			while (m < side)
				u[k * side + m++] = u[k * side];
		}
	} else {
		/* Boxes of R rows and C columns: C bands of R rows, R stacks of C columns. */
		for (unsigned top = 0; top < side; top += R)
			for (unsigned left = 0; left < side; left += C, k++)
				for (unsigned i = 0; i < side; i++)
					u[k * side + i] = (top + i / C) * side + left + i % C;
	}
	if (ru->flags & DLX_SUDOKU_X) {
		for (unsigned i = 0; i < side; i++) {
			u[k * side + i] = i * side + i;
			u[(k + 1) * side + i] = i * side + (side - 1 - i);
		}
		k += 2;
	}
	if (ru->flags & DLX_SUDOKU_WINDOKU) {
		/*
		 * Windows are shaped like boxes, start one cell in, leave one cell
		 * between each other, and end at least one cell before the far edge.
		 */
		for (unsigned top = 1; top + R + 1 <= side; top += R + 1)
			for (unsigned left = 1; left + C + 1 <= side; left += C + 1, k++)
				for (unsigned i = 0; i < side; i++)
					u[k * side + i] = (top + i / C) * side + left + i % C;
	}
	if (ru->flags & DLX_SUDOKU_DISJOINT) {
		/* Group (i, j): row i and column j of every box; box b's top row is (b / R)·R, its left column (b % R)·C. */
		for (unsigned i = 0; i < R; i++)
			for (unsigned j = 0; j < C; j++, k++)
				for (unsigned b = 0; b < side; b++)
					u[k * side + b] = ((b / R) * R + i) * side + (b % R) * C + j;
	}
	*count = k;
	return u;
}

/*
 * Whether digits d and e (both non-zero) may stand in cells (r1, c1) and
 * (r2, c2) under the pair rules: anti-knight, anti-king, non-consecutive.
 */
static bool pair_ok(const struct rules *ru, int r1, int c1, unsigned d, int r2, int c2, unsigned e)
{
	int dr = abs(r1 - r2), dc = abs(c1 - c2);
	if ((ru->flags & DLX_SUDOKU_ANTI_KNIGHT) && ((dr == 1 && dc == 2) || (dr == 2 && dc == 1)) && d == e)
		return false;
	if ((ru->flags & DLX_SUDOKU_ANTI_KING) && dr <= 1 && dc <= 1 && (dr || dc) && d == e)
		return false;
	if ((ru->flags & DLX_SUDOKU_NONCONSECUTIVE) && dr + dc == 1 && (d + 1 == e || e + 1 == d))
		return false;
	return true;
}

/* Whether digit d at cell keeps the pair rules with the filled cells of b (within two rows and columns). */
static bool pairs_fit(const struct rules *ru, const uint8_t *b, unsigned side, size_t cell, unsigned d)
{
	int r = (int)(cell / side), c = (int)(cell % side);
	for (int r2 = r - 2; r2 <= r + 2; r2++)
		for (int c2 = c - 2; c2 <= c + 2; c2++)
			if (r2 >= 0 && c2 >= 0 && r2 < (int)side && c2 < (int)side && (r2 != r || c2 != c) &&
				b[(size_t)r2 * side + (size_t)c2] && !pair_ok(ru, r, c, d, r2, c2, b[(size_t)r2 * side + (size_t)c2]))
				return false;
	return true;
}

/*
 * Parity marks and cages among the filled cells of b: marks kept, no digit
 * twice in a cage, and the sum of every cage whose cells are all filled.
 */
static bool extras_ok(const struct rules *ru, const struct rules_extras *x, const uint8_t *b)
{
	if (!x)
		return true;
	const unsigned side = rules_side(ru);
	const size_t cells = (size_t)side * side;
	for (size_t cell = 0; x->parity && cell < cells; cell++)
		if (b[cell] && x->parity[cell] && (b[cell] % 2 == 1) != (x->parity[cell] == 1))
			return false;
	for (uint32_t k = 1; x->cages && k <= x->n_cages; k++) {
		bool seen[256] = { false }, full = true;
		unsigned long sum = 0;
		for (size_t cell = 0; cell < cells; cell++) {
			if (x->cages[cell] != k)
				continue;
			if (!b[cell]) {
				full = false;
				continue;
			}
			if (seen[b[cell]])
				return false;
			seen[b[cell]] = true;
			sum += b[cell];
		}
		if (full && x->sums && x->sums[k - 1] && sum != x->sums[k - 1])
			return false;
	}
	return true;
}

/* No digit twice among the filled cells of each unit; with full, also no blank and no digit above N. */
static bool check(const struct rules *ru, const struct rules_extras *x, const uint8_t *b, bool full)
{
	const unsigned side = rules_side(ru);
	size_t count;
	uint32_t *u = make_units(ru, &count);
	if (!u)
		return false;
	bool ok = true;
	for (size_t k = 0; k < count && ok; k++) {
		bool seen[256] = { false };
		for (unsigned i = 0; i < side && ok; i++) {
			unsigned d = b[u[k * side + i]];
			if (d == 0 && !full)
				continue;
			if (d < 1 || d > side || seen[d])
				ok = false;
			else
				seen[d] = true;
		}
	}
	free(u);
	for (size_t cell = 0; ok && cell < (size_t)side * side; cell++)
		ok = !b[cell] || pairs_fit(ru, b, side, cell, b[cell]);
	return ok && extras_ok(ru, x, b);
}

bool rules_valid(const struct rules *ru, const uint8_t *givens, const uint8_t *sol)
{
	return rules_valid_extras(ru, NULL, givens, sol);
}

bool rules_valid_extras(const struct rules *ru, const struct rules_extras *x, const uint8_t *givens,
	const uint8_t *sol)
{
	const size_t cells = (size_t)rules_side(ru) * rules_side(ru);
	for (size_t k = 0; givens && k < cells; k++)
		if (givens[k] && givens[k] != sol[k])
			return false;
	return check(ru, x, sol, true);
}

bool rules_consistent(const struct rules *ru, const uint8_t *board)
{
	return check(ru, NULL, board, false);
}

struct brute {
	const struct rules *ru;
	unsigned side;
	size_t cells;
	uint8_t *b;
	uint32_t *units;      /* as make_units */
	uint32_t *of_cell;    /* cell · 7: the units of each cell */
	unsigned *n_of_cell;
	uint64_t found, limit;
	const uint8_t *marks; /* N per cell, digit d allowed when marks[cell·N + d−1]; NULL: all */
	const struct rules_extras *x;
};

static bool fits(const struct brute *bt, size_t cell, unsigned d)
{
	for (unsigned j = 0; j < bt->n_of_cell[cell]; j++) {
		const uint32_t *u = bt->units + (size_t)bt->of_cell[cell * 7 + j] * bt->side;
		for (unsigned i = 0; i < bt->side; i++)
			if (u[i] != cell && bt->b[u[i]] == d)
				return false;
	}
	return true;
}

static void brute(struct brute *bt, size_t cell)
{
	while (cell < bt->cells && bt->b[cell])
		cell++;
	if (cell == bt->cells) {
		bt->found += extras_ok(bt->ru, bt->x, bt->b);
		return;
	}
	for (unsigned d = 1; d <= bt->side && (!bt->limit || bt->found < bt->limit); d++) {
		if ((!bt->marks || bt->marks[cell * bt->side + d - 1]) && fits(bt, cell, d) &&
			pairs_fit(bt->ru, bt->b, bt->side, cell, d)) {
			bt->b[cell] = (uint8_t)d;
			brute(bt, cell + 1);
			bt->b[cell] = 0;
		}
	}
}

static uint64_t brute_count(const struct rules *ru, const struct rules_extras *x, const uint8_t *givens,
	const uint8_t *marks, uint64_t limit)
{
	struct brute bt = { ru, rules_side(ru), 0, NULL, NULL, NULL, NULL, 0, limit, marks, x };
	bt.cells = (size_t)bt.side * bt.side;
	if (!check(ru, x, givens, false))
		return 0;
	size_t count;
	bt.units = make_units(ru, &count);
	bt.b = malloc(bt.cells);
	bt.of_cell = calloc(bt.cells * 7, sizeof *bt.of_cell);
	bt.n_of_cell = calloc(bt.cells, sizeof *bt.n_of_cell);
	if (bt.units && bt.b && bt.of_cell && bt.n_of_cell) {
		for (size_t k = 0; k < count; k++) {
			for (unsigned i = 0; i < bt.side; i++) {
				uint32_t cell = bt.units[k * bt.side + i];
				if (bt.n_of_cell[cell] < 7)
					bt.of_cell[cell * 7 + bt.n_of_cell[cell]++] = (uint32_t)k;
			}
		}
		memcpy(bt.b, givens, bt.cells);
		brute(&bt, 0);
	}
	free(bt.units);
	free(bt.b);
	free(bt.of_cell);
	free(bt.n_of_cell);
	return bt.found;
}

uint64_t rules_brute_count(const struct rules *ru, const uint8_t *givens, uint64_t limit)
{
	return brute_count(ru, NULL, givens, NULL, limit);
}

uint64_t rules_brute_count_extras(const struct rules *ru, const struct rules_extras *x, const uint8_t *givens,
	uint64_t limit)
{
	return brute_count(ru, x, givens, NULL, limit);
}

uint64_t rules_brute_count_marks(const struct rules *ru, const uint8_t *marks, uint64_t limit)
{
	size_t cells = (size_t)rules_side(ru) * rules_side(ru);
	uint8_t *empty = calloc(cells, 1);
	uint64_t n = empty ? brute_count(ru, NULL, empty, marks, limit) : 0;
	free(empty);
	return n;
}

void rules_parse(const char *s, uint8_t *out, size_t n)
{
	for (size_t k = 0; k < n; k++)
		out[k] = s[k] == '.' ? 0 : (uint8_t)(s[k] - '0');
}
