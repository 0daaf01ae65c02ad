/*
 * sat-amo BOX AMO PAIRWISE_MAX [--plain] [--conflicts N] < PUZZLES: the SAT
 * engine's encoding choices measured (how dlx_search_sat()'s were picked,
 * BENCHMARKS.md).  Each line of PUZZLES is a puzzle of box size BOX (side
 * BOX², '.' blank, the alnum symbols of dlx-gen-sudoku), or the word
 * "empty" for the empty board.  Each is solved for its first solution by
 * dlx__search_sat_with() with "at most one" written as AMO (sequential,
 * product or pairwise) above PAIRWISE_MAX literals; --plain leaves out
 * CaDiCaL's configuration for satisfiable instances.  Prints one line per
 * puzzle: seconds, variables, clauses, and "ok" when the board found is a
 * valid sudoku that keeps the givens (checked here), then the process's
 * peak memory.  --time SEC stops each puzzle after SEC seconds of CPU.
 * Times are CPU seconds of the process (the machine may be shared).
 * Not installed.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "dlx-internal.h"
#include "dlx-sudoku.h"

static const char symbols[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$&";

struct found {
	unsigned side;
	uint8_t *board;
	int have;
};

static int keep(void *ctx, const size_t *options, size_t n)
{
	struct found *f = ctx;
	size_t side = f->side;
	for (size_t k = 0; k < n; k++)
		f->board[options[k] / side] = (uint8_t)(options[k] % side + 1);
	f->have = 1;
	return 0;
}

/* Every row, column and box holds each digit once, and the givens stand. */
static int valid(unsigned box, const uint8_t *givens, const uint8_t *b)
{
	unsigned side = box * box;
	for (unsigned u = 0; u < side; u++) {
		uint64_t seen[3][2] = { { 0 } };
		for (unsigned k = 0; k < side; k++) {
			unsigned cells[3] = { u * side + k, k * side + u,
				((u / box) * box + k / box) * side + (u % box) * box + k % box };
			for (int t = 0; t < 3; t++) {
				unsigned d = b[cells[t]];
				if (d < 1 || d > side || (seen[t][(d - 1) / 64] >> ((d - 1) % 64) & 1))
					return 0;
				seen[t][(d - 1) / 64] |= (uint64_t)1 << ((d - 1) % 64);
			}
		}
	}
	for (size_t c = 0; c < (size_t)side * side; c++)
		if (givens[c] && givens[c] != b[c])
			return 0;
	return 1;
}

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double deadline;

static int stop_at_deadline(void *ctx, const dlx_stats *st)
{
	(void)ctx, (void)st;
	return deadline > 0 && cpu_now() > deadline;
}

int main(int argc, char **argv)
{
	double limit = 0;
	if (argc < 4) {
		fprintf(stderr, "usage: sat-amo BOX sequential|product|pairwise PAIRWISE_MAX [--plain] [--conflicts N]\n");
		return 2;
	}
	unsigned box = (unsigned)atoi(argv[1]), side = box * box;
	struct dlx__sat_config cfg = dlx__sat_default;
	cfg.amo = strcmp(argv[2], "product") == 0 ? DLX__SAT_AMO_PRODUCT
		: strcmp(argv[2], "pairwise") == 0 ? DLX__SAT_AMO_PAIRWISE : DLX__SAT_AMO_SEQUENTIAL;
	cfg.pairwise_max = (size_t)atoi(argv[3]);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.solution_limit = 1;
	for (int a = 4; a < argc; a++) {
		if (strcmp(argv[a], "--plain") == 0)
			cfg.sat_options = false;
		else if (strcmp(argv[a], "--conflicts") == 0 && a + 1 < argc)
			sp.node_limit = strtoull(argv[++a], NULL, 10);
		else if (strcmp(argv[a], "--time") == 0 && a + 1 < argc)
			limit = atof(argv[++a]);
	}
	dlx_sudoku *s;
	if (dlx_sudoku_new(box, &s) != DLX_OK)
		return 3;
	size_t cells = (size_t)side * side;
	uint8_t *givens = calloc(cells, 1), *board = calloc(cells, 1);
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	struct found f = { side, board, 0 };
	sp.on_solution = keep;
	sp.solution_ctx = &f;
	int status = 0;
	while ((len = getline(&line, &cap, stdin)) > 0) {
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (strcmp(line, "empty") == 0) {
			memset(givens, 0, cells);
		} else if ((size_t)len == cells) {
			for (size_t c = 0; c < cells; c++) {
				const char *at = strchr(symbols, line[c]);
				givens[c] = line[c] == '.' || !at ? 0 : (uint8_t)(at - symbols + 1);
			}
		} else {
			continue;
		}
		dlx_problem *p;
		if (dlx_sudoku_load(s, givens, &p, NULL, NULL) != DLX_OK)
			return 3;
		double t0 = cpu_now();
		deadline = limit > 0 ? t0 + limit : 0;
		sp.on_poll = limit > 0 ? stop_at_deadline : NULL;
		dlx_stats st;
		dlx_sat_stats ss;
		f.have = 0;
		int rc = dlx__search_sat_with(p, &sp, &st, &ss, &cfg);
		double secs = cpu_now() - t0;
		dlx_sudoku_unload(s);
		const char *verdict = rc ? dlx_strerror(rc) : !f.have ? (st.stop == DLX_STOP_NODE_LIMIT ? "limit"
			: st.stop == DLX_STOP_POLL ? "timeout" : "none")
			: valid(box, givens, board) ? "ok" : "WRONG";
		if (rc || (f.have && strcmp(verdict, "ok") != 0))
			status = 1;
		printf("%.3f s  %llu vars  %llu clauses  %s\n", secs, (unsigned long long)ss.variables,
			(unsigned long long)ss.clauses, verdict);
		fflush(stdout);
	}
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	printf("peak %ld MB\n", ru.ru_maxrss / 1024);
	free(line);
	free(givens);
	free(board);
	dlx_sudoku_free(s);
	return status;
}
