/* Making one puzzle for --generate (dlx-sudoku-generate-one.h). */
#define _POSIX_C_SOURCE 200809L
#include "dlx-sudoku-generate-one.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "dlx-sudoku-draw.h"
#include "dlx-sudoku-generate.h"
#include "sudoku-extras.h"
#include "sudoku-write.h"

int check_generate(struct puzzle_options *o)
{
	unsigned rows = 0, cols = 0;
	char asked[48] = "";
	if (o->box.rows) {
		if (o->size && (o->size != o->box.rows || o->size != o->box.cols)) {
			fprintf(stderr, "dlx-sudoku: --size %u and --box %ux%u ask for different boards\n", o->size,
				o->box.rows, o->box.cols);
			return CLI_EXIT_USAGE;
		}
		rows = o->box.rows;
		cols = o->box.cols;
		snprintf(asked, sizeof asked, "--box %ux%u", rows, cols);
	} else if (o->size) {
		rows = cols = o->size;
		snprintf(asked, sizeof asked, "--size %u", o->size);
	}
	if (o->regions) {
		unsigned b = o->regions_side;
		if (rows && rows * cols != b) {
			unsigned a = rows * cols;
			fprintf(stderr, "dlx-sudoku: %s asks for %ux%u boards, but the region map %s is %ux%u\n", asked, a, a,
				o->regions_file, b, b);
			return CLI_EXIT_USAGE;
		}
		struct sudoku_box of_map;
		/* The map was read as a board of a side the reader knows, so it has boxes. */
		if (!rows && sudoku_box_of_side(b, &o->box, &of_map)) {
			rows = of_map.rows;
			cols = of_map.cols;
		}
	}
	if (o->parity) {
		unsigned b = o->extras_side;
		if (rows && rows * cols != b) {
			unsigned a = rows * cols;
			fprintf(stderr, "dlx-sudoku: %s asks for %ux%u boards, but the parity map %s is %ux%u\n", asked[0] ?
				asked : "--generate", a, a, o->parity_file, b, b);
			return CLI_EXIT_USAGE;
		}
		struct sudoku_box of_map;
		if (!rows && sudoku_box_of_side(b, &o->box, &of_map)) {
			rows = of_map.rows;
			cols = of_map.cols;
		}
	}
	if (!rows)
		rows = cols = 3;
	o->gen_rows = rows;
	o->gen_cols = cols;
	const unsigned side = rows * cols;
	/* The explainer's ladder knows the classic board only, as --rate says of its input. */
	if (o->rated && (rows != 3 || cols != 3 || o->flags || o->jigsaw || o->parity || o->killer)) {
		fprintf(stderr, "dlx-sudoku: --rating and --difficulty make classic 9x9 sudoku only\n");
		return CLI_EXIT_USAGE;
	}
	enum sudoku_layout l = o->have_output ? o->output : SUDOKU_LAYOUT_LINE;
	enum sudoku_alphabet a = o->alphabet != SUDOKU_ALPHA_AUTO ? o->alphabet : SUDOKU_ALPHA_ALNUM;
	if (!o->svg && sudoku_write_size(l, a, rows, cols) == 0) {
		fprintf(stderr, "dlx-sudoku: the alphabet has no symbols for %ux%u boards; use --output grid\n",
			side, side);
		return CLI_EXIT_USAGE;
	}
	size_t cells = (size_t)side * side;
	if (o->clues > cells) {
		fprintf(stderr, "dlx-sudoku: --clues %zu: %ux%u boards have only %zu cells\n", o->clues, side, side,
			cells);
		return CLI_EXIT_USAGE;
	}
	return 0;
}

/*
 * --generate's poll: the deadline and the signals.  Not cli_poll(): its
 * progress lines describe one search, and a puzzle is made of many.
 */
static int generate_poll(void *ctx, const dlx_stats *so_far)
{
	struct puzzle_worker *w = ctx;
	(void)so_far;
	if (cli_stop_signal || puzzle_worker_stopping(w))
		return 1;
	if (w->lim->deadline > 0 && cli_now() >= w->lim->deadline) {
		w->lim->timed_out = true;
		return 1;
	}
	return 0;
}

/*
 * What cut a generation short, for messages.  Interruptions have ended the
 * puzzle before this is asked; a request missed for another reason is
 * worded as one.
 */
static const char *stop_reason(const struct puzzle_worker *w, dlx_stop_reason stop)
{
	struct cli_stop s = cli_stop_classify(stop, w->lim);
	return s.why && !s.interrupted ? s.why : "interrupted";
}

/* The seq-th puzzle's generation parameters: the options' request, the worker's poll. */
static dlx_sudoku_gen_params gen_params(struct puzzle_worker *w, uint64_t seq)
{
	const struct puzzle_options *o = w->o;
	dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
	gp.seed = o->seed;
	gp.sequence = seq;
	gp.clues = o->clues;
	gp.symmetric = o->symmetry;
	gp.node_limit = o->cli.node_limit;
	gp.on_poll = generate_poll;
	gp.poll_ctx = w;
	gp.poll_interval = CLI_POLL_INTERVAL;
	return gp;
}

/*
 * --generate with --variant killer: one killer puzzle, written as a cage file
 * in SumoCue's line (the default) or, with --print-cages=map, as a map and
 * its sums followed by an empty line.
 */
static int generate_killer(struct puzzle_worker *w, dlx_sudoku *solver, uint64_t seq, struct tally *t)
{
	const struct puzzle_options *o = w->o;
	const size_t cells = dlx_sudoku_cells(solver);
	struct sudoku_cages *c = malloc(sizeof *c);
	if (!c) {
		warn(w, "dlx-sudoku: out of memory\n");
		return CLI_EXIT_FAILURE;
	}
	c->side = dlx_sudoku_side(solver);
	c->box.rows = o->gen_rows;
	c->box.cols = o->gen_cols;
	c->diagonals = (o->flags & DLX_SUDOKU_X) != 0;
	dlx_sudoku_gen_params gp = gen_params(w, seq);
	puzzle_worker_start_limits(w);
	dlx_sudoku_gen_result res;
	dlx_error_info err;
	int rc = dlx_sudoku_generate_killer(solver, &gp, c->cage, c->sum, &c->n_cages, NULL, &res, &err);
	t->puzzles++;
	t->nodes += res.nodes;
	int status = 0;
	struct cli_stop stop = cli_stop_classify(res.stop, w->lim);
	if (rc) {
		warn(w, "dlx-sudoku: puzzle %" PRIu64 ": %s\n", seq + 1, err.message[0] ? err.message : dlx_strerror(rc));
		status = rc == DLX_ERR_CONFLICT ? CLI_EXIT_NONE : CLI_EXIT_FAILURE;
	} else if (stop.interrupted) {
		if (!puzzle_worker_stopping(w))
			warn(w, "dlx-sudoku: puzzle %" PRIu64 ": interrupted\n", seq + 1);
		status = puzzle_worker_stopping(w) ? CLI_EXIT_FAILURE : stop.status;
	} else if (res.clues == 0) {
		warn(w, "dlx-sudoku: puzzle %" PRIu64 ": no %ux%u board found (%s)\n", seq + 1, c->side, c->side,
			stop_reason(w, res.stop));
		t->stopped++;
	} else {
		t->solved++;
		t->clues += res.clues;
		char *text = NULL;
		size_t len = 0;
		FILE *out = open_memstream(&text, &len);
		rc = !out ? DLX_ERR_NOMEM : o->print_cages == PRINT_CAGES_MAP ? sudoku_write_cages_map(out, c)
			: sudoku_write_cages_line(out, c, c->box, c->diagonals);
		if (out && rc == 0 && o->print_cages == PRINT_CAGES_MAP)
			fputc('\n', out);
		if (out)
			fclose(out);
		if (rc == DLX_ERR_INVALID) {
			warn(w, "dlx-sudoku: puzzle %" PRIu64 ": %u cages do not fit SumoCue's line; use --print-cages=map\n",
				seq + 1, c->n_cages);
			status = CLI_EXIT_USAGE;
		} else if (rc) {
			warn(w, "dlx-sudoku: out of memory\n");
			status = CLI_EXIT_FAILURE;
		} else if (!o->quiet && o->svg) {
			/* A killer puzzle has no givens: its cages on the empty board. */
			uint8_t *empty = calloc(cells, 1);
			dlx_sudoku_extras ex = DLX_SUDOKU_EXTRAS_INIT;
			ex.cages = c->cage;
			ex.sums = c->sum;
			ex.n_cages = c->n_cages;
			if (!empty || !emit_board_svg(w, seq, o->gen_rows, o->gen_cols, o->regions, empty, NULL, NULL, &ex)) {
				warn(w, "dlx-sudoku: out of memory\n");
				status = CLI_EXIT_FAILURE;
			}
			free(empty);
		} else if (!o->quiet) {
			emit(w, text, len);
		}
		free(text);
	}
	free(c);
	if (!status && w->direct && ferror(stdout))
		status = CLI_EXIT_FAILURE;
	return status;
}

int generate_one(struct puzzle_worker *w, uint64_t seq, struct tally *t)
{
	const struct puzzle_options *o = w->o;
	const unsigned side = o->gen_rows * o->gen_cols;
	dlx_sudoku *solver;
	int status = puzzle_worker_solver(w, o->gen_rows, o->gen_cols, o->regions, 0, &solver);
	if (status)
		return status;
	if (o->killer)
		return generate_killer(w, solver, seq, t);
	w->layout = o->have_output ? o->output : SUDOKU_LAYOUT_LINE;
	w->alphabet = o->alphabet != SUDOKU_ALPHA_AUTO ? o->alphabet : SUDOKU_ALPHA_ALNUM;
	dlx_sudoku_gen_params gp = gen_params(w, seq);
	puzzle_worker_start_limits(w);
	dlx_sudoku_gen_result res;
	dlx_sudoku_rated_result rated = { 0 };
	dlx_error_info err;
	/* The time limit and the poll cover all of a rated puzzle's candidates: start_limits is per puzzle. */
	int rc = o->rated ? dlx_sudoku_generate_rated(solver, &gp, &o->rating, o->tries, w->solution, NULL, &res, &rated,
		&err) : dlx_sudoku_generate(solver, &gp, w->solution, NULL, &res, &err);
	t->puzzles++;
	t->nodes += res.nodes;
	t->candidates += rated.candidates;
	t->rejected += rated.rejected;
	if (rc) {
		warn(w, "dlx-sudoku: puzzle %" PRIu64 ": %s\n", seq + 1, err.message[0] ? err.message : dlx_strerror(rc));
		/* A shape without any full board would fail every puzzle alike. */
		return rc == DLX_ERR_CONFLICT ? CLI_EXIT_NONE : CLI_EXIT_FAILURE;
	}
	struct cli_stop stop = cli_stop_classify(res.stop, w->lim);
	if (stop.interrupted) {
		if (puzzle_worker_stopping(w))
			return CLI_EXIT_FAILURE; /* the run is over; nobody reads this answer */
		warn(w, "dlx-sudoku: puzzle %" PRIu64 ": interrupted\n", seq + 1);
		return stop.status;
	}
	if (res.clues == 0 && o->rated && res.stop != DLX_STOP_NODE_LIMIT) {
		uint64_t tries = o->tries ? o->tries : DLX_SUDOKU_GEN_RATED_TRIES;
		char why[48];
		if (res.stop == DLX_STOP_COMPLETE)
			snprintf(why, sizeof why, "--tries %" PRIu64, tries);
		warn(w, "dlx-sudoku: puzzle %" PRIu64 ": none of %" PRIu64 " candidates rated %s (%s)\n", seq + 1,
			rated.candidates, o->rating_text, res.stop == DLX_STOP_COMPLETE ? why : stop_reason(w, res.stop));
		t->stopped++;
		return 0;
	}
	if (res.clues == 0) {
		warn(w, "dlx-sudoku: puzzle %" PRIu64 ": no %ux%u board found (%s)\n", seq + 1, side, side,
			stop_reason(w, res.stop));
		t->stopped++;
		return 0;
	}
	t->clues += res.clues;
	/*
	 * --clues K is met at K, or up to an orbit's size minus one above it (K+1
	 * for a pair, K+3 for a quarter turn's four cells); further above it only
	 * by a minimal puzzle.
	 */
	unsigned slack = o->symmetry == DLX_SUDOKU_SYM_NONE ? 0
		: o->symmetry == DLX_SUDOKU_SYM_ROTATE90 || o->symmetry == DLX_SUDOKU_SYM_RANDOM ? 3 : 1;
	bool met = res.minimal || (o->clues && res.clues <= o->clues + slack);
	if (met) {
		t->solved++;
	} else {
		t->stopped++;
		warn(w, "dlx-sudoku: puzzle %" PRIu64 ": %zu clues, %s (%s)\n", seq + 1, res.clues,
			o->clues ? "more than asked" : "not shown minimal", stop_reason(w, res.stop));
	}
	if (!o->quiet && o->svg) {
		emit_board_svg(w, seq, o->gen_rows, o->gen_cols, o->regions, w->solution, NULL, NULL, NULL);
	} else if (!o->quiet) {
		if (grid_layout(w->layout) && seq > 0)
			emit(w, "\n", 1);
		emit(w, w->text, sudoku_write(w->text, w->layout, w->alphabet, o->gen_rows, o->gen_cols, w->solution));
	}
	if (w->direct && ferror(puzzle_out))
		return CLI_EXIT_FAILURE;
	return 0;
}
