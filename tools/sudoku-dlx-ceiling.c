/*
 * sudoku-dlx-ceiling: a yardstick for the benchmark, not part of dlx.
 *
 * Dancing links specialised to 9x9 sudoku as far as they go: the same
 * algorithm as the core (Algorithm X, the minimum-remaining-values item,
 * lowest-numbered on ties, found through a byte per item with at most one
 * option; a choice that empties an item given up at once) with everything a
 * generic engine must pay for taken out: every option is 4 nodes in a
 * fixed-stride row (no spacers), no colors, no secondary items, no limits,
 * polls, statistics or callbacks, the puzzles read into memory before the
 * clock starts and no output.  Nor are the givens covered: each puzzle's
 * matrix is built as it stands once they are placed (build_reduced()), in
 * fewer instructions and less time than covering them in the whole matrix
 * and copying its links back after the search.  Whatever it cannot reach,
 * no DLX search can be expected to reach on the same machine;
 * BENCHMARKS.md compares the front end with it.
 *
 * usage: sudoku-dlx-ceiling FILE
 * FILE holds one puzzle per line: 81 characters, 1-9 for givens and . or 0
 * for blanks.  Each puzzle's solutions are counted up to 2 (uniqueness
 * mode); one line of totals goes to stdout.  Exit status 0, or 2 when the
 * file cannot be read or a line is not a puzzle.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, getline */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>

enum {
	N_ITEMS = 324,                /* cell, row-digit, column-digit, box-digit: 81 each */
	N_OPTIONS = 729,              /* (row, column, digit) */
	FIRST = N_ITEMS + 1,          /* node 0 is unused, 1..n_items head the puzzle's items */
	N_NODES = FIRST + 4 * N_OPTIONS,
	COVERED = 1 << 28,            /* added to a covered (or marked) item's len */
};

static int32_t top[N_NODES], up[N_NODES], down[N_NODES], len[N_ITEMS + 1];
/* low[i]: len[i] <= 1 (so 0 for covered items); 8 zero bytes past the last item for word reads. */
static uint8_t low[N_ITEMS + 1 + 8];
static int32_t n_items; /* of the current puzzle's matrix: 1..n_items head its items */
static uint64_t nodes, updates;

/* The k-th node (0..3) of the option of node x, counting cyclically from x. */
static inline int32_t row_node(int32_t x, int k)
{
	int32_t off = (x - FIRST) & 3;
	return x - off + ((off + k) & 3);
}

/* Takes the option of node x out of its other items' lists; returns whether one is left empty. */
static inline int hide(int32_t x)
{
	int empty = 0;
	for (int k = 1; k < 4; k++) {
		int32_t q = row_node(x, k), u = up[q], d = down[q], i = top[q];
		down[u] = d;
		up[d] = u;
		int32_t l = --len[i];
		low[i] = l <= 1;
		empty |= l == 0;
	}
	updates += 3;
	return empty;
}

static inline void unhide(int32_t x)
{
	for (int k = 3; k >= 1; k--) {
		int32_t q = row_node(x, k), u = up[q], d = down[q], i = top[q];
		down[u] = q;
		up[d] = q;
		low[i] = ++len[i] <= 1;
	}
}

static inline void mark(int32_t i)
{
	len[i] += COVERED;
	low[i] = 0;
}

static inline void unmark(int32_t i)
{
	len[i] -= COVERED;
	low[i] = len[i] <= 1;
}

/* Item i is marked already; returns whether hiding its options emptied another item. */
static inline int cover(int32_t i)
{
	int empty = 0;
	for (int32_t x = down[i]; x != i; x = down[x])
		empty |= hide(x);
	updates++;
	return empty;
}

static inline void uncover(int32_t i)
{
	for (int32_t x = up[i]; x != i; x = up[x])
		unhide(x);
}

/*
 * Marks the other three items of x's option, then covers them until one
 * cover empties an item; returns how many it covered, 0 when none emptied
 * (all three covered).  Undo with uncommit(x, n) (n = 3 for a full commit).
 */
static inline int commit(int32_t x)
{
	for (int k = 1; k < 4; k++)
		mark(top[row_node(x, k)]);
	for (int k = 1; k < 4; k++)
		if (cover(top[row_node(x, k)]))
			return k;
	return 0;
}

static inline void uncommit(int32_t x, int n)
{
	for (int k = n; k >= 1; k--)
		uncover(top[row_node(x, k)]);
	for (int k = 3; k >= 1; k--)
		unmark(top[row_node(x, k)]);
}

/* The index of the lowest set bit of m != 0. */
static inline int lowest_bit(unsigned m)
{
#if defined(__GNUC__)
	return __builtin_ctz(m);
#else
	int d = 0;
	while (!(m >> d & 1))
		d++;
	return d;
#endif
}

/*
 * Builds the matrix that covering the givens would leave, for the search to
 * see the same lists: the items the givens leave open, numbered in their
 * order in the whole matrix (cells, then row, column and box digits), and
 * the options of the candidates, in their order there (by cell, then
 * digit).  Each option is written once, its cell's list being its
 * neighbours in the row and the others appended at their items' ends.
 * Returns the items, or -1 when two givens clash.
 */
static int build_reduced(const char *puzzle)
{
	uint16_t row_used[9] = { 0 }, col_used[9] = { 0 }, box_used[9] = { 0 };
	for (int32_t cell = 0; cell < 81; cell++) {
		char ch = puzzle[cell];
		if (ch == '.' || ch == '0')
			continue;
		int r = cell / 9, c = cell % 9, b = r / 3 * 3 + c / 3;
		uint16_t bit = (uint16_t)(1u << (ch - '1'));
		if ((row_used[r] | col_used[c] | box_used[b]) & bit)
			return -1;
		row_used[r] |= bit;
		col_used[c] |= bit;
		box_used[b] |= bit;
	}
	/* The open items' numbers (0: covered by a given), in the whole matrix's order. */
	int32_t cell_item[81], row_item[81], col_item[81], box_item[81];
	int32_t n = 0;
	for (int32_t cell = 0; cell < 81; cell++)
		cell_item[cell] = puzzle[cell] == '.' || puzzle[cell] == '0' ? ++n : 0;
	const uint16_t *used[3] = { row_used, col_used, box_used };
	int32_t *item[3] = { row_item, col_item, box_item };
	for (int k = 0; k < 3; k++)
		for (int32_t u = 0; u < 9; u++)
			for (int32_t d = 0; d < 9; d++)
				item[k][u * 9 + d] = used[k][u] >> d & 1 ? 0 : ++n;
	n_items = n;
	for (int32_t i = 0; i <= n; i++) {
		up[i] = i;
		len[i] = 0;
	}
	memset(low + n + 1, 0, 8);
	int32_t x = FIRST;
	for (int32_t cell = 0; cell < 81; cell++) {
		int32_t ci = cell_item[cell];
		if (!ci)
			continue;
		int r = cell / 9, c = cell % 9, b = r / 3 * 3 + c / 3;
		unsigned cand = ~(unsigned)(row_used[r] | col_used[c] | box_used[b]) & 0x1ffu;
		const int32_t *ri = row_item + r * 9, *co = col_item + c * 9, *bo = box_item + b * 9;
		int32_t prev = ci, count = 0;
		for (; cand; cand &= cand - 1, x += 4, count++) {
			int d = lowest_bit(cand);
			int32_t unit[3] = { ri[d], co[d], bo[d] };
			top[x] = ci;
			up[x] = prev;
			down[prev] = x;
			prev = x;
			for (int k = 0; k < 3; k++) {
				int32_t q = x + 1 + k, i = unit[k], last = up[i];
				top[q] = i;
				up[q] = last;
				down[last] = q;
				up[i] = q;
				len[i]++;
			}
		}
		up[ci] = prev;
		down[prev] = ci;
		len[ci] = count;
	}
	/* Close the lists (again for the cells': no harm). */
	for (int32_t i = 1; i <= n; i++)
		down[up[i]] = i;
	return n;
}

/*
 * choose_item() of src/core/dlx-search.c written again on purpose: the yardstick
 * must not link the engine it measures, and must choose exactly as it does
 * (tests/test-ceiling.sh compares the node counts).
 */
static inline int32_t choose(void)
{
	for (int32_t k = 1; k <= n_items; k += 8) {
		uint64_t w;
		memcpy(&w, low + k, sizeof w);
		if (w) {
#if defined(__GNUC__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
			return k + __builtin_ctzll(w) / 8;
#else
			int32_t j = k;
			while (!low[j])
				j++;
			return j;
#endif
		}
	}
	int32_t best = INT32_MAX, bi = 0;
	for (int32_t j = 1; j <= n_items; j++)
		if (len[j] < best) {
			best = len[j];
			bi = j;
			if (best == 2)
				break;
		}
	return bi;
}

/* Counts the solutions up to 2, `active` items being uncovered; leaves the links as it found them. */
static int count_to_two(int active)
{
	int32_t stack[N_ITEMS + 1];
	int level = 0, solutions = 0;
	int32_t i, x;
	for (int32_t j = 1; j <= n_items; j++) {
		if (len[j] == 0) {
			/* The engine enters the root, branches on the empty item and covers it. */
			nodes++;
			updates++;
			return 0;
		}
		low[j] = len[j] <= 1;
	}
enter:
	nodes++;
	if (active == 0) {
		if (++solutions == 2)
			goto unwind;
		goto leave;
	}
	i = choose();
	mark(i);
	cover(i);
	active--;
	x = down[i];
next:
	if (x == i) {
		uncover(i);
		unmark(i);
		active++;
		goto leave;
	}
	{
		int n = commit(x);
		if (n) {
			uncommit(x, n);
			x = down[x];
			goto next;
		}
	}
	active -= 3;
	stack[level++] = x;
	goto enter;
leave:
	if (level == 0)
		return solutions;
	x = stack[--level];
	uncommit(x, 3);
	active += 3;
	i = top[x];
	x = down[x];
	goto next;
unwind:
	while (level > 0) {
		x = stack[--level];
		uncommit(x, 3);
		active += 3;
		uncover(top[x]);
		unmark(top[x]);
		active++;
	}
	return solutions;
}

/* Reads every line of path as a puzzle into *out (81 bytes each); returns 0, or 2 after a message. */
static int read_puzzles(const char *path, char **out, size_t *count)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "sudoku-dlx-ceiling: %s: %s\n", path, strerror(errno));
		return 2;
	}
	char *puzzles = NULL, *line = NULL;
	size_t n = 0, cap = 0, line_cap = 0;
	int rc = 0;
	ssize_t got;
	for (unsigned long lineno = 1; (got = getline(&line, &line_cap, f)) >= 0; lineno++) {
		/* The length getline() read, not strlen(): a NUL byte must not end a line early. */
		size_t l = (size_t)got;
		if (l > 0 && line[l - 1] == '\n')
			l--;
		if (l > 0 && line[l - 1] == '\r')
			l--;
		int ok = l == 81;
		for (size_t k = 0; ok && k < 81; k++)
			ok = line[k] == '.' || (line[k] >= '0' && line[k] <= '9');
		if (!ok) {
			fprintf(stderr, "sudoku-dlx-ceiling: %s:%lu: not an 81-character puzzle\n", path, lineno);
			rc = 2;
			break;
		}
		if (n == cap) {
			cap = cap ? 2 * cap : 4096;
			char *grown = realloc(puzzles, cap * 81);
			if (!grown) {
				fprintf(stderr, "sudoku-dlx-ceiling: out of memory\n");
				rc = 2;
				break;
			}
			puzzles = grown;
		}
		memcpy(puzzles + n++ * 81, line, 81);
	}
	if (!rc && ferror(f)) {
		fprintf(stderr, "sudoku-dlx-ceiling: %s: read error\n", path);
		rc = 2;
	}
	free(line);
	fclose(f);
	if (rc) {
		free(puzzles);
		return rc;
	}
	*out = puzzles;
	*count = n;
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: sudoku-dlx-ceiling FILE\n");
		return 2;
	}
	char *puzzles = NULL;
	size_t n = 0;
	if (read_puzzles(argv[1], &puzzles, &n))
		return 2;

	unsigned long count[3] = { 0, 0, 0 };
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (size_t p = 0; p < n; p++) {
		int active = build_reduced(puzzles + p * 81);
		count[active < 0 ? 0 : count_to_two(active)]++;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("puzzles: %zu, unique: %lu, multiple: %lu, none: %lu, nodes: %llu, updates: %llu, "
	       "time: %.3f s, puzzles/s: %.0f\n", n, count[1], count[2], count[0],
	       (unsigned long long)nodes, (unsigned long long)updates, s, s > 0 ? (double)n / s : 0.0);
	free(puzzles);
	return 0;
}
