/*
 * gen-tilings: write the tilings of an R x C board by one family of pieces,
 * each used any number of times, as an exact-cover instance: the cells are
 * the primary items, in reading order (r0c0 r0c1 ...), and each placement
 * of a piece is an option.  The benchmark's memoized counts (dlx --memo
 * --order first) use it: in reading order the first uncovered cell keeps
 * the frontier one row wide.
 *
 *   domino      1x2, both ways
 *   tromino     the straight and the L tromino, in every orientation
 *   tetromino   the five free tetrominoes (I O T S L), in every orientation
 *
 * With a SEED, each placement gets a cost `|c` (Knuth's DLX5 format), c
 * pseudo-random in 1..99 (the 64-bit LCG of gen-assign, the same on every
 * machine): `dlx --best` finds the cheapest tilings.
 */
#include <inttypes.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(void)
{
	fprintf(stderr, "usage: dlx-gen-tilings [domino|tromino|tetromino] RxC [SEED]   (1 <= R, C <= 1024)\n");
	exit(2);
}

static int parse_side(const char *s, const char **end)
{
	char *e;
	if (*s < '0' || *s > '9')
		usage();
	errno = 0;
	long v = strtol(s, &e, 10);
	if (errno != 0 || e == s || v < 1 || v > 1024)
		usage();
	*end = e;
	return (int)v;
}

/* A piece as its cells (row, column), at most four. */
struct shape {
	int n;
	int r[4], c[4];
};

/* The base shapes of each family; every rotation and reflection is generated. */
static const struct shape dominoes[] = { { 2, { 0, 0 }, { 0, 1 } } };
static const struct shape trominoes[] = {
	{ 3, { 0, 0, 0 }, { 0, 1, 2 } },
	{ 3, { 0, 1, 1 }, { 0, 0, 1 } },
};
static const struct shape tetrominoes[] = {
	{ 4, { 0, 0, 0, 0 }, { 0, 1, 2, 3 } },
	{ 4, { 0, 0, 1, 1 }, { 0, 1, 0, 1 } },
	{ 4, { 0, 0, 0, 1 }, { 0, 1, 2, 1 } },
	{ 4, { 0, 0, 1, 1 }, { 1, 2, 0, 1 } },
	{ 4, { 0, 1, 2, 2 }, { 0, 0, 0, 1 } },
};

/* Moves s so that its smallest row and column are 0 and sorts its cells, so equal shapes compare equal. */
static void normalize(struct shape *s)
{
	int mr = 99, mc = 99;
	for (int k = 0; k < s->n; k++) {
		mr = s->r[k] < mr ? s->r[k] : mr;
		mc = s->c[k] < mc ? s->c[k] : mc;
	}
	for (int k = 0; k < s->n; k++) {
		s->r[k] -= mr;
		s->c[k] -= mc;
	}
	for (int a = 1; a < s->n; a++)
		for (int b = a; b > 0 && (s->r[b] < s->r[b - 1] || (s->r[b] == s->r[b - 1] && s->c[b] < s->c[b - 1])); b--) {
			int t = s->r[b];
			s->r[b] = s->r[b - 1];
			s->r[b - 1] = t;
			t = s->c[b];
			s->c[b] = s->c[b - 1];
			s->c[b - 1] = t;
		}
}

static bool same(const struct shape *a, const struct shape *b)
{
	return a->n == b->n && !memcmp(a->r, b->r, sizeof a->r) && !memcmp(a->c, b->c, sizeof a->c);
}

int main(int argc, char **argv)
{
	const char *family = "domino";
	bool costs = false;
	uint64_t x = 0;
	/* The seed, if any, is the last argument: a number, where a board is RxC. */
	if (argc >= 3 && !strchr(argv[argc - 1], 'x')) {
		char *end;
		const char *s = argv[argc - 1];
		if (*s < '0' || *s > '9')
			usage();
		errno = 0;
		x = strtoull(s, &end, 10);
		if (errno || *end)
			usage();
		costs = true;
		argc--;
	}
	if (argc == 3)
		family = argv[1];
	else if (argc != 2)
		usage();
	const struct shape *base = dominoes;
	size_t n_base = 1;
	if (!strcmp(family, "domino")) {
		base = dominoes;
		n_base = sizeof dominoes / sizeof dominoes[0];
	} else if (!strcmp(family, "tromino")) {
		base = trominoes;
		n_base = sizeof trominoes / sizeof trominoes[0];
	} else if (!strcmp(family, "tetromino")) {
		base = tetrominoes;
		n_base = sizeof tetrominoes / sizeof tetrominoes[0];
	} else {
		usage();
	}
	const char *p = argv[argc - 1];
	int rows = parse_side(p, &p);
	if (*p != 'x')
		usage();
	int cols = parse_side(p + 1, &p);
	if (*p)
		usage();

	/* Every orientation of every base shape, each once. */
	struct shape all[5 * 8];
	int n_all = 0;
	for (size_t b = 0; b < n_base; b++) {
		for (int o = 0; o < 8; o++) {
			struct shape s = base[b];
			for (int k = 0; k < s.n; k++) {
				int r = s.r[k], c = s.c[k];
				if (o & 4) {
					int t = r;
					r = c;
					c = t;
				}
				s.r[k] = o & 1 ? -r : r;
				s.c[k] = o & 2 ? -c : c;
			}
			normalize(&s);
			int k = 0;
			while (k < n_all && !same(&all[k], &s))
				k++;
			if (k == n_all)
				all[n_all++] = s;
		}
	}

	printf("| %s tilings of a %dx%d board: cells r<row>c<col> in reading order", family, rows, cols);
	if (costs)
		printf(", costs from seed %" PRIu64, x);
	printf("\n");
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++)
			printf("r%dc%d%s", r, c, r == rows - 1 && c == cols - 1 ? "\n" : " ");
	/* Placements by their first cell in reading order: the options of each cell come together. */
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++)
			for (int k = 0; k < n_all; k++) {
				const struct shape *s = &all[k];
				/* s's first cell (its sorted first) goes at (r, c). */
				int dr = r - s->r[0], dc = c - s->c[0];
				bool fits = true;
				for (int j = 0; j < s->n; j++) {
					int rr = s->r[j] + dr, cc = s->c[j] + dc;
					fits &= rr >= 0 && rr < rows && cc >= 0 && cc < cols;
				}
				if (!fits)
					continue;
				for (int j = 0; j < s->n; j++)
					printf("r%dc%d%s", s->r[j] + dr, s->c[j] + dc, j + 1 < s->n ? " " : "");
				if (costs) {
					x = x * 6364136223846793005u + 1442695040888963407u;
					printf(" |%" PRIu64, 1 + (x >> 33) % 99);
				}
				printf("\n");
			}
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
