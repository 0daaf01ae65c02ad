/*
 * Rates puzzles of any board of units with the general ladder
 * (dlx_sudoku_glogic_rate(), dlx-sudoku-explain.h) one by one and prints,
 * for each, its rating in tenths (a lower bound when beyond the ladder), 1
 * when the ladder solved it (else 0), the technique name of the hardest
 * step, the steps, and the microseconds the rating took (grid set-up
 * included); then, on standard error, the mean and the largest time.  For
 * BENCHMARKS.md: dlx-sudoku --rate adds the uniqueness search, which on
 * large boards costs more than the ladder.
 *
 * usage: sudoku-grate-time ROWS COLS [x|windoku|disjoint|x+windoku ...] < puzzles
 *   one puzzle a line of N² symbols: 1-9, then A-Z, then a-z (dlx-sudoku's
 *   alnum alphabet); '.', '0' and '-' blank; the rest of the line ignored
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dlx-sudoku-explain.h"
#include "dlx-sudoku.h"

static unsigned symbol(char ch)
{
	if (ch >= '1' && ch <= '9')
		return (unsigned)(ch - '0');
	if (ch >= 'A' && ch <= 'Z')
		return (unsigned)(ch - 'A') + 10;
	if (ch >= 'a' && ch <= 'z')
		return (unsigned)(ch - 'a') + 36;
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: sudoku-grate-time ROWS COLS [x|windoku|disjoint ...] < puzzles\n");
		return 2;
	}
	dlx_sudoku_board bd = DLX_SUDOKU_BOARD_INIT;
	bd.box_rows = (unsigned)atoi(argv[1]);
	bd.box_cols = (unsigned)atoi(argv[2]);
	for (int i = 3; i < argc; i++) {
		if (strstr(argv[i], "x"))
			bd.flags |= DLX_SUDOKU_X;
		if (strstr(argv[i], "windoku"))
			bd.flags |= DLX_SUDOKU_WINDOKU;
		if (strstr(argv[i], "disjoint"))
			bd.flags |= DLX_SUDOKU_DISJOINT;
	}
	dlx_sudoku *s;
	dlx_sudoku_glogic *g;
	dlx_error_info err;
	if (dlx_sudoku_new_board(&bd, &s, &err) || dlx_sudoku_glogic_new(s, &g, &err)) {
		fprintf(stderr, "sudoku-grate-time: the board is refused: %s\n", err.message);
		return 2;
	}
	const size_t cells = dlx_sudoku_cells(s);
	uint8_t *givens = malloc(cells);
	char *line = malloc(cells + 1024);
	unsigned long n = 0;
	double total = 0, most = 0;
	while (givens && line && fgets(line, (int)(cells + 1024), stdin)) {
		n++;
		if (strlen(line) < cells) {
			fprintf(stderr, "sudoku-grate-time: line %lu: shorter than %zu cells\n", n, cells);
			return 2;
		}
		for (size_t c = 0; c < cells; c++)
			givens[c] = (uint8_t)symbol(line[c]);
		struct timespec a, b;
		clock_gettime(CLOCK_MONOTONIC, &a);
		dlx_sudoku_rating r;
		int rc = dlx_sudoku_glogic_set(g, givens, NULL, &err);
		if (!rc)
			rc = dlx_sudoku_glogic_rate(g, &r, NULL, NULL, &err);
		clock_gettime(CLOCK_MONOTONIC, &b);
		if (rc) {
			fprintf(stderr, "sudoku-grate-time: line %lu: %s\n", n, err.message[0] ? err.message : dlx_strerror(rc));
			return 1;
		}
		double us = (double)(b.tv_sec - a.tv_sec) * 1e6 + (double)(b.tv_nsec - a.tv_nsec) / 1e3;
		total += us;
		if (us > most)
			most = us;
		printf("%u\t%d\t%s\t%u\t%.0f\n", r.rating, r.solved, dlx_sudoku_technique_name(r.hardest), r.steps, us);
	}
	if (n)
		fprintf(stderr, "%lu puzzles: mean %.3f ms, max %.3f ms\n", n, total / (double)n / 1e3, most / 1e3);
	dlx_sudoku_glogic_free(g);
	dlx_sudoku_free(s);
	free(givens);
	free(line);
	return 0;
}
