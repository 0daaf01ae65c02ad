/*
 * dlx-gen-sudoku BOX COUNT [SEED [CLUES]]: COUNT puzzles of box size BOX
 * (N = BOX² digits), one per line, '.' for blanks, digits written in the
 * alnum alphabet 1-9 A-Z a-z @ $ & (k-th symbol = digit k).
 *
 * Each puzzle is a random valid grid with all but CLUES percent of its cells
 * blanked (default 50).  The grid is a pattern solution shuffled by the
 * moves that keep a sudoku valid (relabelling digits, permuting rows within
 * bands, bands, columns within stacks, stacks), so every puzzle has at least
 * one solution, not necessarily just one: they are for first-solution
 * benchmarks and tests of big boards, not for uniqueness.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char symbols[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$&";

static uint64_t rng_state;

static uint32_t rng(uint32_t bound)
{
	/* splitmix64: reproducible across platforms for a given seed */
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	z ^= z >> 31;
	return (uint32_t)(z % bound);
}

static void shuffle(unsigned *a, unsigned n)
{
	for (unsigned i = n; i > 1; i--) {
		unsigned j = rng(i), t = a[i - 1];
		a[i - 1] = a[j];
		a[j] = t;
	}
}

/* A permutation of 0..side-1 that keeps each band of box consecutive lines together. */
static void band_permutation(unsigned *perm, unsigned box)
{
	unsigned bands[8], inner[8];
	for (unsigned b = 0; b < box; b++)
		bands[b] = b;
	shuffle(bands, box);
	for (unsigned b = 0; b < box; b++) {
		for (unsigned k = 0; k < box; k++)
			inner[k] = k;
		shuffle(inner, box);
		for (unsigned k = 0; k < box; k++)
			perm[b * box + k] = bands[b] * box + inner[k];
	}
}

static int parse(const char *s, unsigned long min, unsigned long max, unsigned long *out)
{
	char *end;
	if (!s || *s < '0' || *s > '9')
		return 0;
	unsigned long v = strtoul(s, &end, 10);
	if (*end || v < min || v > max)
		return 0;
	*out = v;
	return 1;
}

int main(int argc, char **argv)
{
	unsigned long box, count, seed = 1, clues = 50;
	if (argc < 3 || argc > 5 || !parse(argv[1], 2, 8, &box) || !parse(argv[2], 1, 100000000, &count) ||
	    (argc > 3 && !parse(argv[3], 0, 4294967295ul, &seed)) || (argc > 4 && !parse(argv[4], 0, 100, &clues))) {
		fprintf(stderr, "usage: dlx-gen-sudoku BOX COUNT [SEED [CLUES]]   (2 <= BOX <= 8, CLUES in percent)\n");
		return 2;
	}
	unsigned n = (unsigned)box, side = n * n, cells = side * side;
	rng_state = seed;
	unsigned rows[64], cols[64], digits[64];
	char *line = malloc(cells + 2);
	if (!line)
		return 1;
	for (unsigned long p = 0; p < count; p++) {
		band_permutation(rows, n);
		band_permutation(cols, n);
		for (unsigned d = 0; d < side; d++)
			digits[d] = d;
		shuffle(digits, side);
		int transpose = (int)rng(2);
		for (unsigned r = 0; r < side; r++)
			for (unsigned c = 0; c < side; c++) {
				unsigned rr = rows[transpose ? c : r], cc = cols[transpose ? r : c];
				/* The pattern grid: row rr is row 0 shifted by (rr % n)·n + rr / n. */
				unsigned v = ((rr % n) * n + rr / n + cc) % side;
				line[r * side + c] = rng(100) < clues ? symbols[digits[v]] : '.';
			}
		line[cells] = '\n';
		fwrite(line, 1, cells + 1, stdout);
	}
	free(line);
	return fflush(stdout) == 0 ? 0 : 1;
}
